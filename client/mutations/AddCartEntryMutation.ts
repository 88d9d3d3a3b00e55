import { graphql, useMutation } from "react-relay";
import type { AddCartEntryMutation } from "../__generated__/AddCartEntryMutation.graphql";

const mutation = graphql`
  mutation AddCartEntryMutation($input: AddCartEntryInput!, $idempotencyKey: String) {
    addCartEntry(input: $input, idempotencyKey: $idempotencyKey) {
      __typename
      ... on AddCartEntryPayload {
        cart {
          id
          totalQuantity
          ...CartSummary_cart
        }
        newlyAdded {
          id
          quantity
        }
      }
      ... on Error {
        message
        code
      }
      ... on FormInvalidError {
        fieldErrors {
          fieldId
          message
        }
      }
    }
  }
`;

/** Adds to the visitor's cart; the root `cart` then points at it (it may be new). */
export function useAddCartEntryMutation() {
  return useMutation<AddCartEntryMutation>(mutation);
}

export const addCartEntryUpdater = (store: import("relay-runtime").RecordSourceSelectorProxy) => {
  const payload = store.getRootField("addCartEntry");
  const cart = payload?.getLinkedRecord("cart");
  if (cart) store.getRoot().setLinkedRecord(cart, "cart");
};
