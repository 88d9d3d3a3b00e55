// Owners: addDigitalLink on a digital product (issue 23); the editor reloads its list after it.
import { graphql } from "react-relay";
import type { AddDigitalLinkMutation } from "../../__generated__/AddDigitalLinkMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation AddDigitalLinkMutation($input: AddDigitalLinkInput!) {
    addDigitalLink(input: $input) {
      __typename
      ... on AddDigitalLinkSuccess {
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

export const useAddDigitalLinkMutation = () => useInputMutation<AddDigitalLinkMutation>(mutation);
