// Owners: the previewed email, over sample data, to their own address through the outbox.
import { graphql } from "react-relay";
import type { SendTestEmailMutation } from "../../__generated__/SendTestEmailMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation SendTestEmailMutation($input: SendTestEmailInput!) {
    sendTestEmail(input: $input) {
      __typename
      ... on SendTestEmailSuccess {
        toEmail
      }
      ... on Error {
        message
      }
    }
  }
`;

export const useSendTestEmailMutation = () => useInputMutation<SendTestEmailMutation>(mutation);
