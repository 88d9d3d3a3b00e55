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

export default function CartScreen({ queryRef }: ScreenProps<CartScreenQuery>) {
  const data = usePreloadedQuery<CartScreenQuery>(cartScreenQuery, queryRef);
  if (!data.cart) {
    return <EmptyCart title={messages.cartPageTitle} />;
  }
  return <CartPage cart={data.cart} />;
}
