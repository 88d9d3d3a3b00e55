import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { CartUpdatedSubscription } from "../../__generated__/CartUpdatedSubscription.graphql";

const subscription = graphql`
  subscription CartUpdatedSubscription {
    cartUpdated {
      id
      ...CartSummary_cart
      ...CartPage_cart
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
