// The owner's view of an order's status link (issue 24 §3): whether it works, "Revoke status link" and
// "Send a new link" (orders.write), each recorded in the order's timeline by the server. Loads its own
// query so the order detail only places it (one line, beside the other helpers' parts).
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { OrderStatusLinkQuery } from "../../__generated__/OrderStatusLinkQuery.graphql";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { useReissueOrderStatusLinkMutation, useRevokeOrderStatusLinkMutation } from "./OrderStatusLinkMutations.ts";

const text = adminMessages.orderStatusLink;

export function OrderStatusLink({ orderId }: { orderId: string }) {
  return (
    <Suspense fallback={null}>
      <StatusLink orderId={orderId} />
    </Suspense>
  );
}

function StatusLink({ orderId }: { orderId: string }) {
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<OrderStatusLinkQuery>(
    graphql`
      query OrderStatusLinkQuery($orderId: String!) {
        order(orderId: $orderId) {
          customerEmail
          statusLink {
            issued
            revokedAt
          }
        }
      }
    `,
    { orderId },
    { fetchKey, fetchPolicy: "network-only" },
  );
  const canWrite = useCan("orders.write");
  const [revoke, revoking] = useRevokeOrderStatusLinkMutation();
  const [reissue, reissuing] = useReissueOrderStatusLinkMutation();
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const link = data.order?.statusLink;
  if (!link) return null;
  const answered = (answer: { readonly message?: string } | null | undefined, done: string) => {
    if (answer?.message) setNotice({ error: true, text: answer.message });
    else {
      setNotice({ error: false, text: done });
      setFetchKey((key) => key + 1);
    }
  };
  return (
    <section className="order-status-link" aria-labelledby="order-status-link-title">
      <h2 id="order-status-link-title">{text.title}</h2>
      <p>{text.intro}</p>
      <p>{!link.issued ? text.none : link.revokedAt ? text.revoked(formatDateTime(String(link.revokedAt))) : text.active}</p>
      {notice ? (
        <p className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {canWrite ? (
        <div className="button-row">
          {link.issued && !link.revokedAt ? (
            <button
              type="button"
              className="button"
              disabled={revoking}
              onClick={() =>
                revoke({ variables: { orderId }, onCompleted: ({ revokeOrderStatusLink }) => answered(revokeOrderStatusLink, text.revokedNotice) })
              }
            >
              {revoking ? text.revoking : text.revoke}
            </button>
          ) : null}
          {data.order?.customerEmail ? (
            <button
              type="button"
              className="button"
              disabled={reissuing}
              onClick={() =>
                reissue({ variables: { orderId }, onCompleted: ({ reissueOrderStatusLink }) => answered(reissueOrderStatusLink, text.reissuedNotice) })
              }
            >
              {reissuing ? text.reissuing : text.reissue}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
