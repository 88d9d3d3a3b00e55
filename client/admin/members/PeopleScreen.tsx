// /config/people: the contributors with their roles (an admin invites by email, changes a role,
// removes one; never the last admin), pending invitations, the permission matrix each role holds
// (server/domain/members/permissions.ts, the rules the server enforces), and the site members.
import { startTransition, useRef, useState, type FormEvent } from "react";
import { fetchQuery, graphql, usePaginationFragment, usePreloadedQuery, useRelayEnvironment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { ASSIGNABLE_ROLES } from "../../../server/domain/members/people.ts";
import { PERMISSION_MATRIX, PERMISSIONS, ROLE_NAMES, type RoleNumber } from "../../../server/domain/members/permissions.ts";
import type { PeopleScreenChangeRoleMutation } from "../../__generated__/PeopleScreenChangeRoleMutation.graphql.ts";
import type { PeopleScreenInviteMutation } from "../../__generated__/PeopleScreenInviteMutation.graphql.ts";
import type { PeopleScreenQuery as Query } from "../../__generated__/PeopleScreenQuery.graphql.ts";
import type { PeopleScreenRemoveMutation } from "../../__generated__/PeopleScreenRemoveMutation.graphql.ts";
import type { PeopleScreenRevokeMutation } from "../../__generated__/PeopleScreenRevokeMutation.graphql.ts";
import type { PeopleScreen_members$key } from "../../__generated__/PeopleScreen_members.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { Pager } from "../../shared/ui/Pager.tsx";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import "../../shared/ui/admin-forms.css";

const text = adminMessages.people;
const roleName = (role: number) => ROLE_NAMES[role as RoleNumber] ?? String(role);
/** The roles the matrix shows: those holding some permission of this server. */
const MATRIX_ROLES = ASSIGNABLE_ROLES.filter((role) => PERMISSIONS.some((permission) => (PERMISSION_MATRIX[permission] as readonly number[]).includes(role)));

export const peopleScreenQuery = graphql`
  query PeopleScreenQuery {
    contributors {
      accountId
      email
      displayName
      role
      isViewer
    }
    contributorInvitations {
      invitationId
      email
      role
      expiresAt
    }
    ...PeopleScreen_members
  }
`;

type Notice = { error: boolean; text: string } | null;

export default function PeopleScreen({ queryRef }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(peopleScreenQuery, queryRef);
  const environment = useRelayEnvironment();
  const canManage = useCan("people.manage");
  const confirm = useConfirm();
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const show = (next: Notice) => {
    setNotice(next);
    queueMicrotask(() => noticeRef.current?.focus());
  };
  const reload = () => startTransition(() => void fetchQuery(environment, peopleScreenQuery, {}, { fetchPolicy: "network-only" }).toPromise());
  const failed = (error: unknown) => show({ error: true, text: describeFailure(error) });

  const [changeRole] = useInputMutation<PeopleScreenChangeRoleMutation>(graphql`
    mutation PeopleScreenChangeRoleMutation($input: ChangeContributorRoleInput!) {
      changeContributorRole(input: $input) {
        __typename
        ... on ChangeContributorRoleSuccess {
          contributor {
            accountId
            role
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [remove] = useInputMutation<PeopleScreenRemoveMutation>(graphql`
    mutation PeopleScreenRemoveMutation($input: RemoveContributorInput!) {
      removeContributor(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);
  const [revoke] = useInputMutation<PeopleScreenRevokeMutation>(graphql`
    mutation PeopleScreenRevokeMutation($input: RevokeContributorInvitationInput!) {
      revokeContributorInvitation(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);

  const onRole = (accountId: number, role: number) =>
    changeRole({
      variables: { accountId, role },
      onCompleted: ({ changeContributorRole: result }) => {
        show(
          result.__typename === "ChangeContributorRoleSuccess"
            ? { error: false, text: text.roleChanged }
            : { error: true, text: errorMessage(result as { message?: string }) },
        );
        reload();
      },
      onError: failed,
    });
  const onRemove = async (accountId: number, email: string) => {
    if (!(await confirm({ title: text.removeTitle(email), body: text.removeBody, confirmLabel: text.removeConfirm, danger: true }))) return;
    remove({
      variables: { accountId },
      onCompleted: ({ removeContributor: result }) => {
        show(
          result.__typename === "RemoveContributorSuccess"
            ? { error: false, text: text.removed }
            : { error: true, text: errorMessage(result as { message?: string }) },
        );
        reload();
      },
      onError: failed,
    });
  };
  const onRevoke = async (invitationId: string, email: string) => {
    if (!(await confirm({ title: text.revokeTitle(email), body: text.revokeBody, confirmLabel: text.revokeConfirm, danger: true }))) return;
    revoke({
      variables: { invitationId },
      onCompleted: ({ revokeContributorInvitation: result }) => {
        show(
          result.__typename === "RevokeContributorInvitationSuccess"
            ? { error: false, text: text.revoked }
            : { error: true, text: errorMessage(result as { message?: string }) },
        );
        reload();
      },
      onError: failed,
    });
  };

  return (
    <section className="admin-page people-page">
      <h1>{text.heading}</h1>
      <p>{text.intro}</p>
      {!canManage ? <p className="notice">{text.readOnly}</p> : null}
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      <h2>{text.contributors}</h2>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{text.email}</th>
            <th scope="col">{text.role}</th>
            <th scope="col">{text.status}</th>
            {canManage ? <th scope="col">{adminMessages.site.actionsColumn}</th> : null}
          </tr>
        </thead>
        <tbody>
          {data.contributors.map((person) => (
            <tr key={person.accountId}>
              <td data-label={text.email}>
                {person.email} {person.isViewer ? text.you : null}
                {person.displayName ? <p className="field-hint">{person.displayName}</p> : null}
              </td>
              <td data-label={text.role}>
                {canManage ? (
                  <select
                    className="role-select"
                    aria-label={text.roleOf(person.email)}
                    value={person.role}
                    onChange={(event) => onRole(person.accountId, Number(event.target.value))}
                  >
                    {ASSIGNABLE_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {roleName(role)}
                      </option>
                    ))}
                  </select>
                ) : (
                  roleName(person.role)
                )}
              </td>
              <td data-label={text.status}>
                <span className="badge ok">{text.active}</span>
              </td>
              {canManage ? (
                <td data-label={adminMessages.site.actionsColumn}>
                  <button type="button" className="button danger" onClick={() => onRemove(person.accountId, person.email)}>
                    {text.remove}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
          {data.contributorInvitations.map((invitation) => (
            <tr key={invitation.invitationId}>
              <td data-label={text.email}>{invitation.email}</td>
              <td data-label={text.role}>{roleName(invitation.role)}</td>
              <td data-label={text.status}>
                <span className="badge">{text.invited}</span>
                <p className="field-hint">{text.invitedUntil(formatDateTime(String(invitation.expiresAt)))}</p>
              </td>
              {canManage ? (
                <td data-label={adminMessages.site.actionsColumn}>
                  <button type="button" className="button" onClick={() => onRevoke(invitation.invitationId, invitation.email)}>
                    {text.revokeInvitation}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {canManage ? <InviteForm onInvited={(email) => (show({ error: false, text: text.inviteSent(email) }), reload())} /> : null}
      <h2>{text.permissions}</h2>
      <div className="matrix-wrap" tabIndex={0} role="region" aria-label={text.permissions}>
        <table className="matrix">
          <thead>
            <tr>
              <th scope="col">{text.permission}</th>
              {MATRIX_ROLES.map((role) => (
                <th key={role} scope="col">
                  {roleName(role)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PERMISSIONS.map((permission) => (
              <tr key={permission}>
                <th scope="row">{permission}</th>
                {MATRIX_ROLES.map((role) => {
                  const allowed = (PERMISSION_MATRIX[permission] as readonly number[]).includes(role);
                  return (
                    <td key={role}>
                      <span aria-hidden="true">{allowed ? "✓" : ""}</span>
                      <span className="visually-hidden">{allowed ? text.allowed : text.notAllowed}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{text.members}</h2>
      <Members members={data} />
    </section>
  );
}

function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<number>(4);
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [invite, inviting] = useInputMutation<PeopleScreenInviteMutation>(graphql`
    mutation PeopleScreenInviteMutation($input: InviteContributorInput!) {
      inviteContributor(input: $input) {
        __typename
        ... on InviteContributorSuccess {
          invitation {
            email
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite({
      variables: { email, role },
      onCompleted: ({ inviteContributor: result }) => {
        if (result.__typename === "InviteContributorSuccess") {
          setError(null);
          setEmail("");
          onInvited(result.invitation?.email ?? email);
        } else {
          setError(errorMessage(result as { message?: string }));
          emailRef.current?.focus();
        }
      },
      onError: (failure) => {
        setError(describeFailure(failure));
        emailRef.current?.focus();
      },
    });
  };
  return (
    <form className="card site-form" onSubmit={submit} noValidate aria-labelledby="invite-heading">
      <h3 id="invite-heading">{text.invite}</h3>
      <div className="field">
        <label htmlFor="invite-email">{text.inviteEmail}</label>
        <input
          id="invite-email"
          ref={emailRef}
          type="email"
          autoComplete="off"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "invite-email-error" : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error ? (
          <p id="invite-email-error" className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="invite-role">{text.inviteRole}</label>
        <select id="invite-role" value={role} onChange={(event) => setRole(Number(event.target.value))}>
          {ASSIGNABLE_ROLES.map((value) => (
            <option key={value} value={value}>
              {roleName(value)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button primary" disabled={inviting}>
        {inviting ? text.inviteSending : text.inviteSend}
      </button>
    </form>
  );
}

function Members({ members }: { members: PeopleScreen_members$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment PeopleScreen_members on Query
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" })
      @refetchable(queryName: "PeopleScreenMembersPaginationQuery") {
        siteMembers(first: $first, after: $after) @connection(key: "PeopleScreen_siteMembers") {
          edges {
            node {
              accountId
              email
              displayName
              createdAt
            }
          }
        }
      }
    `,
    members,
  );
  const rows = data.siteMembers.edges.map((edge) => edge.node);
  if (rows.length === 0) return <p className="empty-state">{text.membersEmpty}</p>;
  return (
    <>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{text.email}</th>
            <th scope="col">{text.name}</th>
            <th scope="col">{text.memberSince}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((member) => (
            <tr key={member.accountId}>
              <td data-label={text.email}>{member.email}</td>
              <td data-label={text.name}>{member.displayName}</td>
              <td data-label={text.memberSince}>{formatDateTime(String(member.createdAt))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={loadNext} />
    </>
  );
}
