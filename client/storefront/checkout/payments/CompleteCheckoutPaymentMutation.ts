import { graphql } from "react-relay";
import type { CompleteCheckoutPaymentMutation } from "../../../__generated__/CompleteCheckoutPaymentMutation.graphql";
import { useInputMutation } from "../../../shared/relay/input-mutation.ts";

// Makes the order once the provider says the payment succeeded (idempotent: the return page and the
// payment step may both ask).
const mutation = graphql`
  mutation CompleteCheckoutPaymentMutation($input: CompleteCheckoutPaymentInput!) {
    completeCheckoutPayment(input: $input) {
      __typename
      ... on CompleteCheckoutPaymentSuccess {
        order {
          orderId
        }
      }
      ... on Error {
        message
        code
      }
    }
  }
`;

export function useCompleteCheckoutPaymentMutation() {
  return useInputMutation<CompleteCheckoutPaymentMutation>(mutation);
}
