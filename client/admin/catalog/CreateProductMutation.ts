// Creates a product (with its variants, gift-card amounts and subscription plan).
import { graphql } from "react-relay";
import type { CreateProductMutation } from "../../__generated__/CreateProductMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation CreateProductMutation($input: CreateProductInput!) {
    createProduct(input: $input) {
      __typename
      ... on CreateProductSuccess {
        product {
          id
          itemId
          slug
          name
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useCreateProductMutation = () => useInputMutation<CreateProductMutation>(mutation);
