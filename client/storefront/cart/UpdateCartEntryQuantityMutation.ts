import { graphql } from "react-relay";
import type { UpdateCartEntryQuantityMutation } from "../../__generated__/UpdateCartEntryQuantityMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export function useUpdateCartEntryQuantityMutation() {
  return useInputMutation<UpdateCartEntryQuantityMutation>(graphql`
    mutation UpdateCartEntryQuantityMutation($input: UpdateCartEntryQuantityInput!) {
      updateCartEntryQuantity(input: $input) {
        __typename
        ... on UpdateCartEntryQuantitySuccess {
          cart {
            ...CartUpdatedSubscription_cart
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}
