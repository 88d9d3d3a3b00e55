// Owners: connects the store's Stripe account; the answer replaces the screen's `ownerPayments` (fixed id).
import { graphql } from "react-relay";
import type { ConnectPaymentAccountMutation } from "../../__generated__/ConnectPaymentAccountMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation ConnectPaymentAccountMutation($input: ConnectPaymentAccountInput!) {
    connectPaymentAccount(input: $input) {
      __typename
      ... on ConnectPaymentAccountSuccess {
        payments {
          ...PaymentsScreen_payments
        }
      }
      ... on Error {
        message
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

export const useConnectPaymentAccountMutation = () => useInputMutation<ConnectPaymentAccountMutation>(mutation);
