// Asks for a link to set a new password. The answer is the same whether or not the address has an
// account (the server emails only an account), so the screen says the same too.
import { useRef, useState, type FormEvent } from "react";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { memberMessages } from "../../../server/domain/messages/members.ts";
import { normalizeMemberEmail } from "../../../server/domain/members/accounts.ts";
import { MemberEmailField, MemberSubmit } from "./MemberField.tsx";
import { useRequestPasswordResetMutation } from "./MemberMutations.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { FormProblem } from "../../shared/ui/FormProblem.tsx";

export default function ForgotPasswordScreen() {
  const [commit, pending] = useRequestPasswordResetMutation();
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const email = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLParagraphElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("email") ?? "");
    setFailure(null);
    if (!normalizeMemberEmail(value)) {
      setError(messages.emailAddressInvalid);
      return email.current?.focus();
    }
    setError(null);
    commit({
      variables: { email: value },
      onCompleted: ({ requestPasswordReset: result }) => {
        if (result.__typename === "RequestPasswordResetSuccess") {
          setSent(true);
          requestAnimationFrame(() => done.current?.focus());
          return;
        }
        setFailure(errorMessage(result as { message?: string }));
      },
      onError: (problem) => setFailure(describeFailure(problem)),
    });
  }

  return (
    <section className="member-page" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{messages.forgotPasswordPageTitle}</h1>
      {sent ? (
        <p ref={done} tabIndex={-1} className="member-notice" role="status">
          {memberMessages.passwordResetRequested}
        </p>
      ) : (
        <>
          <p>{memberMessages.forgotPasswordLead}</p>
          <form className="member-form" onSubmit={submit} noValidate>
            <FormProblem text={failure} />
            <MemberEmailField inputRef={email} id="forgot-email" error={error} />
            <MemberSubmit pending={pending}>{memberMessages.sendResetLink}</MemberSubmit>
          </form>
        </>
      )}
    </section>
  );
}
