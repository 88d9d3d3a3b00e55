// The orders list: a page of orders newest first, the next page on demand (Pager), and new orders
// (from any server) shown without reload: the list is read again when one is placed.
import { startTransition, useCallback, useState } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { graphql, usePaginationFragment } from "react-relay";
import type { OrderList_query$key } from "../../__generated__/OrderList_query.graphql";
import type { OrderListPaginationQuery } from "../../__generated__/OrderListPaginationQuery.graphql";
import { Link } from "../../shared/router/Router.tsx";
import { Pager } from "../../shared/ui/Pager.tsx";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { useOwnerOrderActivity, type OrderActivity } from "./OwnerOrderActivitySubscription.ts";

const text = adminMessages.orders;

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
        <table className="data-table orders-table">
          <thead>
            <tr>
              <th scope="col">{text.columns.order}</th>
              <th scope="col">{text.columns.placed}</th>
              <th scope="col">{text.columns.customer}</th>
              <th scope="col">{text.columns.state}</th>
              <th scope="col" className="numeric">
                {text.columns.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td data-label={text.columns.order}>
                  <Link href={`/config/orders/${encodeURIComponent(order.orderId)}`}>{text.orderNumber(order.orderNumber)}</Link>
                </td>
                <td data-label={text.columns.placed}>{formatDateTime(order.createdAt as string)}</td>
                <td data-label={text.columns.customer}>{order.customerEmail ?? text.noCustomerEmail}</td>
                <td data-label={text.columns.state}>
                  <span className={`badge ${order.state.toLowerCase()}`}>{text.stateNames[order.state] ?? order.state}</span>
                </td>
                <td data-label={text.columns.total} className="numeric">
                  {order.grandTotal.formatted}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager hasNext={hasNext} isLoading={isLoadingNext} loadNext={() => loadNext(20)} />
    </>
  );
}
