// Sends the back-in-stock emails of several variants at once (at most 100; restock.send).
import { graphql } from "react-relay";
import type { SendAllRestockNotificationsMutation } from "../../__generated__/SendAllRestockNotificationsMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export const useSendAllRestockNotificationsMutation = () =>
  useInputMutation<SendAllRestockNotificationsMutation>(graphql`
    mutation SendAllRestockNotificationsMutation($input: SendAllRestockNotificationsInput!) {
      sendAllRestockNotifications(input: $input) {
        __typename
        ... on SendAllRestockNotificationsSuccess {
          results {
            variantId
            notified
            waiting
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
