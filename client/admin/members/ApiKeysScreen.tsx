// The API keys panel (issue 10 item 6; platform-support §2's events: create, delete, confirm delete,
// learn more, terms of use, and the creation modal's copy, next, cancel, complete). The list shows
// each key's name, permissions, dates and when it was last used; a key's secret is shown only once,
// in the creation modal. Deleting goes through the confirm dialog and refuses the key at once.
import { startTransition, useRef, useState } from "react";
import { graphql, usePreloadedQuery, useRefetchableFragment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { ApiKeysScreenQuery as Query } from "../../__generated__/ApiKeysScreenQuery.graphql.ts";
import type { ApiKeysScreen_keys$key } from "../../__generated__/ApiKeysScreen_keys.graphql.ts";
import type { ApiKeysScreenRevokeMutation } from "../../__generated__/ApiKeysScreenRevokeMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { ApiKeyCreateDialog } from "./ApiKeyCreateDialog.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import "../../shared/ui/admin-integrations.css";

const date = (iso: string) => new Date(iso).toLocaleDateString();
const dateTime = (iso: string) => new Date(iso).toLocaleString();

const CURL = `curl https://YOUR-STORE/graphql \\
  -H "Authorization: Bearer sck_…" \\
  -H "Content-Type: application/json" \\
  -d '{"query":"{ ownerProducts(first: 5) { edges { node { name variants { sku qtyInStock } } } } }"}'`;

export default function ApiKeysScreen({ queryRef }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query ApiKeysScreenQuery {
        ...ApiKeysScreen_keys
      }
    `,
    queryRef,
  );
  return <ApiKeysPanel query={data} />;
}

function ApiKeysPanel({ query }: { query: ApiKeysScreen_keys$key }) {
  const [data, refetch] = useRefetchableFragment(
    graphql`
      fragment ApiKeysScreen_keys on Query @refetchable(queryName: "ApiKeysScreenRefetchQuery") {
        apiKeys {
          id
          name
          prefix
          scopes
          createdAt
          expiresAt
          lastUsedAt
        }
        apiKeyGrantableScopes
      }
    `,
    query,
  );
  const [revoke, revoking] = useInputMutation<ApiKeysScreenRevokeMutation>(graphql`
    mutation ApiKeysScreenRevokeMutation($input: RevokeApiKeyInput!) {
      revokeApiKey(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);
  const canManage = useCan("apiKeys.manage");
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const reload = () =>
    startTransition(() => {
      refetch({}, { fetchPolicy: "network-only" });
    });

  async function remove(key: { id: string; name: string }) {
    const yes = await confirm({
      title: adminMessages.apiKeysDeleteTitle,
      body: adminMessages.apiKeysDeleteBody(key.name),
      confirmLabel: adminMessages.apiKeysDeleteConfirm,
      danger: true,
    });
    if (!yes) return;
    revoke({
      variables: { id: key.id },
      onCompleted: ({ revokeApiKey: result }) => {
        if (result.__typename === "RevokeApiKeySuccess") {
          setNotice({ error: false, text: adminMessages.apiKeysDeleted });
          reload();
        } else setNotice({ error: true, text: errorMessage(result as { message?: string }) });
        createButton.current?.focus();
      },
      onError: (error) => setNotice({ error: true, text: describeFailure(error) }),
    });
  }

  const now = Date.now();
  return (
    <section className="admin-page">
      <header>
        <h1>{adminMessages.apiKeysHeading}</h1>
        {canManage ? (
          <button type="button" ref={createButton} className="button primary" onClick={() => setCreating(true)}>
            {adminMessages.apiKeysCreate}
          </button>
        ) : null}
      </header>
      <p>{adminMessages.apiKeysIntro}</p>
      <details className="api-help" id="learn-more">
        <summary>{adminMessages.apiKeysLearnMore}</summary>
        <pre>
          <code>{CURL}</code>
        </pre>
      </details>
      {notice ? (
        <p className={`notice${notice.error ? " error" : " success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {data.apiKeys.length === 0 ? (
        <p className="empty-state">{adminMessages.apiKeysEmpty}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{adminMessages.apiKeysName}</th>
              <th scope="col">{adminMessages.apiKeysScopes}</th>
              <th scope="col">{adminMessages.apiKeysCreated}</th>
              <th scope="col">{adminMessages.apiKeysExpires}</th>
              <th scope="col">{adminMessages.apiKeysLastUsed}</th>
              <th scope="col">{adminMessages.apiKeysActions}</th>
            </tr>
          </thead>
          <tbody>
            {data.apiKeys.map((key) => {
              const expired = key.expiresAt !== null && new Date(key.expiresAt).getTime() <= now;
              return (
                <tr key={key.id}>
                  <td data-label={adminMessages.apiKeysName}>
                    <strong>{key.name}</strong>
                    <br />
                    <code>{key.prefix}…</code>
                  </td>
                  <td data-label={adminMessages.apiKeysScopes}>
                    <ul className="api-key-scopes">
                      {key.scopes.map((scope) => (
                        <li key={scope}>
                          <code>{scope}</code>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label={adminMessages.apiKeysCreated}>{date(key.createdAt)}</td>
                  <td data-label={adminMessages.apiKeysExpires}>
                    {key.expiresAt ? date(key.expiresAt) : adminMessages.apiKeysNoExpiry}
                    {expired ? <span className="badge warn">{adminMessages.apiKeysExpired}</span> : null}
                  </td>
                  <td data-label={adminMessages.apiKeysLastUsed}>{key.lastUsedAt ? dateTime(key.lastUsedAt) : adminMessages.apiKeysNever}</td>
                  <td data-label={adminMessages.apiKeysActions}>
                    {canManage ? (
                      <button
                        type="button"
                        className="button danger"
                        disabled={revoking}
                        aria-label={adminMessages.apiKeysDeleteLabel(key.name)}
                        onClick={() => remove(key)}
                      >
                        {adminMessages.apiKeysDelete}
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <section className="integrations-section" aria-labelledby="api-terms">
        <h2 id="api-terms">{adminMessages.apiKeysTermsHeading}</h2>
        <p>{adminMessages.apiKeysTerms}</p>
      </section>
      {creating ? (
        <ApiKeyCreateDialog
          grantable={data.apiKeyGrantableScopes}
          onClose={(created) => {
            setCreating(false);
            if (created) {
              setNotice({ error: false, text: adminMessages.apiKeysCreatedNotice(created) });
              reload();
            }
          }}
        />
      ) : null}
    </section>
  );
}
