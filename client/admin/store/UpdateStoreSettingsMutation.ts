// Owners: the store's currency, checkout minimum, express checkout, services' quantity and pay-later; the answer replaces the store settings screen's copy.
import { graphql } from "react-relay";
import type { UpdateStoreSettingsMutation } from "../../__generated__/UpdateStoreSettingsMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation UpdateStoreSettingsMutation($input: UpdateStoreSettingsInput!) {
    updateStoreSettings(input: $input) {
      __typename
      ... on UpdateStoreSettingsSuccess {
        storeSettings {
          id
          ...StoreSettingsScreen_settings
        }
      }
      ... on FormInvalidError {
        fieldErrors {
          fieldId
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useUpdateStoreSettingsMutation = () => useInputMutation<UpdateStoreSettingsMutation>(mutation);
