import { graphql, useMutation } from "react-relay";
import type { UpdateCartEntryQuantityMutation } from "../__generated__/UpdateCartEntryQuantityMutation.graphql";

export function useUpdateCartEntryQuantityMutation() {
  return useMutation<UpdateCartEntryQuantityMutation>(graphql`
    mutation UpdateCartEntryQuantityMutation($entryId: ID!, $quantity: Int!) {
      updateCartEntryQuantity(entryId: $entryId, quantity: $quantity) {
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
