// Owners: adds or replaces a shipping zone with its options; the answer replaces the store settings screen's copy.
import { graphql } from "react-relay";
import type { SaveShippingZoneMutation } from "../../__generated__/SaveShippingZoneMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation SaveShippingZoneMutation($input: SaveShippingZoneInput!) {
    saveShippingZone(input: $input) {
      __typename
      ... on SaveShippingZoneSuccess {
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

export const useSaveShippingZoneMutation = () => useInputMutation<SaveShippingZoneMutation>(mutation);
