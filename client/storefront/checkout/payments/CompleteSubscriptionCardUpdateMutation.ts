// The SetupIntent succeeded: the card it saved pays the subscription; a past-due cycle is charged again
// at once (the answer's state says whether it went through).
import { graphql } from "react-relay";
import type { CompleteSubscriptionCardUpdateMutation } from "../../../__generated__/CompleteSubscriptionCardUpdateMutation.graphql";
import { useInputMutation } from "../../../shared/relay/input-mutation.ts";

export function useCompleteSubscriptionCardUpdateMutation() {
  return useInputMutation<CompleteSubscriptionCardUpdateMutation>(graphql`
    mutation CompleteSubscriptionCardUpdateMutation($input: CompleteSubscriptionCardUpdateInput!) {
      completeSubscriptionCardUpdate(input: $input) {
        __typename
        ... on CompleteSubscriptionCardUpdateSuccess {
          subscription {
            id
            state
            renewalFailure {
              message
            }
            ...MemberSubscriptions_subscription
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}
