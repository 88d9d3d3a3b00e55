import { graphql } from "react-relay";
import type { RemoveCartEntryMutation } from "../../__generated__/RemoveCartEntryMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export function useRemoveCartEntryMutation() {
  return useInputMutation<RemoveCartEntryMutation>(graphql`
    mutation RemoveCartEntryMutation($input: RemoveCartEntryInput!) {
      removeCartEntry(input: $input) {
        __typename
        ... on RemoveCartEntrySuccess {
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
