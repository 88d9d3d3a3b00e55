import { graphql, useMutation } from "react-relay";
import type { UpdateCartEntryAdditionalFieldsMutation } from "../__generated__/UpdateCartEntryAdditionalFieldsMutation.graphql";

export function useUpdateCartEntryAdditionalFieldsMutation() {
  return useMutation<UpdateCartEntryAdditionalFieldsMutation>(graphql`
    mutation UpdateCartEntryAdditionalFieldsMutation($entryId: ID!, $additionalFields: JSONObject!) {
      updateCartEntryAdditionalFields(entryId: $entryId, additionalFields: $additionalFields) {
        __typename
        ... on UpdateCartEntryAdditionalFieldsPayload {
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
