// "No access": for a member or a contributor whose role holds no owner permission (the whole admin),
// and, inside the admin, for a screen the signed-in role may not open.
import { useState } from "react";
import { adminMessages } from "../../server/domain/messages/admin.ts";
import { Link } from "../shared/router/Router.tsx";

/** The whole admin is closed to this account: say so, and offer another sign-in or the shop. */
export function NoAccessPage({ message, onSignOut }: { message: string; onSignOut: () => Promise<void> }) {
  const [pending, setPending] = useState(false);
  return (
    <main className="admin-sign-in no-access" id="admin-main">
      <h1>{adminMessages.noAccessHeading}</h1>
      <p>{message}</p>
      <p className="actions">
        <button
          type="button"
          className="button primary"
          disabled={pending}
          onClick={() => {
            setPending(true);
            onSignOut().finally(() => setPending(false));
          }}
        >
          {adminMessages.signInAsSomeoneElse}
        </button>
        <a className="button" href="/">
          {adminMessages.backToShop}
        </a>
      </p>
    </main>
  );
}

/** A screen of the admin that the signed-in role may not open. */
export default function NoAccessScreen() {
  return (
    <section className="admin-page no-access">
      <h1>{adminMessages.noAccessHeading}</h1>
      <p>{adminMessages.noAccessRole}</p>
      <p>
        <Link href="/config">{adminMessages.backToHome}</Link>
      </p>
    </section>
  );
}
