import { graphql } from "react-relay";
import type { CheckoutMutation } from "../../__generated__/CheckoutMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation CheckoutMutation($input: CheckoutInput!) {
    checkout(input: $input) {
      __typename
      ... on CheckoutSuccess {
        order {
          orderId
        }
      }
      ... on CheckoutPaymentRequired {
        paymentId
        publishableKey
        clientSecret
        paymentIntentId
        returnUrl
        holdExpiresAt
        amount {
          formatted
        }
      }
      ... on Error {
        message
        code
      }
      ... on FormInvalidError {
        fieldErrors {
          fieldId
          message
        }
      }
    }
  }
`;

export function useCheckoutMutation() {
  return useInputMutation<CheckoutMutation>(mutation);
}
