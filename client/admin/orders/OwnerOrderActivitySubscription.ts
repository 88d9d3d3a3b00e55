import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { OwnerOrderActivitySubscription, OwnerOrderActivitySubscription$data } from "../../__generated__/OwnerOrderActivitySubscription.graphql";

const subscription = graphql`
  subscription OwnerOrderActivitySubscription {
    ownerOrderActivity {
      orderId
      placed
      order {
        id
        orderNumber
        state
        nextStates
        fulfilledAt
        cancelledAt
        refundedAt
      }
    }
  }
`;

export type OrderActivity = OwnerOrderActivitySubscription$data["ownerOrderActivity"];

/** Calls `onEvent` for every order placed or moved, from any server (needs orders.read). */
export function useOwnerOrderActivity(onEvent: (event: OrderActivity) => void) {
  const config = useMemo<GraphQLSubscriptionConfig<OwnerOrderActivitySubscription>>(
    () => ({ subscription, variables: {}, onNext: (data) => data && onEvent(data.ownerOrderActivity) }),
    [onEvent],
  );
  useSubscription(config);
}
