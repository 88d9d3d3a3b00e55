import { messages } from "../../../server/domain/messages/storefront.ts";
import { Link } from "../router/Router.tsx";

/** 'You have nothing in your shopping cart.' (spec §8), with the way back to the shop. */
export function EmptyCart({ title }: { title: string }) {
  return (
    <section className="cart-empty">
      <h1>{title}</h1>
      <p>{messages.cartEmpty}</p>
      <Link href="/">{messages.continueShopping}</Link>
    </section>
  );
}
