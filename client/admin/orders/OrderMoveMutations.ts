// The order moves of the transition table (server/domain/checkout/order-states.ts). Each answers the
// moved order (its id keeps the list and the page current) or the error the server gives.
import { graphql } from "react-relay";
import type { FulfillOrderMutation } from "../../__generated__/FulfillOrderMutation.graphql";
import type { CancelOrderMutation } from "../../__generated__/CancelOrderMutation.graphql";
import type { RefundOrderMutation } from "../../__generated__/RefundOrderMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const fulfil = graphql`
  mutation FulfillOrderMutation($input: FulfillOrderInput!) {
    fulfillOrder(input: $input) {
      __typename
      ... on FulfillOrderSuccess {
        order {
          ...OrderDetail_order
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const cancel = graphql`
  mutation CancelOrderMutation($input: CancelOrderInput!) {
    cancelOrder(input: $input) {
      __typename
      ... on CancelOrderSuccess {
        order {
          ...OrderDetail_order
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const refund = graphql`
  mutation RefundOrderMutation($input: RefundOrderInput!) {
    refundOrder(input: $input) {
      __typename
      ... on RefundOrderSuccess {
        order {
          ...OrderDetail_order
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useFulfillOrderMutation = () => useInputMutation<FulfillOrderMutation>(fulfil);
export const useCancelOrderMutation = () => useInputMutation<CancelOrderMutation>(cancel);
export const useRefundOrderMutation = () => useInputMutation<RefundOrderMutation>(refund);
