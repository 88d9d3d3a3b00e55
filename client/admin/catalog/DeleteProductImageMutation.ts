// Owners: deletes an image and all its sizes.
import { graphql } from "react-relay";
import type { DeleteProductImageMutation } from "../../__generated__/DeleteProductImageMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation DeleteProductImageMutation($input: DeleteProductImageInput!) {
    deleteProductImage(input: $input) {
      __typename
      ... on DeleteProductImageSuccess {
        deletedId
        product {
          ...ProductImagesEditor_product
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useDeleteProductImageMutation = () => useInputMutation<DeleteProductImageMutation>(mutation);
