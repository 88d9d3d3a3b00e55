import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { OwnerStockChangedSubscription } from "../../__generated__/OwnerStockChangedSubscription.graphql";

const subscription = graphql`
  subscription OwnerStockChangedSubscription {
    ownerStockChanged {
      productIds
      variants {
        id
        qtyInStock
        unlimited
      }
    }
  }
`;

/** Calls `onChange` whenever stock may have changed (an owner's edit, a checkout, a cancel); needs products.read. */
export function useOwnerStockChanged(onChange: () => void) {
  const config = useMemo<GraphQLSubscriptionConfig<OwnerStockChangedSubscription>>(
    () => ({ subscription, variables: {}, onNext: () => onChange() }),
    [onChange],
  );
  useSubscription(config);
}
