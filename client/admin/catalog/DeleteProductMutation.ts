// Deletes a product (the editor asks first).
import { graphql } from "react-relay";
import type { DeleteProductMutation } from "../../__generated__/DeleteProductMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation DeleteProductMutation($input: DeleteProductInput!) {
    deleteProduct(input: $input) {
      __typename
      ... on DeleteProductSuccess {
        deletedId
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useDeleteProductMutation = () => useInputMutation<DeleteProductMutation>(mutation);
