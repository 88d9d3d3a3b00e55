// Owners: the reCAPTCHA site key and secret (the secret is never read back).
import { graphql } from "react-relay";
import type { OwnerUpdateCaptchaSettingsMutation } from "../../__generated__/OwnerUpdateCaptchaSettingsMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation OwnerUpdateCaptchaSettingsMutation($input: UpdateCaptchaSettingsInput!) {
    updateCaptchaSettings(input: $input) {
      __typename
      ... on UpdateCaptchaSettingsSuccess {
        captchaSettings {
          siteKey
          hasSecretKey
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useOwnerUpdateCaptchaSettingsMutation = () => useInputMutation<OwnerUpdateCaptchaSettingsMutation>(mutation);
