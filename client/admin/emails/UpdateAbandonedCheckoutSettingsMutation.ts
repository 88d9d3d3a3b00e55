// Owners: the abandoned checkout reminders on or off, and their delay (issue 24 part 4).
import { graphql } from "react-relay";
import type { UpdateAbandonedCheckoutSettingsMutation } from "../../__generated__/UpdateAbandonedCheckoutSettingsMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation UpdateAbandonedCheckoutSettingsMutation($input: UpdateAbandonedCheckoutSettingsInput!) {
    updateAbandonedCheckoutSettings(input: $input) {
      __typename
      ... on UpdateAbandonedCheckoutSettingsSuccess {
        abandonedCheckouts {
          ...AbandonedCheckoutSettingsForm_settings
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useUpdateAbandonedCheckoutSettingsMutation = () => useInputMutation<UpdateAbandonedCheckoutSettingsMutation>(mutation);
