// Owners: the branding every email of the store carries from now on.
import { graphql } from "react-relay";
import type { UpdateEmailBrandingMutation } from "../../__generated__/UpdateEmailBrandingMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation UpdateEmailBrandingMutation($input: UpdateEmailBrandingInput!) {
    updateEmailBranding(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

export const useUpdateEmailBrandingMutation = () => useInputMutation<UpdateEmailBrandingMutation>(mutation);
