// Owners: renameDigitalFile on a digital product (issue 23); the editor reloads its list after it.
import { graphql } from "react-relay";
import type { RenameDigitalFileMutation } from "../../__generated__/RenameDigitalFileMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation RenameDigitalFileMutation($input: RenameDigitalFileInput!) {
    renameDigitalFile(input: $input) {
      __typename
      ... on RenameDigitalFileSuccess {
        file {
          fileId
          name
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useRenameDigitalFileMutation = () => useInputMutation<RenameDigitalFileMutation>(mutation);
