// The checkout's contact step (issue 24 part 4): the cart keeps the email with the marketing box as
// the shopper left it, for one reminder if they leave without ordering (when the store sends them).
import { graphql } from "react-relay";
import type { RecordCheckoutContactMutation } from "../../__generated__/RecordCheckoutContactMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation RecordCheckoutContactMutation($input: RecordCheckoutContactInput!) {
    recordCheckoutContact(input: $input) {
      __typename
    }
  }
`;

export function useRecordCheckoutContactMutation() {
  return useInputMutation<RecordCheckoutContactMutation>(mutation);
}
