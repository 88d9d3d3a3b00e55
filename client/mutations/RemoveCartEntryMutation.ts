import { graphql, useMutation } from "react-relay";
import type { RemoveCartEntryMutation } from "../__generated__/RemoveCartEntryMutation.graphql";

export function useRemoveCartEntryMutation() {
  return useMutation<RemoveCartEntryMutation>(graphql`
    mutation RemoveCartEntryMutation($entryId: ID!) {
      removeCartEntry(entryId: $entryId) {
        __typename
        ... on CartPayload {
          cart {
            ...CartPage_cart
            ...CartSummary_cart
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}
