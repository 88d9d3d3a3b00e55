import { graphql, usePreloadedQuery } from "react-relay";
import { EmptyCart } from "../../shared/ui/EmptyCart.tsx";
import type { CartScreenQuery } from "../../__generated__/CartScreenQuery.graphql";
import { CartPage } from "./CartPage.tsx";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { messages } from "../../../server/domain/messages/storefront.ts";

export const cartScreenQuery = graphql`
  query CartScreenQuery {
    cart {
      ...CartPage_cart
    }
  }
`;

export default function CartScreen({ queryRef, match }: ScreenProps<CartScreenQuery>) {
  const data = usePreloadedQuery<CartScreenQuery>(cartScreenQuery, queryRef);
  // A reminder's link (/cart/recover/…) lands here naming what the stock no longer allowed.
  const unavailable = match.search.get("unavailable");
  const notice = unavailable ? (
    <p className="notice" role="status">
      {messages.cartRecoveryUnavailable(unavailable)}
    </p>
  ) : null;
  if (!data.cart) {
    return (
      <>
        {notice}
        <EmptyCart title={messages.cartPageTitle} />
      </>
    );
  }
  return (
    <>
      {notice}
      <CartPage cart={data.cart} />
    </>
  );
}
