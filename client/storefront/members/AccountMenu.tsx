// The header's account controls: "Sign in" for visitors; "Account" and "Sign out" for signed-in
// members. Signing out sends DELETE /api/site-users/account/session (cloneCart when asked) with the
// spec's one crumbFail retry, forgets the token, then reloads the page as a visitor sees it.
import { useId, useState } from "react";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { isSignedIn, storefrontSession } from "../../shared/relay/storefront-session.ts";
import { Link, useRouter } from "../../shared/router/Router.tsx";

const reload = () => window.location.reload();

export function SignOutButton({ onSignedOut = reload, withCartChoice = false }: { onSignedOut?: () => void; withCartChoice?: boolean }) {
  const [pending, setPending] = useState(false);
  const [cloneCart, setCloneCart] = useState(false);
  const id = useId();
  async function signOut() {
    setPending(true);
    try {
      await storefrontSession.signOut({ cloneCart });
    } finally {
      onSignedOut();
    }
  }
  return (
    <span className="sign-out">
      {withCartChoice ? (
        <span className="choice">
          <input id={`${id}-clone`} type="checkbox" checked={cloneCart} onChange={(event) => setCloneCart(event.target.checked)} />
          <label htmlFor={`${id}-clone`}>{messages.keepCartOnSignOut}</label>
        </span>
      ) : null}
      <button type="button" className="link-button" onClick={() => void signOut()} disabled={pending} aria-busy={pending}>
        {pending ? messages.signingOut : messages.signOut}
      </button>
    </span>
  );
}

export function AccountMenu({ signedIn = isSignedIn() }: { signedIn?: boolean }) {
  const { location } = useRouter();
  if (!signedIn) {
    const path = location.split("?")[0];
    const returnTo = path.startsWith("/account") ? "/account" : location;
    return (
      <div className="account-menu">
        <Link href={`/account/sign-in?returnTo=${encodeURIComponent(returnTo)}`}>{messages.signIn}</Link>
      </div>
    );
  }
  return (
    <div className="account-menu" role="group" aria-label={messages.accountMenu}>
      <Link href="/account">{messages.account}</Link>
      <SignOutButton />
    </div>
  );
}
