// The owner's view of an order's downloads (issue 23): each link's state and count, and "Renew download
// links" (orders.write) when a shopper's link expired or was used up. Loads its own query so the order
// detail only places it; shows nothing for an order without downloads.
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { OrderDownloadsQuery } from "../../__generated__/OrderDownloadsQuery.graphql";
import { downloadMessages } from "../../../server/domain/messages/downloads.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { useRenewOrderDownloadsMutation } from "./RenewOrderDownloadsMutation.ts";

export function OrderDownloads({ orderId }: { orderId: string }) {
  return (
    <Suspense fallback={null}>
      <Downloads orderId={orderId} />
    </Suspense>
  );
}

function Downloads({ orderId }: { orderId: string }) {
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<OrderDownloadsQuery>(
    graphql`
      query OrderDownloadsQuery($orderId: String!) {
        order(orderId: $orderId) {
          downloads {
            name
            url
            expiresAt
            downloadCount
            downloadLimit
            state
          }
        }
      }
    `,
    { orderId },
    { fetchKey, fetchPolicy: "network-only" },
  );
  const canRenew = useCan("orders.write");
  const [renew, renewing] = useRenewOrderDownloadsMutation();
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const downloads = data.order?.downloads ?? [];
  if (downloads.length === 0) return null;
  return (
    <section className="order-downloads" aria-labelledby="order-downloads-title">
      <h2 id="order-downloads-title">{downloadMessages.ownerDownloadsTitle}</h2>
      <ul>
        {downloads.map((download) => (
          <li key={download.url}>
            {download.name} · {downloadMessages.downloadsUsed(download.downloadCount, download.downloadLimit)} ·{" "}
            {download.state === "EXPIRED"
              ? downloadMessages.linkExpiredShort
              : download.state === "STOPPED"
                ? downloadMessages.linkStopped
                : downloadMessages.expiresAt(formatDateTime(String(download.expiresAt)))}
          </li>
        ))}
      </ul>
      {notice ? (
        <p className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {canRenew ? (
        <button
          type="button"
          className="button"
          disabled={renewing}
          onClick={() =>
            renew({
              variables: { orderId },
              onCompleted: ({ renewOrderDownloads: answer }) => {
                if (answer && "message" in answer && answer.message) setNotice({ error: true, text: answer.message });
                else {
                  setNotice({ error: false, text: downloadMessages.renewed });
                  setFetchKey((key) => key + 1);
                }
              },
            })
          }
        >
          {downloadMessages.renewLinks}
        </button>
      ) : null}
    </section>
  );
}
