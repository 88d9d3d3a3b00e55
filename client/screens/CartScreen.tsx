import { graphql, usePreloadedQuery } from "react-relay";
import { messages } from "../../server/domain/messages.ts";
import type { CartScreenQuery } from "../__generated__/CartScreenQuery.graphql";
import { CartPage } from "../components/CartPage.tsx";
import { Link, type ScreenProps } from "../router/Router.tsx";

export const cartScreenQuery = graphql`
  query CartScreenQuery {
    cart {
      ...CartPage_cart
    }
  }
`;

export default function CartScreen({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<CartScreenQuery>(cartScreenQuery, queryRef as never);
  if (!data.cart) {
    return (
      <section className="cart-empty">
        <h1>Cart</h1>
        <p>{messages.cartEmpty}</p>
        <Link href="/">Continue shopping</Link>
      </section>
    );
  }
  return <CartPage cart={data.cart} />;
}
