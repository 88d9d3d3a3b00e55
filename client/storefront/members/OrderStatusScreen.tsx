// The order status page (page type 211): one of the signed-in member's orders. Anyone else's order,
// or a visitor who is not signed in, sees no order.
import { graphql, usePreloadedQuery } from "react-relay";
import type { OrderStatusScreenQuery } from "../../__generated__/OrderStatusScreenQuery.graphql";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { memberMessages } from "../../../server/domain/messages/members.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { formatOrderDate, SignInPrompt } from "./AccountScreen.tsx";
import { DownloadList } from "../../shared/downloads/DownloadList.tsx";

export const orderStatusScreenQuery = graphql`
  query OrderStatusScreenQuery($orderId: String!) {
    viewer {
      signedIn
      order(orderId: $orderId) {
        state
        subscription
        order {
          orderNumber
          createdAt
          items {
            sku
            productName
            quantity
            unitPrice {
              formatted
            }
          }
          subtotal {
            formatted
          }
          discountTotal {
            value
            formatted
          }
          shippingTotal {
            value
            formatted
          }
          taxTotal {
            value
            formatted
          }
          grandTotal {
            formatted
          }
          ...DownloadList_order
        }
      }
    }
  }
`;

export default function OrderStatusScreen({ queryRef, match }: ScreenProps<OrderStatusScreenQuery>) {
  const { viewer } = usePreloadedQuery<OrderStatusScreenQuery>(orderStatusScreenQuery, queryRef);
  const row = viewer.order;
  if (!viewer.signedIn || !row) {
    return (
      <section className="member-page" aria-labelledby="order-status-title">
        <h1 id="order-status-title">{messages.orderStatusPageTitle}</h1>
        {viewer.signedIn ? (
          <p>
            {memberMessages.orderNotYours} <Link href="/account">{memberMessages.backToAccount}</Link>
          </p>
        ) : (
          <SignInPrompt returnTo={`/account/orders/${encodeURIComponent(match.params.orderId)}`} />
        )}
      </section>
    );
  }
  const { order } = row;
  const amounts: [string, { value?: number; formatted: string }][] = [
    [messages.subtotal, order.subtotal],
    [messages.discount, order.discountTotal],
    [messages.shipping, order.shippingTotal],
    [messages.tax, order.taxTotal],
  ];
  return (
    <section className="member-page order-status" aria-labelledby="order-status-title">
      <p>
        <Link href="/account">{memberMessages.backToAccount}</Link>
      </p>
      <h1 id="order-status-title">{memberMessages.orderNumber(order.orderNumber)}</h1>
      <p className="member-order-meta">
        {messages.orderPlacedOn(formatOrderDate(order.createdAt))} ·{" "}
        <strong className={`order-state order-state-${row.state.toLowerCase()}`}>{memberMessages.memberOrderStates[row.state] ?? row.state}</strong>
      </p>
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={`${item.sku}-${item.productName}`}>
            {item.quantity} × {item.productName} <span>{item.unitPrice.formatted}</span>
          </li>
        ))}
      </ul>
      <dl className="cart-totals">
        {amounts
          .filter(([, amount]) => amount.value === undefined || amount.value > 0)
          .map(([label, amount]) => (
            <div key={label} className="cart-totals-row">
              <dt>{label}</dt>
              <dd>{amount.formatted}</dd>
            </div>
          ))}
        <div className="cart-totals-row">
          <dt>{messages.total}</dt>
          <dd className="order-grand-total">{order.grandTotal.formatted}</dd>
        </div>
      </dl>
      <DownloadList order={order} />
    </section>
  );
}
