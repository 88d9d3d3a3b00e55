// An order's downloads (issue 23), as the confirmation page and the member's order page show them:
// each file or link with its signed link, its expiry and "2 of 5 downloads used"; a link that no longer
// works says why instead of offering a dead link. Shared by the two storefront areas that show an order.
import { graphql, useFragment } from "react-relay";
import type { DownloadList_order$data, DownloadList_order$key } from "../../__generated__/DownloadList_order.graphql";
import { downloadMessages } from "../../../server/domain/messages/downloads.ts";
import { formatDateTime } from "../format/date-time.ts";

export function DownloadList({ order }: { order: DownloadList_order$key }) {
  const { downloads } = useFragment(
    graphql`
      fragment DownloadList_order on Order {
        downloads {
          name
          url
          expiresAt
          downloadCount
          downloadLimit
          state
        }
      }
    `,
    order,
  );
  return <DownloadItems downloads={downloads} />;
}

/** The list itself, for a page that reads the downloads another way (the order status link's page). */
export function DownloadItems({ downloads }: { downloads: DownloadList_order$data["downloads"] }) {
  if (downloads.length === 0) return null;
  return (
    <section className="order-downloads" aria-labelledby="order-downloads-title">
      <h2 id="order-downloads-title">{downloadMessages.downloadsTitle}</h2>
      <ul className="order-download-list">
        {downloads.map((download) => (
          <li key={download.url} className={`order-download order-download-${download.state.toLowerCase()}`}>
            {download.state === "AVAILABLE" ? (
              <a className="order-download-link" href={download.url} download>
                {downloadMessages.download} {download.name}
              </a>
            ) : (
              <span className="order-download-name">{download.name}</span>
            )}{" "}
            <span className="order-download-facts">
              {download.state === "EXPIRED"
                ? downloadMessages.linkExpiredShort
                : download.state === "STOPPED"
                  ? downloadMessages.linkStopped
                  : `${downloadMessages.downloadsUsed(download.downloadCount, download.downloadLimit)} · ${downloadMessages.expiresAt(formatDateTime(String(download.expiresAt)))}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
