import { graphql } from "react-relay";
import type { ApplyCouponMutation } from "../../__generated__/ApplyCouponMutation.graphql";
import type { RemoveCouponMutation } from "../../__generated__/RemoveCouponMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export function useApplyCouponMutation() {
  return useInputMutation<ApplyCouponMutation>(graphql`
    mutation ApplyCouponMutation($input: ApplyCouponInput!) {
      applyCoupon(input: $input) {
        __typename
        ... on ApplyCouponSuccess {
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

export function useRemoveCouponMutation() {
  return useInputMutation<RemoveCouponMutation>(graphql`
    mutation RemoveCouponMutation($input: RemoveCouponInput!) {
      removeCoupon(input: $input) {
        __typename
        ... on RemoveCouponSuccess {
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
