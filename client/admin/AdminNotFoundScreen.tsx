// An admin address that names no screen.
import { messages } from "../../server/domain/messages/storefront.ts";
import { adminMessages } from "../../server/domain/messages/admin.ts";
import { Link } from "../shared/router/Router.tsx";

export default function AdminNotFoundScreen() {
  return (
    <section className="admin-page">
      <h1>{messages.notFoundPageTitle}</h1>
      <p>{adminMessages.pageNotFound}</p>
      <p>
        <Link href="/config">{adminMessages.backToHome}</Link>
      </p>
    </section>
  );
}
