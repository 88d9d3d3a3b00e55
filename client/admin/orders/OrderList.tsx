// The orders list: a page of orders newest first, the next page on demand (Pager), and new orders
// (from any server) shown without reload: the list is read again when one is placed.
import { startTransition, useCallback, useState } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { graphql, usePaginationFragment } from "react-relay";
import type { OrderList_query$data, OrderList_query$key } from "../../__generated__/OrderList_query.graphql";
import type { OrderListPaginationQuery } from "../../__generated__/OrderListPaginationQuery.graphql";
import { Link } from "../../shared/router/Router.tsx";
import { DataTable, type ListColumn } from "../../shared/ui/ListTable.tsx";
import { Pager } from "../../shared/ui/Pager.tsx";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { useOwnerOrderActivity, type OrderActivity } from "./OwnerOrderActivitySubscription.ts";
import "./refunds.css";

const text = adminMessages.orders;
const refundText = adminMessages.order.refunds;

export function OrderList({ query, filtered }: { query: OrderList_query$key; filtered: boolean }) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<OrderListPaginationQuery, OrderList_query$key>(
    graphql`
      fragment OrderList_query on Query
      @refetchable(queryName: "OrderListPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 20 }
        cursor: { type: "String" }
        search: { type: "String" }
        state: { type: "OrderState" }
        placedAfter: { type: "DateTime" }
        placedBefore: { type: "DateTime" }
      ) {
        ownerOrders(first: $count, after: $cursor, search: $search, state: $state, placedAfter: $placedAfter, placedBefore: $placedBefore)
          @connection(key: "OrderList_ownerOrders", filters: ["search", "state", "placedAfter", "placedBefore"]) {
          edges {
            node {
              id
              orderId
              orderNumber
              state @required(action: THROW)
              refundStatus
              disputedAt
              customerEmail
              createdAt
              grandTotal {
                formatted
              }
            }
          }
        }
      }
    `,
    query,
  );
  const [arrived, setArrived] = useState<number | null>(null);

  const onActivity = useCallback(
    (event: OrderActivity) => {
      if (!event.placed) return; // a move updates its order in place (it has an id)
      if (event.order) setArrived(event.order.orderNumber);
      startTransition(() => {
        refetch({}, { fetchPolicy: "network-only" });
      });
    },
    [refetch],
  );
  useOwnerOrderActivity(onActivity);

  const orders = data.ownerOrders.edges.map((edge) => edge.node);
  return (
    <>
      <div role="status" aria-live="polite">
        {arrived !== null ? <p className="notice">{text.newOrder(arrived)}</p> : null}
      </div>
      {orders.length === 0 ? (
        <p className="empty-state">{filtered ? text.noMatch : text.empty}</p>
      ) : (
        <DataTable rows={orders} rowKey={(order) => order.id} columns={orderColumns} className="data-table orders-table" />
      )}
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={() => loadNext(20)} />
    </>
  );
}

type OrderRow = OrderList_query$data["ownerOrders"]["edges"][number]["node"];

const orderColumns: ListColumn<OrderRow>[] = [
  {
    header: text.columns.order,
    cell: (order) => <Link href={`/config/orders/${encodeURIComponent(order.orderId)}`}>{text.orderNumber(order.orderNumber)}</Link>,
  },
  { header: text.columns.placed, cell: (order) => formatDateTime(order.createdAt as string) },
  { header: text.columns.customer, cell: (order) => order.customerEmail ?? text.noCustomerEmail },
  {
    header: text.columns.state,
    cell: (order) => (
      <>
        <span className={`badge ${order.state.toLowerCase()}`}>{text.stateNames[order.state] ?? order.state}</span>
        {/* A partial refund leaves the state alone: it shows beside it (issue 22), as does a dispute. */}
        {order.refundStatus === "PARTIAL" ? <span className="badge refund-partial">{refundText.statusNames.PARTIAL}</span> : null}
        {order.disputedAt ? <span className="badge disputed">{refundText.disputed}</span> : null}
      </>
    ),
  },
  { header: text.columns.total, numeric: true, cell: (order) => order.grandTotal.formatted },
];
