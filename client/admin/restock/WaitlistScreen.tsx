// One variant's waitlist (/config/waitlists/:productId/:variantId): its counts, its sign-ups in queue
// order (email, status, place, dates) paged by cursor, and "send" behind the confirm dialog.
import { useState } from "react";
import { fetchQuery, graphql, usePaginationFragment, usePreloadedQuery, useRelayEnvironment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { WaitlistScreenQuery as Query } from "../../__generated__/WaitlistScreenQuery.graphql.ts";
import type { WaitlistScreen_signUps$data, WaitlistScreen_signUps$key } from "../../__generated__/WaitlistScreen_signUps.graphql.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { DateTime } from "../../shared/ui/DateTime.tsx";
import { ListTable, type ListColumn } from "../../shared/ui/ListTable.tsx";
import { WaitlistSendNotice, type SendReport } from "./WaitlistSendNotice.tsx";
import { useSendWaitlist } from "./SendRestockNotificationsMutation.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import { variantLabel } from "../../shared/admin/RestockGroup.ts";
import "../../shared/ui/admin-lists.css";

export const waitlistScreenQuery = graphql`
  query WaitlistScreenQuery($productId: ID!, $variantId: ID!) {
    restockSignUpGroup(productId: $productId, variantId: $variantId) {
      ...RestockGroup_counts @relay(mask: false)
    }
    ...WaitlistScreen_signUps @arguments(productId: $productId, variantId: $variantId)
  }
`;

export default function WaitlistScreen({ queryRef }: ScreenProps<Query>) {
  const preloaded = queryRef;
  const data = usePreloadedQuery<Query>(waitlistScreenQuery, preloaded);
  const environment = useRelayEnvironment();
  const group = data.restockSignUpGroup;
  const canSend = useCan("restock.send");
  const [report, setReport] = useState<SendReport | null>(null);
  const [send, sending] = useSendWaitlist(setReport);
  if (!group) {
    return (
      <section className="admin-page">
        <p>
          <Link href="/config/waitlists">{adminMessages.allWaitlists}</Link>
        </p>
        <h1>{adminMessages.waitlistsHeading}</h1>
        <p className="empty-state">{adminMessages.waitlistNotFound}</p>
      </section>
    );
  }
  const variant = variantLabel(group.attributes, group.sku);
  const name = `${group.productName} (${variant})`;
  const c = adminMessages.waitlistColumns;

  // Counts, statuses and places changed: read the group and the queue's first page again.
  const sendNow = () =>
    send(group, name, () => {
      fetchQuery(environment, waitlistScreenQuery, preloaded.variables, { fetchPolicy: "network-only" }).subscribe({});
    });

  return (
    <section className="admin-page">
      <p>
        <Link href="/config/waitlists">{adminMessages.allWaitlists}</Link>
      </p>
      <h1>{adminMessages.waitlistHeading(group.productName, variant)}</h1>
      <dl className="waitlist-counts">
        <div>
          <dt>{c.stock}</dt>
          <dd>{group.unlimited ? adminMessages.unlimitedStock : group.qtyInStock}</dd>
        </div>
        <div>
          <dt>{c.waiting}</dt>
          <dd>{group.received}</dd>
        </div>
        <div>
          <dt>{c.notified}</dt>
          <dd>{group.notified}</dd>
        </div>
        <div>
          <dt>{c.purchased}</dt>
          <dd>{group.purchased}</dd>
        </div>
        <div>
          <dt>{c.expired}</dt>
          <dd>{group.expired}</dd>
        </div>
      </dl>
      {canSend ? (
        <div className="toolbar">
          <button
            type="button"
            className="button primary"
            onClick={sendNow}
            disabled={sending || group.received === 0}
            aria-busy={sending}
            aria-label={adminMessages.sendNotificationsOf(name)}
          >
            {sending ? adminMessages.sending : adminMessages.sendNotifications}
          </button>
        </div>
      ) : null}
      <WaitlistSendNotice report={report} />
      <SignUps query={data} />
    </section>
  );
}

function SignUps({ query }: { query: WaitlistScreen_signUps$key }) {
  const { data, ...paging } = usePaginationFragment(
    graphql`
      fragment WaitlistScreen_signUps on Query
      @refetchable(queryName: "WaitlistScreenSignUpsPaginationQuery")
      @argumentDefinitions(productId: { type: "ID!" }, variantId: { type: "ID!" }, first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        restockSignUps(productId: $productId, variantId: $variantId, first: $first, after: $after)
          @connection(key: "WaitlistScreen_restockSignUps", filters: ["productId", "variantId"]) {
          edges {
            node {
              signUpId
              email
              status
              queuePosition
              createdAt
              notifiedAt
              expiresAt
            }
          }
        }
      }
    `,
    query,
  );
  const signUps = data.restockSignUps.edges.map((edge) => edge.node);
  return <ListTable rows={signUps} rowKey={(signUp) => signUp.signUpId} columns={signUpColumns} empty={adminMessages.signUpsEmpty} paging={paging} />;
}

type SignUp = WaitlistScreen_signUps$data["restockSignUps"]["edges"][number]["node"];

const columnNames = adminMessages.waitlistColumns;
const signUpColumns: ListColumn<SignUp>[] = [
  { header: columnNames.place, numeric: true, cell: (signUp) => signUp.queuePosition ?? adminMessages.noQueuePlace },
  { header: columnNames.email, cell: (signUp) => signUp.email },
  {
    header: columnNames.status,
    cell: (signUp) => <span className={`badge ${signUp.status.toLowerCase()}`}>{adminMessages.waitlistStatusNames[signUp.status] ?? signUp.status}</span>,
  },
  { header: columnNames.signedUp, cell: (signUp) => <DateTime value={signUp.createdAt as string} /> },
  { header: columnNames.notifiedAt, cell: (signUp) => <DateTime value={signUp.notifiedAt as string | null} /> },
  { header: columnNames.expiresAt, cell: (signUp) => <DateTime value={signUp.expiresAt as string} /> },
];
