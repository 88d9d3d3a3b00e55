// A variant's stock, checked against the stock the screen read: StockChangedError answers the stock now.
import { graphql } from "react-relay";
import type { SetVariantStockMutation } from "../../__generated__/SetVariantStockMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation SetVariantStockMutation($input: SetVariantStockInput!) {
    setVariantStock(input: $input) {
      __typename
      ... on SetVariantStockSuccess {
        notified
        variant {
          id
          qtyInStock
          unlimited
          soldOut
        }
      }
      ... on StockChangedError {
        currentQtyInStock
        currentUnlimited
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useSetVariantStockMutation = () => useInputMutation<SetVariantStockMutation>(mutation);
