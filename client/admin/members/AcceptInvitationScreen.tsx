// /config/accept-invitation?token=…: the page an invitation email links to (issue 10 §5). Nobody is
// signed in yet: the invitee chooses a password (and a name); the account then has the invited role
// and signs in at /config like every contributor.
import { useRef, useState, type FormEvent } from "react";
import { graphql } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { MIN_PASSWORD_LENGTH } from "../../../server/domain/members/people.ts";
import type { AcceptInvitationScreenMutation } from "../../__generated__/AcceptInvitationScreenMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import "../../shared/ui/admin-forms.css";

const text = adminMessages.people;

export function AcceptInvitationScreen({ token }: { token: string | null }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [accept, accepting] = useInputMutation<AcceptInvitationScreenMutation>(graphql`
    mutation AcceptInvitationScreenMutation($input: AcceptContributorInvitationInput!) {
      acceptContributorInvitation(input: $input) {
        __typename
        ... on AcceptContributorInvitationSuccess {
          email
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    accept({
      variables: { token, password, displayName: name || null },
      onCompleted: ({ acceptContributorInvitation: result }) => {
        if (result.__typename === "AcceptContributorInvitationSuccess") setDone(result.email ?? "");
        else {
          setError(errorMessage(result as { message?: string }));
          passwordRef.current?.focus();
        }
      },
      onError: (failure) => {
        setError(describeFailure(failure));
        passwordRef.current?.focus();
      },
    });
  };
  return (
    <main className="accept-page" id="main">
      <h1>{text.acceptHeading}</h1>
      {!token ? (
        <p className="notice error" role="alert">
          {text.acceptNoToken}
        </p>
      ) : done !== null ? (
        <>
          <p className="notice success" role="status">
            {text.acceptDone(done)}
          </p>
          <a className="button primary" href="/config">
            {text.acceptSignIn}
          </a>
        </>
      ) : (
        <form className="card" onSubmit={submit} noValidate>
          <p>{text.acceptIntro}</p>
          <div className="field">
            <label htmlFor="accept-name">{text.acceptName}</label>
            <input id="accept-name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="accept-password">{text.acceptPassword}</label>
            <input
              id="accept-password"
              ref={passwordRef}
              type="password"
              autoComplete="new-password"
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={`accept-password-hint${error ? " accept-password-error" : ""}`}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p id="accept-password-hint" className="field-hint">
              {text.acceptPasswordHint(MIN_PASSWORD_LENGTH)}
            </p>
            {error ? (
              <p id="accept-password-error" className="field-error">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button primary" disabled={accepting}>
            {accepting ? text.acceptSubmitting : text.acceptSubmit}
          </button>
        </form>
      )}
    </main>
  );
}
