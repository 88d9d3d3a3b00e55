// Changes a variant's SKU, options and prices (stock goes through setVariantStock).
import { graphql } from "react-relay";
import type { UpdateVariantMutation } from "../../__generated__/UpdateVariantMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation UpdateVariantMutation($input: UpdateVariantInput!) {
    updateVariant(input: $input) {
      __typename
      ... on UpdateVariantSuccess {
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

export const useUpdateVariantMutation = () => useInputMutation<UpdateVariantMutation>(mutation);
