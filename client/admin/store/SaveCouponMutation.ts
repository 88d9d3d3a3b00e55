// Owners: adds or changes a coupon; the answer replaces the store settings screen's copy.
import { graphql } from "react-relay";
import type { SaveCouponMutation } from "../../__generated__/SaveCouponMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation SaveCouponMutation($input: SaveCouponInput!) {
    saveCoupon(input: $input) {
      __typename
      ... on SaveCouponSuccess {
        storeSettings {
          id
          ...StoreSettingsScreen_settings
        }
      }
      ... on FormInvalidError {
        fieldErrors {
          fieldId
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useSaveCouponMutation = () => useInputMutation<SaveCouponMutation>(mutation);
