// The emailed link's page: a new password for the token in the address (single-use, one hour).
import { useRef, useState, type FormEvent } from "react";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { memberMessages } from "../../../server/domain/messages/members.ts";
import { checkNewPassword } from "../../../server/domain/members/accounts.ts";
import { MemberPasswordField, MemberSubmit } from "./MemberField.tsx";
import { useResetPasswordMutation } from "./MemberMutations.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";

export default function ResetPasswordScreen({ match }: ScreenProps) {
  const token = match.search.get("token") ?? "";
  const [commit, pending] = useResetPasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const password = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("password") ?? "");
    setFailure(null);
    const problem = checkNewPassword(value);
    setError(problem);
    if (problem) return password.current?.focus();
    commit({
      variables: { token, password: value },
      onCompleted: ({ resetPassword: result }) => {
        if (result.__typename === "ResetPasswordSuccess") {
          setDone(true);
          requestAnimationFrame(() => doneRef.current?.focus());
          return;
        }
        setFailure(errorMessage(result as { message?: string }));
      },
      onError: (problem) => setFailure(describeFailure(problem)),
    });
  }

  if (done) {
    return (
      <section className="member-page" aria-labelledby="reset-title">
        <h1 id="reset-title">{messages.resetPasswordPageTitle}</h1>
        <p ref={doneRef} tabIndex={-1} className="member-notice" role="status">
          {memberMessages.passwordResetDone}
        </p>
        <Link className="button" href="/account/sign-in">
          {messages.signIn}
        </Link>
      </section>
    );
  }
  return (
    <section className="member-page" aria-labelledby="reset-title">
      <h1 id="reset-title">{messages.resetPasswordPageTitle}</h1>
      <form className="member-form" onSubmit={submit} noValidate>
        {failure ? (
          <p className="form-problem" role="alert">
            {failure} <Link href="/account/forgot-password">{memberMessages.forgotPassword}</Link>
          </p>
        ) : null}
        <MemberPasswordField inputRef={password} id="reset-password" label={memberMessages.newPasswordLabel} autoComplete="new-password" error={error} />
        <MemberSubmit pending={pending}>{memberMessages.setNewPassword}</MemberSubmit>
      </form>
    </section>
  );
}
