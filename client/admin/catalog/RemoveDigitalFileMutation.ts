// Owners: removeDigitalFile on a digital product (issue 23); the editor reloads its list after it.
import { graphql } from "react-relay";
import type { RemoveDigitalFileMutation } from "../../__generated__/RemoveDigitalFileMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation RemoveDigitalFileMutation($input: RemoveDigitalFileInput!) {
    removeDigitalFile(input: $input) {
      __typename
      ... on RemoveDigitalFileSuccess {
        file {
          fileId
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useRemoveDigitalFileMutation = () => useInputMutation<RemoveDigitalFileMutation>(mutation);
