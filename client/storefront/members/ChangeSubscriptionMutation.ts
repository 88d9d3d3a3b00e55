// A member's move on one of their subscriptions (issue 12): skip the next cycle, pause, resume, cancel.
import { graphql } from "react-relay";
import type { ChangeSubscriptionMutation } from "../../__generated__/ChangeSubscriptionMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export function useChangeSubscriptionMutation() {
  return useInputMutation<ChangeSubscriptionMutation>(graphql`
    mutation ChangeSubscriptionMutation($input: ChangeSubscriptionInput!) {
      changeSubscription(input: $input) {
        __typename
        ... on ChangeSubscriptionSuccess {
          subscription {
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
