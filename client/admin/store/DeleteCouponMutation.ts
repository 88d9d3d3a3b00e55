// Owners: deletes a coupon; the answer replaces the store settings screen's copy.
import { graphql } from "react-relay";
import type { DeleteCouponMutation } from "../../__generated__/DeleteCouponMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation DeleteCouponMutation($input: DeleteCouponInput!) {
    deleteCoupon(input: $input) {
      __typename
      ... on DeleteCouponSuccess {
        storeSettings {
          id
          ...StoreSettingsScreen_settings
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useDeleteCouponMutation = () => useInputMutation<DeleteCouponMutation>(mutation);
