import { graphql, useMutation } from "react-relay";
import type { SelectShippingOptionMutation } from "../__generated__/SelectShippingOptionMutation.graphql";

export function useSelectShippingOptionMutation() {
  return useMutation<SelectShippingOptionMutation>(graphql`
    mutation SelectShippingOptionMutation($shippingOptionId: ID!) {
      selectShippingOption(shippingOptionId: $shippingOptionId) {
        __typename
        ... on CartPayload {
          cart {
            ...CartPage_cart
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}
