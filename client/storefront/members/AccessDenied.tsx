// The members-only page a visitor who is not signed in sees (page type 106): a join button leading to
// sign-up, and sign-in. Loaded only on such pages (client/storefront/PageExtras.tsx).
import { messages } from "../../../server/domain/messages/storefront.ts";
import { joinHref, signInHref } from "../../../server/domain/members/member-areas.ts";
import { Link } from "../../shared/router/Router.tsx";

export function AccessDenied({ path }: { path: string }) {
  return (
    <section className="access-denied" aria-labelledby="access-denied-title">
      <h1 id="access-denied-title">{messages.accessDeniedPageTitle}</h1>
      <p>{messages.accessDeniedLead}</p>
      <p className="access-denied-actions">
        <Link className="button" href={joinHref(path)}>
          {messages.join}
        </Link>
        <Link href={signInHref(path)}>{messages.signIn}</Link>
      </p>
    </section>
  );
}
