// Owners: a product's images in a new order (the first is the main image).
import { graphql } from "react-relay";
import type { ReorderProductImagesMutation } from "../../__generated__/ReorderProductImagesMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation ReorderProductImagesMutation($input: ReorderProductImagesInput!) {
    reorderProductImages(input: $input) {
      __typename
      ... on ReorderProductImagesSuccess {
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

export const useReorderProductImagesMutation = () => useInputMutation<ReorderProductImagesMutation>(mutation);
