import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { CartUpdatedSubscription } from "../../__generated__/CartUpdatedSubscription.graphql";

/** What a change to the cart refreshes: the header's summary and the cart page (an entry's mutations answer it too). */
export const cartUpdatedFragment = graphql`
  fragment CartUpdatedSubscription_cart on Cart {
    ...CartSummary_cart
    ...CartPage_cart
  }
`;

const subscription = graphql`
  subscription CartUpdatedSubscription {
    cartUpdated {
      id
      ...CartUpdatedSubscription_cart
    }
  }
`;

/** Keeps the visitor's cart current in the store after every change, from any tab or server. */
export function useCartUpdatedSubscription() {
  const config = useMemo<GraphQLSubscriptionConfig<CartUpdatedSubscription>>(() => ({ subscription, variables: {} }), []);
  useSubscription(config);
}

/** Keeps the visitor's cart current while mounted (AppShell mounts it once there is a cart). */
export function CartUpdates(): null {
  useCartUpdatedSubscription();
  return null;
}
