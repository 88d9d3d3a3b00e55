import { graphql } from "react-relay";
import type { UpdateCartEntryAdditionalFieldsMutation } from "../../__generated__/UpdateCartEntryAdditionalFieldsMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export function useUpdateCartEntryAdditionalFieldsMutation() {
  return useInputMutation<UpdateCartEntryAdditionalFieldsMutation>(graphql`
    mutation UpdateCartEntryAdditionalFieldsMutation($input: UpdateCartEntryAdditionalFieldsInput!) {
      updateCartEntryAdditionalFields(input: $input) {
        __typename
        ... on UpdateCartEntryAdditionalFieldsSuccess {
          cart {
            ...CartPage_cart
          }
        }
        ... on Error {
          message
        }
        ... on FormInvalidError {
          fieldErrors {
            fieldId
            message
          }
        }
      }
    }
  `);
}
