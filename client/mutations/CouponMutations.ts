import { graphql, useMutation } from "react-relay";
import type { ApplyCouponMutation } from "../__generated__/ApplyCouponMutation.graphql";
import type { RemoveCouponMutation } from "../__generated__/RemoveCouponMutation.graphql";

export function useApplyCouponMutation() {
  return useMutation<ApplyCouponMutation>(graphql`
    mutation ApplyCouponMutation($code: String!) {
      applyCoupon(code: $code) {
        __typename
        ... on CartPayload {
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
  return useMutation<RemoveCouponMutation>(graphql`
    mutation RemoveCouponMutation($code: String!) {
      removeCoupon(code: $code) {
        __typename
        ... on CartPayload {
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
