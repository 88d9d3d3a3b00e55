// Sign-in on the storefront with the spec's login payload (email, password, rememberMe); the answer's
// xsrf token goes on every later call (client/shared/relay/session.ts). A full page load follows, so the
// Relay store, the pill cart (the account's cart comes back) and the header start afresh.
import { messages } from "../../../server/domain/messages/storefront.ts";
import { memberMessages } from "../../../server/domain/messages/members.ts";
import { safeReturnTo } from "../../../server/domain/members/member-areas.ts";
import { MemberEmailField, MemberPasswordField, MemberSubmit } from "./MemberField.tsx";
import { storefrontSession } from "../../shared/relay/storefront-session.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { useSignInForm } from "../../shared/ui/sign-in-form.ts";

export default function SignInScreen({ match }: ScreenProps) {
  const returnTo = safeReturnTo(match.search.get("returnTo"));
  const { pending, failure, email, submit } = useSignInForm(storefrontSession.signIn, () => window.location.assign(returnTo));

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
        <MemberEmailField inputRef={email} id="sign-in-email" autoComplete="username" autoFocus />
        <MemberPasswordField id="sign-in-password" autoComplete="current-password" />
        <div className="choice">
          <input id="sign-in-remember" name="rememberMe" type="checkbox" />
          <label htmlFor="sign-in-remember">{memberMessages.rememberMeLabel}</label>
        </div>
        <MemberSubmit pending={pending}>{pending ? memberMessages.signingIn : messages.signIn}</MemberSubmit>
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
