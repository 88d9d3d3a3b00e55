// Changes a product's own fields; answers the product as the editor reads it.
import { graphql } from "react-relay";
import type { UpdateProductMutation } from "../../__generated__/UpdateProductMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation UpdateProductMutation($input: UpdateProductInput!) {
    updateProduct(input: $input) {
      __typename
      ... on UpdateProductSuccess {
        product {
          id
          ...ProductEditor_product
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useUpdateProductMutation = () => useInputMutation<UpdateProductMutation>(mutation);
