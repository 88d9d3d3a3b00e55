// Waitlists (/config/waitlists): one row per variant with sign-ups, its counts by status, paged by
// cursor; send a variant's notifications, or every shown waitlist's ("send all"), behind the confirm
// dialog, and say after what was sent.
import { startTransition, useState, type ReactNode } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { WaitlistsScreenQuery as Query } from "../../__generated__/WaitlistsScreenQuery.graphql.ts";
import type { WaitlistsScreen_groups$data, WaitlistsScreen_groups$key } from "../../__generated__/WaitlistsScreen_groups.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable.tsx";
import { WaitlistSendNotice, type SendReport } from "./WaitlistSendNotice.tsx";
import { useSendAllRestockNotificationsMutation } from "./SendAllRestockNotificationsMutation.ts";
import { useSendWaitlist } from "./SendRestockNotificationsMutation.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import { variantLabel } from "../../shared/admin/RestockGroup.ts";
import "../../shared/ui/admin-lists.css";

export const waitlistsScreenQuery = graphql`
  query WaitlistsScreenQuery {
    ...WaitlistsScreen_groups
  }
`;

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
  const { data, refetch, ...paging } = usePaginationFragment(
    graphql`
      fragment WaitlistsScreen_groups on Query
      @refetchable(queryName: "WaitlistsScreenGroupsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        restockSignUpGroups(first: $first, after: $after) @connection(key: "WaitlistsScreen_restockSignUpGroups") {
          edges {
            node {
              ...RestockGroup_counts @relay(mask: false)
            }
          }
        }
      }
    `,
    query,
  );
  const canSend = useCan("restock.send");
  const confirm = useConfirm();
  const [report, setReport] = useState<SendReport | null>(null);
  const [sendOne, sendingOne] = useSendWaitlist(setReport);
  const [sendAll, sendingAll] = useSendAllRestockNotificationsMutation();
  const groups = data.restockSignUpGroups.edges.map((edge) => edge.node);
  const waitingGroups = groups.filter((group) => group.received > 0).slice(0, 100);
  const busy = sendingOne || sendingAll;
  // A transition keeps the list (and what was sent) on screen while the fresh counts load.
  const refresh = () =>
    startTransition(() => {
      refetch({}, { fetchPolicy: "network-only" });
    });

  const sendFor = (group: (typeof groups)[number]) => sendOne(group, `${group.productName} (${variantLabel(group.attributes, group.sku)})`, refresh);

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

  const c = adminMessages.waitlistColumns;
  const count = (header: string, value: (group: WaitlistGroup) => ReactNode): ListColumn<WaitlistGroup> => ({ header, numeric: true, cell: value });
  const columns: ListColumn<WaitlistGroup>[] = [
    { header: c.product, cell: (group) => group.productName },
    { header: c.variant, cell: (group) => variantLabel(group.attributes, group.sku) },
    count(c.stock, (group) => (group.unlimited ? adminMessages.unlimitedStock : group.qtyInStock)),
    count(c.waiting, (group) => group.received),
    count(c.notified, (group) => group.notified),
    count(c.purchased, (group) => group.purchased),
    count(c.expired, (group) => group.expired),
    count(c.total, (group) => group.total),
    {
      header: c.actions,
      cell: (group) => {
        const name = `${group.productName} (${variantLabel(group.attributes, group.sku)})`;
        return (
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
        );
      },
    },
  ];
  return (
    <ListTable
      rows={groups}
      rowKey={(group) => group.variantId}
      columns={columns}
      empty={adminMessages.waitlistsEmpty}
      paging={paging}
      className="data-table waitlist-table"
    >
      {canSend ? (
        <div className="toolbar">
          <button type="button" className="button primary" onClick={sendEvery} disabled={busy} aria-busy={sendingAll}>
            {sendingAll ? adminMessages.sending : adminMessages.sendAll}
          </button>
        </div>
      ) : null}
      <WaitlistSendNotice report={report} />
    </ListTable>
  );
}

type WaitlistGroup = WaitlistsScreen_groups$data["restockSignUpGroups"]["edges"][number]["node"];
