// Gift cards applied to the cart (issue 12): apply and remove a code.
import { graphql } from "react-relay";
import type { ApplyGiftCardMutation } from "../../__generated__/ApplyGiftCardMutation.graphql";
import type { RemoveGiftCardMutation } from "../../__generated__/RemoveGiftCardMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export function useApplyGiftCardMutation() {
  return useInputMutation<ApplyGiftCardMutation>(graphql`
    mutation ApplyGiftCardMutation($input: ApplyGiftCardInput!) {
      applyGiftCard(input: $input) {
        __typename
        ... on ApplyGiftCardSuccess {
          cart {
            ...CartPage_cart
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}

export function useRemoveGiftCardMutation() {
  return useInputMutation<RemoveGiftCardMutation>(graphql`
    mutation RemoveGiftCardMutation($input: RemoveGiftCardInput!) {
      removeGiftCard(input: $input) {
        __typename
        ... on RemoveGiftCardSuccess {
          cart {
            ...CartPage_cart
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}
