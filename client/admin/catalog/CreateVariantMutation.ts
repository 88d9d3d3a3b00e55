// Adds a variant to a product.
import { graphql } from "react-relay";
import type { CreateVariantMutation } from "../../__generated__/CreateVariantMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation CreateVariantMutation($input: CreateVariantInput!) {
    createVariant(input: $input) {
      __typename
      ... on CreateVariantSuccess {
        variant {
          id
          variantId
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useCreateVariantMutation = () => useInputMutation<CreateVariantMutation>(mutation);
