// The owner's refund of lines and/or an amount (issue 22): answers the order (its page and its
// refunds current) or the server's refusal in its words.
import { graphql } from "react-relay";
import type { IssueOrderRefundMutation } from "../../__generated__/IssueOrderRefundMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const issueRefund = graphql`
  mutation IssueOrderRefundMutation($input: IssueOrderRefundInput!) {
    issueOrderRefund(input: $input) {
      __typename
      ... on IssueOrderRefundSuccess {
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

export const useIssueOrderRefundMutation = () => useInputMutation<IssueOrderRefundMutation>(issueRefund);
