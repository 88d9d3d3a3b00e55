// The store's scarcity threshold and where scarcity shows.
import { graphql } from "react-relay";
import type { UpdateScarcitySettingsMutation } from "../../__generated__/UpdateScarcitySettingsMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation UpdateScarcitySettingsMutation($input: UpdateScarcitySettingsInput!) {
    updateScarcitySettings(input: $input) {
      __typename
      ... on UpdateScarcitySettingsSuccess {
        scarcitySettings {
          ...ScarcitySettingsPanel_settings
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useUpdateScarcitySettingsMutation = () => useInputMutation<UpdateScarcitySettingsMutation>(mutation);
