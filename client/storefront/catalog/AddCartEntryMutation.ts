import { graphql } from "react-relay";
import type { AddCartEntryMutation } from "../../__generated__/AddCartEntryMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation AddCartEntryMutation($input: AddCartEntryInput!) {
    addCartEntry(input: $input) {
      __typename
      ... on AddCartEntrySuccess {
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

type Input = AddCartEntryMutation["variables"]["input"];

/** The entry to add, and the key that makes a retry of this add replay its first answer. */
const withKey = ({ input, idempotencyKey }: { input: Omit<Input, "idempotencyKey">; idempotencyKey?: string | null }): Input => ({ ...input, idempotencyKey });

/** Adds to the visitor's cart; the root `cart` then points at it (it may be new). */
export function useAddCartEntryMutation() {
  return useInputMutation<AddCartEntryMutation, Parameters<typeof withKey>[0]>(mutation, withKey);
}

export const addCartEntryUpdater = (store: import("relay-runtime").RecordSourceSelectorProxy) => {
  const payload = store.getRootField("addCartEntry");
  const cart = payload?.getLinkedRecord("cart");
  if (cart) store.getRoot().setLinkedRecord(cart, "cart");
};
