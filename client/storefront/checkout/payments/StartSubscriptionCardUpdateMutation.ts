// Starts saving a new card for a member's subscription (issue 22): the SetupIntent's client secret and
// the publishable key for the Payment Element.
import { graphql } from "react-relay";
import type { StartSubscriptionCardUpdateMutation } from "../../../__generated__/StartSubscriptionCardUpdateMutation.graphql";
import { useInputMutation } from "../../../shared/relay/input-mutation.ts";

export function useStartSubscriptionCardUpdateMutation() {
  return useInputMutation<StartSubscriptionCardUpdateMutation>(graphql`
    mutation StartSubscriptionCardUpdateMutation($input: StartSubscriptionCardUpdateInput!) {
      startSubscriptionCardUpdate(input: $input) {
        __typename
        ... on StartSubscriptionCardUpdateSuccess {
          clientSecret
          publishableKey
          subscription {
            id
            productName
            renewalFailure {
              message
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}
