// Waitlists (/config/waitlists): one row per variant with sign-ups, its counts by status, paged by
// cursor; send a variant's notifications, or every shown waitlist's ("send all"), behind the confirm
// dialog, and say after what was sent.
import { startTransition, useState } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { WaitlistsScreenQuery as Query } from "../../__generated__/WaitlistsScreenQuery.graphql.ts";
import type { WaitlistsScreen_groups$key } from "../../__generated__/WaitlistsScreen_groups.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { Pager } from "../../shared/ui/Pager.tsx";
import { WaitlistSendNotice, type SendReport } from "./WaitlistSendNotice.tsx";
import { useSendAllRestockNotificationsMutation } from "./SendAllRestockNotificationsMutation.ts";
import { useSendRestockNotificationsMutation } from "./SendRestockNotificationsMutation.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import "../../shared/ui/admin-lists.css";

export const waitlistsScreenQuery = graphql`
  query WaitlistsScreenQuery {
    ...WaitlistsScreen_groups
  }
`;

/** A variant as the owner names it: its option values, else its SKU. */
export const variantLabel = (attributes: unknown, sku: string) => {
  const values = attributes && typeof attributes === "object" ? Object.values(attributes as Record<string, unknown>).map(String) : [];
  return values.length ? values.join(" / ") : sku;
};

export const waitlistPath = (productId: number, variantId: number) => `/config/waitlists/${productId}/${variantId}`;

export default function WaitlistsScreen({ queryRef }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(waitlistsScreenQuery, queryRef);
  return (
    <section className="admin-page">
      <h1>{adminMessages.waitlistsHeading}</h1>
      <p>{adminMessages.waitlistsIntro}</p>
      <WaitlistGroups query={data} />
    </section>
  );
}

function WaitlistGroups({ query }: { query: WaitlistsScreen_groups$key }) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment(
    graphql`
      fragment WaitlistsScreen_groups on Query
      @refetchable(queryName: "WaitlistsScreenGroupsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        restockSignUpGroups(first: $first, after: $after) @connection(key: "WaitlistsScreen_restockSignUpGroups") {
          edges {
            node {
              productId
              variantId
              productName
              sku
              attributes
              unlimited
              qtyInStock
              received
              notified
              purchased
              expired
              total
            }
          }
        }
      }
    `,
    query,
  );
  const canSend = useCan("restock.send");
  const confirm = useConfirm();
  const [sendOne, sendingOne] = useSendRestockNotificationsMutation();
  const [sendAll, sendingAll] = useSendAllRestockNotificationsMutation();
  const [report, setReport] = useState<SendReport | null>(null);
  const groups = data.restockSignUpGroups.edges.map((edge) => edge.node);
  const waitingGroups = groups.filter((group) => group.received > 0).slice(0, 100);
  const busy = sendingOne || sendingAll;
  // A transition keeps the list (and what was sent) on screen while the fresh counts load.
  const refresh = () =>
    startTransition(() => {
      refetch({}, { fetchPolicy: "network-only" });
    });

  async function sendFor(group: (typeof groups)[number]) {
    const name = `${group.productName} (${variantLabel(group.attributes, group.sku)})`;
    if (!(await confirm({ title: adminMessages.sendConfirmTitle, body: adminMessages.sendConfirmBody(name), confirmLabel: adminMessages.sendConfirm }))) return;
    setReport(null);
    sendOne({
      variables: { productId: String(group.productId), variantId: String(group.variantId) },
      onCompleted: ({ sendRestockNotifications: result }) => {
        if (result.__typename === "SendRestockNotificationsSuccess") {
          setReport({ ok: true, text: adminMessages.sentResult(result.result?.notified ?? 0, result.result?.waiting ?? 0) });
          refresh();
        } else setReport({ ok: false, text: errorMessage(result as { message?: string }) });
      },
      onError: (error) => setReport({ ok: false, text: describeFailure(error) }),
    });
  }

  async function sendEvery() {
    if (waitingGroups.length === 0) {
      setReport({ ok: false, text: adminMessages.nothingToSend });
      return;
    }
    const confirmed = await confirm({
      title: adminMessages.sendAllConfirmTitle,
      body: adminMessages.sendAllConfirmBody(waitingGroups.length),
      confirmLabel: adminMessages.sendConfirm,
      danger: true,
    });
    if (!confirmed) return;
    setReport(null);
    sendAll({
      variables: { sendRequests: waitingGroups.map((group) => ({ productId: String(group.productId), variantId: String(group.variantId) })) },
      onCompleted: ({ sendAllRestockNotifications: result }) => {
        if (result.__typename === "SendAllRestockNotificationsSuccess") {
          const results = result.results ?? [];
          const notified = results.reduce((sum, each) => sum + each.notified, 0);
          setReport({ ok: true, text: adminMessages.sentAllResult(notified, results.length) });
          refresh();
        } else setReport({ ok: false, text: errorMessage(result as { message?: string }) });
      },
      onError: (error) => setReport({ ok: false, text: describeFailure(error) }),
    });
  }

  if (groups.length === 0) return <p className="empty-state">{adminMessages.waitlistsEmpty}</p>;
  const c = adminMessages.waitlistColumns;
  return (
    <>
      {canSend ? (
        <div className="toolbar">
          <button type="button" className="button primary" onClick={sendEvery} disabled={busy} aria-busy={sendingAll}>
            {sendingAll ? adminMessages.sending : adminMessages.sendAll}
          </button>
        </div>
      ) : null}
      <WaitlistSendNotice report={report} />
      <table className="data-table waitlist-table">
        <thead>
          <tr>
            <th scope="col">{c.product}</th>
            <th scope="col">{c.variant}</th>
            <th scope="col" className="numeric">
              {c.stock}
            </th>
            <th scope="col" className="numeric">
              {c.waiting}
            </th>
            <th scope="col" className="numeric">
              {c.notified}
            </th>
            <th scope="col" className="numeric">
              {c.purchased}
            </th>
            <th scope="col" className="numeric">
              {c.expired}
            </th>
            <th scope="col" className="numeric">
              {c.total}
            </th>
            <th scope="col">{c.actions}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => {
            const variant = variantLabel(group.attributes, group.sku);
            const name = `${group.productName} (${variant})`;
            return (
              <tr key={group.variantId}>
                <td data-label={c.product}>{group.productName}</td>
                <td data-label={c.variant}>{variant}</td>
                <td data-label={c.stock} className="numeric">
                  {group.unlimited ? adminMessages.unlimitedStock : group.qtyInStock}
                </td>
                <td data-label={c.waiting} className="numeric">
                  {group.received}
                </td>
                <td data-label={c.notified} className="numeric">
                  {group.notified}
                </td>
                <td data-label={c.purchased} className="numeric">
                  {group.purchased}
                </td>
                <td data-label={c.expired} className="numeric">
                  {group.expired}
                </td>
                <td data-label={c.total} className="numeric">
                  {group.total}
                </td>
                <td data-label={c.actions}>
                  <div className="row-actions">
                    <Link className="button link" href={waitlistPath(group.productId, group.variantId)} aria-label={adminMessages.viewWaitlistOf(name)}>
                      {adminMessages.viewWaitlist}
                    </Link>
                    {canSend ? (
                      <button
                        type="button"
                        className="button"
                        onClick={() => sendFor(group)}
                        disabled={busy || group.received === 0}
                        aria-label={adminMessages.sendNotificationsOf(name)}
                      >
                        {adminMessages.sendNotifications}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={loadNext} />
    </>
  );
}
