// The checkout page's shipping: where the order ships (reprices the cart: the zone's options, the
// region's tax) and the option chosen. Each answers the checkout's own cart fragments.
import { graphql } from "react-relay";
import type { CheckoutShippingLocationMutation } from "../../__generated__/CheckoutShippingLocationMutation.graphql";
import type { CheckoutShippingOptionMutation } from "../../__generated__/CheckoutShippingOptionMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export function useCheckoutShippingLocationMutation() {
  return useInputMutation<CheckoutShippingLocationMutation>(graphql`
    mutation CheckoutShippingLocationMutation($input: SetShippingLocationInput!) {
      setShippingLocation(input: $input) {
        __typename
        ... on SetShippingLocationSuccess {
          cart {
            ...CheckoutShipping_cart
            ...CartTotals_cart
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}

export function useCheckoutShippingOptionMutation() {
  return useInputMutation<CheckoutShippingOptionMutation>(graphql`
    mutation CheckoutShippingOptionMutation($input: SelectShippingOptionInput!) {
      selectShippingOption(input: $input) {
        __typename
        ... on SelectShippingOptionSuccess {
          cart {
            ...CheckoutShipping_cart
            ...CartTotals_cart
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}
