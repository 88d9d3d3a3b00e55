// Sends one variant's back-in-stock emails (restock.send); the answer says how many were notified.
import { graphql } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { SendRestockNotificationsMutation } from "../../__generated__/SendRestockNotificationsMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import type { SendReport } from "./WaitlistSendNotice.tsx";

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

/**
 * Sends one waitlist's notifications once the owner confirms (`name` names the variant), saying what
 * was sent through `setReport`; `onSent` follows a success (the screen reads its counts again).
 */
export function useSendWaitlist(setReport: (report: SendReport | null) => void) {
  const confirm = useConfirm();
  const [send, sending] = useSendRestockNotificationsMutation();
  const sendFor = async (group: { productId: number; variantId: number }, name: string, onSent: () => void) => {
    if (!(await confirm({ title: adminMessages.sendConfirmTitle, body: adminMessages.sendConfirmBody(name), confirmLabel: adminMessages.sendConfirm }))) return;
    setReport(null);
    send({
      variables: { productId: String(group.productId), variantId: String(group.variantId) },
      onCompleted: ({ sendRestockNotifications: result }) => {
        if (result.__typename === "SendRestockNotificationsSuccess") {
          setReport({ ok: true, text: adminMessages.sentResult(result.result?.notified ?? 0, result.result?.waiting ?? 0) });
          onSent();
        } else setReport({ ok: false, text: errorMessage(result as { message?: string }) });
      },
      onError: (error) => setReport({ ok: false, text: describeFailure(error) }),
    });
  };
  return [sendFor, sending] as const;
}
