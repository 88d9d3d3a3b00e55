// Sign-in on the storefront with the spec's login payload (email, password, rememberMe); the answer's
// xsrf token goes on every later call (client/shared/relay/session.ts). A full page load follows, so the
// Relay store, the pill cart (the account's cart comes back) and the header start afresh.
import { useRef, useState, type FormEvent } from "react";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { memberMessages } from "../../../server/domain/messages/members.ts";
import { safeReturnTo } from "../../../server/domain/members/member-areas.ts";
import { MemberField } from "./MemberField.tsx";
import { describeFailure } from "../../shared/relay/errors.ts";
import { storefrontSession } from "../../shared/relay/storefront-session.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";

export default function SignInScreen({ match }: ScreenProps) {
  const returnTo = safeReturnTo(match.search.get("returnTo"));
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const email = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setFailure(null);
    try {
      const result = await storefrontSession.signIn({
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        rememberMe: form.get("rememberMe") === "on",
      });
      if (result.ok) return window.location.assign(returnTo);
      setFailure(result.message);
    } catch (error) {
      setFailure(describeFailure(error));
    }
    setPending(false);
    email.current?.focus();
  }

  const query = `?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <section className="member-page" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{messages.signInPageTitle}</h1>
      <form className="member-form" onSubmit={submit} aria-describedby={failure ? "sign-in-failure" : undefined}>
        {failure ? (
          <p id="sign-in-failure" className="form-problem" role="alert">
            {failure}
          </p>
        ) : null}
        <MemberField
          inputRef={email}
          id="sign-in-email"
          label={memberMessages.emailLabel}
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus
        />
        <MemberField id="sign-in-password" label={memberMessages.passwordLabel} name="password" type="password" autoComplete="current-password" required />
        <div className="choice">
          <input id="sign-in-remember" name="rememberMe" type="checkbox" />
          <label htmlFor="sign-in-remember">{memberMessages.rememberMeLabel}</label>
        </div>
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          {pending ? memberMessages.signingIn : messages.signIn}
        </button>
      </form>
      <p>
        <Link href="/account/forgot-password">{memberMessages.forgotPassword}</Link>
      </p>
      <p>
        {memberMessages.noAccountYet} <Link href={`/account/sign-up${query}`}>{memberMessages.createAccount}</Link>
      </p>
    </section>
  );
}
