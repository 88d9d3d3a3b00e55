// Owners: deletes a shipping zone; the answer replaces the store settings screen's copy.
import { graphql } from "react-relay";
import type { DeleteShippingZoneMutation } from "../../__generated__/DeleteShippingZoneMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation DeleteShippingZoneMutation($input: DeleteShippingZoneInput!) {
    deleteShippingZone(input: $input) {
      __typename
      ... on DeleteShippingZoneSuccess {
        storeSettings {
          id
          ...StoreSettingsScreen_settings
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useDeleteShippingZoneMutation = () => useInputMutation<DeleteShippingZoneMutation>(mutation);
