// The checkout page's shipping: where the order ships (reprices the cart: the zone's options, the
// region's tax) and the option chosen. Each answers the checkout's own cart fragments.
import { graphql } from "react-relay";
import type { CheckoutShippingLocationMutation } from "../../__generated__/CheckoutShippingLocationMutation.graphql";
import type { CheckoutShippingOptionMutation } from "../../__generated__/CheckoutShippingOptionMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

/** The checkout's parts that a shipping change reprices. */
export const checkoutShippingChangeFragment = graphql`
  fragment CheckoutShippingMutations_cart on Cart {
    ...CheckoutShipping_cart
    ...CartTotals_cart
  }
`;

export function useCheckoutShippingLocationMutation() {
  return useInputMutation<CheckoutShippingLocationMutation>(graphql`
    mutation CheckoutShippingLocationMutation($input: SetShippingLocationInput!) {
      setShippingLocation(input: $input) {
        __typename
        ... on SetShippingLocationSuccess {
          cart {
            ...CheckoutShippingMutations_cart
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
            ...CheckoutShippingMutations_cart
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}
