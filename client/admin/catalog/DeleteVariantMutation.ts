// Deletes a variant (the editor asks first).
import { graphql } from "react-relay";
import type { DeleteVariantMutation } from "../../__generated__/DeleteVariantMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation DeleteVariantMutation($input: DeleteVariantInput!) {
    deleteVariant(input: $input) {
      __typename
      ... on DeleteVariantSuccess {
        deletedId
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useDeleteVariantMutation = () => useInputMutation<DeleteVariantMutation>(mutation);
