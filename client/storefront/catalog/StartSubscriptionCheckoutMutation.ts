import { graphql } from "react-relay";
import type { StartSubscriptionCheckoutMutation } from "../../__generated__/StartSubscriptionCheckoutMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation StartSubscriptionCheckoutMutation($input: StartSubscriptionCheckoutInput!) {
    startSubscriptionCheckout(input: $input) {
      __typename
      ... on StartSubscriptionCheckoutSuccess {
        cartToken
      }
      ... on Error {
        message
        code
      }
    }
  }
`;

const unwrap = ({ input }: { input: StartSubscriptionCheckoutMutation["variables"]["input"] }) => input;

export function useStartSubscriptionCheckoutMutation() {
  return useInputMutation<StartSubscriptionCheckoutMutation, Parameters<typeof unwrap>[0]>(mutation, unwrap);
}
