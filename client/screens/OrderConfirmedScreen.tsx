import { graphql, usePreloadedQuery } from "react-relay";
import type { OrderConfirmedScreenQuery } from "../__generated__/OrderConfirmedScreenQuery.graphql";
import { Link, type ScreenProps } from "../router/Router.tsx";
import { NotFound } from "./NotFoundScreen.tsx";

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
      <h1 id="order-title">Thank you! Order #{order.orderNumber} is confirmed</h1>
      {order.customerEmail ? <p>A confirmation goes to {order.customerEmail}.</p> : null}
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={`${item.sku}-${item.productName}`}>
            {item.quantity} × {item.productName} <span>{item.unitPrice.formatted}</span>
          </li>
        ))}
      </ul>
      <dl className="cart-totals">
        <dt>Subtotal</dt>
        <dd>{order.subtotal.formatted}</dd>
        {order.discountTotal.value > 0 ? (
          <>
            <dt>Discount</dt>
            <dd>-{order.discountTotal.formatted}</dd>
          </>
        ) : null}
        {order.shippingTotal.value > 0 ? (
          <>
            <dt>Shipping</dt>
            <dd>{order.shippingTotal.formatted}</dd>
          </>
        ) : null}
        {order.taxTotal.value > 0 ? (
          <>
            <dt>Tax</dt>
            <dd>{order.taxTotal.formatted}</dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd className="order-grand-total">{order.grandTotal.formatted}</dd>
      </dl>
      <Link href="/">Continue shopping</Link>
    </section>
  );
}
