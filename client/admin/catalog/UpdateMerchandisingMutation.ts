// A product's merchandising: scarcity, sold-out text, restock notifications, mailing-list sign-up.
import { graphql } from "react-relay";
import type { UpdateMerchandisingMutation } from "../../__generated__/UpdateMerchandisingMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation UpdateMerchandisingMutation($input: UpdateMerchandisingInput!) {
    updateMerchandising(input: $input) {
      __typename
      ... on UpdateMerchandisingSuccess {
        product {
          id
          ...ProductEditor_product
          ...ProductFacts_stock
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useUpdateMerchandisingMutation = () => useInputMutation<UpdateMerchandisingMutation>(mutation);
