// Owners: puts the shipping zones in a new order; the answer replaces the store settings screen's copy.
import { graphql } from "react-relay";
import type { ReorderShippingZonesMutation } from "../../__generated__/ReorderShippingZonesMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation ReorderShippingZonesMutation($input: ReorderShippingZonesInput!) {
    reorderShippingZones(input: $input) {
      __typename
      ... on ReorderShippingZonesSuccess {
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

export const useReorderShippingZonesMutation = () => useInputMutation<ReorderShippingZonesMutation>(mutation);
