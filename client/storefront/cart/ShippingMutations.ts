import { graphql } from "react-relay";
import type { SelectShippingOptionMutation } from "../../__generated__/SelectShippingOptionMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export function useSelectShippingOptionMutation() {
  return useInputMutation<SelectShippingOptionMutation>(graphql`
    mutation SelectShippingOptionMutation($input: SelectShippingOptionInput!) {
      selectShippingOption(input: $input) {
        __typename
        ... on SelectShippingOptionSuccess {
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
