// Fulfil some or all unshipped units of an order (issue 24): answers the order (its page current) or
// the refusal, with field errors by `carrier`, `trackingNumber`, `lines.<position>`.
import { graphql } from "react-relay";
import type { FulfilOrderMutation } from "../../__generated__/FulfilOrderMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const fulfilOrder = graphql`
  mutation FulfilOrderMutation($input: FulfilOrderInput!) {
    fulfilOrder(input: $input) {
      __typename
      ... on FulfilOrderSuccess {
        order {
          ...OrderDetail_order
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

export const useFulfilOrderMutation = () => useInputMutation<FulfilOrderMutation>(fulfilOrder);
