// Sends one variant's back-in-stock emails (restock.send); the answer says how many were notified.
import { graphql } from "react-relay";
import type { SendRestockNotificationsMutation } from "../../__generated__/SendRestockNotificationsMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

export const useSendRestockNotificationsMutation = () =>
  useInputMutation<SendRestockNotificationsMutation>(graphql`
    mutation SendRestockNotificationsMutation($input: SendRestockNotificationsInput!) {
      sendRestockNotifications(input: $input) {
        __typename
        ... on SendRestockNotificationsSuccess {
          result {
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
