// Owners: deletes the store's Stripe keys (the store goes back to test mode).
import { graphql, useMutation } from "react-relay";
import type { DisconnectPaymentAccountMutation } from "../../__generated__/DisconnectPaymentAccountMutation.graphql";

const mutation = graphql`
  mutation DisconnectPaymentAccountMutation {
    disconnectPaymentAccount {
      __typename
      ... on DisconnectPaymentAccountSuccess {
        payments {
          ...PaymentsScreen_payments
        }
      }
    }
  }
`;

export const useDisconnectPaymentAccountMutation = () => useMutation<DisconnectPaymentAccountMutation>(mutation);
