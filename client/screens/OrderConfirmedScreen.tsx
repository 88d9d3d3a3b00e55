import { graphql, usePreloadedQuery } from "react-relay";
import type { OrderConfirmedScreenQuery } from "../__generated__/OrderConfirmedScreenQuery.graphql";
import { Link, type ScreenProps } from "../router/Router.tsx";
import { NotFound } from "./NotFoundScreen.tsx";
import { messages } from "../../server/domain/messages.ts";

export const orderConfirmedScreenQuery = graphql`
  query OrderConfirmedScreenQuery($orderId: String!) {
    order(orderId: $orderId) {
      orderNumber
      customerEmail
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
      taxTotal {
        value
        formatted
      }
      shippingTotal {
        value
        formatted
      }
      grandTotal {
        formatted
      }
    }
  }
`;

export default function OrderConfirmedScreen({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<OrderConfirmedScreenQuery>(orderConfirmedScreenQuery, queryRef as never);
  const order = data.order;
  if (!order) return <NotFound />;
  return (
    <section className="order-confirmed" aria-labelledby="order-title">
      <h1 id="order-title">{messages.orderThankYou(order.orderNumber)}</h1>
      {order.customerEmail ? <p>{messages.orderConfirmationGoesTo(order.customerEmail)}</p> : null}
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={`${item.sku}-${item.productName}`}>
            {item.quantity} × {item.productName} <span>{item.unitPrice.formatted}</span>
          </li>
        ))}
      </ul>
      <dl className="cart-totals">
        <dt>{messages.subtotal}</dt>
        <dd>{order.subtotal.formatted}</dd>
        {order.discountTotal.value > 0 ? (
          <>
            <dt>{messages.discount}</dt>
            <dd>-{order.discountTotal.formatted}</dd>
          </>
        ) : null}
        {order.shippingTotal.value > 0 ? (
          <>
            <dt>{messages.shipping}</dt>
            <dd>{order.shippingTotal.formatted}</dd>
          </>
        ) : null}
        {order.taxTotal.value > 0 ? (
          <>
            <dt>{messages.tax}</dt>
            <dd>{order.taxTotal.formatted}</dd>
          </>
        ) : null}
        <dt>{messages.total}</dt>
        <dd className="order-grand-total">{order.grandTotal.formatted}</dd>
      </dl>
      <Link href="/">{messages.continueShopping}</Link>
    </section>
  );
}
