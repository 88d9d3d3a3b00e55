// Member sign-up (the access-denied page's join button leads here): email and password, checked here
// with the server's own rules (domain/members/accounts.ts) and again by the server, which stores the
// password hashed and signs the new member in; then back to the page they came from.
import { useRef, useState, type FormEvent } from "react";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { memberMessages } from "../../../server/domain/messages/members.ts";
import { checkNewPassword, normalizeMemberEmail } from "../../../server/domain/members/accounts.ts";
import { safeReturnTo } from "../../../server/domain/members/member-areas.ts";
import { MemberEmailField, MemberPasswordField, MemberSubmit } from "./MemberField.tsx";
import { useSignUpMutation } from "./MemberMutations.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { storefrontSession } from "../../shared/relay/storefront-session.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { FormProblem } from "../../shared/ui/FormProblem.tsx";

export default function SignUpScreen({ match }: ScreenProps) {
  const returnTo = safeReturnTo(match.search.get("returnTo"));
  const [commit, pending] = useSignUpMutation();
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    const found = {
      email: normalizeMemberEmail(values.email) ? undefined : messages.emailAddressInvalid,
      password: checkNewPassword(values.password) ?? undefined,
    };
    setErrors(found);
    setFailure(null);
    if (found.email) return email.current?.focus();
    if (found.password) return password.current?.focus();
    commit({
      variables: values,
      onCompleted: ({ signUp }) => {
        if (signUp.__typename === "SignUpSuccess") {
          storefrontSession.keepXsrfToken(signUp.xsrfToken ?? null);
          return window.location.assign(returnTo);
        }
        setFailure(errorMessage(signUp as { message?: string }));
        email.current?.focus();
      },
      onError: (error) => setFailure(describeFailure(error)),
    });
  }

  return (
    <section className="member-page" aria-labelledby="sign-up-title">
      <h1 id="sign-up-title">{messages.signUpPageTitle}</h1>
      <form className="member-form" onSubmit={submit} noValidate>
        <FormProblem text={failure} />
        <MemberEmailField inputRef={email} id="sign-up-email" error={errors.email} />
        <MemberPasswordField inputRef={password} id="sign-up-password" autoComplete="new-password" error={errors.password} />
        <MemberSubmit pending={pending}>{pending ? memberMessages.signingUp : messages.signUp}</MemberSubmit>
      </form>
      <p>
        {memberMessages.haveAccount} <Link href={`/account/sign-in?returnTo=${encodeURIComponent(returnTo)}`}>{messages.signIn}</Link>
      </p>
    </section>
  );
}
