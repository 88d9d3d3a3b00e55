// "Buy again" on the order status page (issue 24 §3): the order's items back in the visitor's cart.
import { graphql } from "react-relay";
import type { ReorderMutation } from "../../__generated__/ReorderMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export function useReorderMutation() {
  return useInputMutation<ReorderMutation>(graphql`
    mutation ReorderMutation($input: ReorderInput!) {
      reorder(input: $input) {
        __typename
        ... on ReorderSuccess {
          leftOut
        }
        ... on Error {
          message
        }
      }
    }
  `);
}
