import { graphql, useMutation } from "react-relay";
import type { CheckoutMutation } from "../__generated__/CheckoutMutation.graphql";

export function useCheckoutMutation() {
  return useMutation<CheckoutMutation>(graphql`
    mutation CheckoutMutation($email: String!, $shippingLocation: ShippingLocationInput, $cartToken: String, $idempotencyKey: String) {
      checkout(email: $email, shippingLocation: $shippingLocation, cartToken: $cartToken, idempotencyKey: $idempotencyKey) {
        __typename
        ... on CheckoutPayload {
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
  `);
}
