// Sign-in to the admin with the spec's login payload (email, password, rememberMe).
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { signIn } from "../../shared/admin/session.ts";
import { useSignInForm } from "../../shared/ui/sign-in-form.ts";

export function SignInScreen({ onSignedIn }: { onSignedIn: () => void }) {
  const { pending, failure, email, submit } = useSignInForm(signIn, onSignedIn);

  return (
    <main className="admin-sign-in" id="admin-main">
      <h1>{adminMessages.title}</h1>
      <form className="card sign-in-form" onSubmit={submit} noValidate={false} aria-describedby={failure ? "sign-in-failure" : undefined}>
        <h2>{adminMessages.signInHeading}</h2>
        {failure ? (
          <p id="sign-in-failure" className="notice error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="sign-in-email">{adminMessages.emailLabel}</label>
          <input ref={email} id="sign-in-email" name="email" type="email" autoComplete="username" required autoFocus />
        </div>
        <div className="field">
          <label htmlFor="sign-in-password">{adminMessages.passwordLabel}</label>
          <input id="sign-in-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <div className="field checkbox">
          <input id="sign-in-remember" name="rememberMe" type="checkbox" />
          <label htmlFor="sign-in-remember">{adminMessages.rememberMe}</label>
        </div>
        <button type="submit" className="button primary" disabled={pending} aria-busy={pending}>
          {pending ? adminMessages.signingIn : adminMessages.signIn}
        </button>
      </form>
      <p>
        <a href="/">{adminMessages.backToShop}</a>
      </p>
    </main>
  );
}
