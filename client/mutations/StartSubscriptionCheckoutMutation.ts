import { graphql, useMutation } from "react-relay";
import type { StartSubscriptionCheckoutMutation } from "../__generated__/StartSubscriptionCheckoutMutation.graphql";

export function useStartSubscriptionCheckoutMutation() {
  return useMutation<StartSubscriptionCheckoutMutation>(graphql`
    mutation StartSubscriptionCheckoutMutation($input: AddCartEntryInput!) {
      startSubscriptionCheckout(input: $input) {
        __typename
        ... on StartSubscriptionCheckoutPayload {
          cartToken
        }
        ... on Error {
          message
          code
        }
      }
    }
  `);
}
