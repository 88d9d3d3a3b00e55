// Owners: an image's alt text.
import { graphql } from "react-relay";
import type { UpdateProductImageMutation } from "../../__generated__/UpdateProductImageMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation UpdateProductImageMutation($input: UpdateProductImageInput!) {
    updateProductImage(input: $input) {
      __typename
      ... on UpdateProductImageSuccess {
        image {
          id
          altText
          alt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useUpdateProductImageMutation = () => useInputMutation<UpdateProductImageMutation>(mutation);
