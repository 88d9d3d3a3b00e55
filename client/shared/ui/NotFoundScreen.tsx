import { Link } from "../router/Router.tsx";
import { messages } from "../../../server/domain/messages/storefront.ts";

export function NotFound() {
  return (
    <section className="not-found">
      <h1>{messages.notFoundPageTitle}</h1>
      <p>
        {messages.pageNotFoundText} <Link href="/">{messages.backToShop}</Link>
      </p>
    </section>
  );
}

export default NotFound;
