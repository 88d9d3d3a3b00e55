// The order status page without an account (/order-status/<token>, page type 211, issue 24 §3): the
// order's state in the shopper's words, its items and totals, its shipments with tracking, its
// downloads, and "Buy again". A revoked link says so and how to get help; an unknown one is not found.
import { useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { OrderStatusLinkScreenQuery } from "../../__generated__/OrderStatusLinkScreenQuery.graphql";
import { Link, useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { NotFound } from "../../shared/ui/NotFoundScreen.tsx";
import { DownloadItems } from "../../shared/downloads/DownloadList.tsx";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { orderStatusMessages as text } from "../../../server/domain/messages/order-status.ts";
import { useReorderMutation } from "./ReorderMutation.ts";

export const orderStatusLinkScreenQuery = graphql`
  query OrderStatusLinkScreenQuery($token: String!) {
    orderStatus(token: $token) {
      revoked
      order {
        orderNumber
        placedAt
        state
        items {
          productName
          quantity
          attributes {
            name
            value
          }
          unitPrice {
            formatted
          }
        }
        subtotal {
          value
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
        giftCardTotal {
          value
          formatted
        }
        grandTotal {
          formatted
        }
        shipments {
          carrier
          trackingNumber
          trackingUrl
          shippedAt
          lines {
            productName
            quantity
          }
        }
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
  }
`;

export default function OrderStatusLinkScreen({ queryRef, match }: ScreenProps<OrderStatusLinkScreenQuery>) {
  const { orderStatus } = usePreloadedQuery<OrderStatusLinkScreenQuery>(orderStatusLinkScreenQuery, queryRef);
  if (!orderStatus) return <NotFound />;
  const order = orderStatus.order;
  if (orderStatus.revoked || !order) {
    return (
      <section className="member-page order-status" aria-labelledby="order-status-title">
        <h1 id="order-status-title">{text.revokedTitle}</h1>
        <p>{text.revokedLead}</p>
        <p>
          <Link href="/contact">{text.contactStore}</Link>
        </p>
      </section>
    );
  }
  const amounts: [string, { value: number; formatted: string }][] = [
    [messages.subtotal, order.subtotal],
    [messages.discount, order.discountTotal],
    [messages.shipping, order.shippingTotal],
    [messages.tax, order.taxTotal],
  ];
  return (
    <section className="member-page order-status" aria-labelledby="order-status-title">
      <h1 id="order-status-title">{text.orderNumber(order.orderNumber)}</h1>
      <p className="member-order-meta">
        {messages.orderPlacedOn(formatDateTime(String(order.placedAt)))} ·{" "}
        <strong className={`order-state order-state-${order.state.toLowerCase()}`}>{text.states[order.state] ?? order.state}</strong>
      </p>
      <h2>{text.items}</h2>
      <ul className="order-items">
        {order.items.map((item, index) => (
          <li key={`${index}-${item.productName}`}>
            {item.quantity} × {item.productName}
            {item.attributes.length > 0 && ` (${item.attributes.map((attribute) => attribute.value).join(", ")})`} <span>{item.unitPrice.formatted}</span>
          </li>
        ))}
      </ul>
      <dl className="cart-totals">
        {amounts
          .filter(([, amount]) => amount.value > 0)
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
      <BuyAgain token={match.params.token} />
      <section className="order-shipments" aria-labelledby="order-shipments-title">
        <h2 id="order-shipments-title">{text.shipments}</h2>
        {order.shipments.length === 0 ? (
          <p>{text.noShipmentsYet}</p>
        ) : (
          <ol className="order-shipment-list">
            {order.shipments.map((shipment, index) => (
              <li key={index} className="order-shipment">
                <h3>{text.shipmentHeading(index + 1)}</h3>
                <p>{formatDateTime(String(shipment.shippedAt))}</p>
                <ul>
                  {shipment.lines.map((line, lineIndex) => (
                    <li key={lineIndex}>
                      {line.quantity} × {line.productName}
                    </li>
                  ))}
                </ul>
                {shipment.carrier && (
                  <p>
                    {text.carrier}: {shipment.carrier}
                  </p>
                )}
                {shipment.trackingNumber && (
                  <p>
                    {text.trackingNumber}: {shipment.trackingNumber}
                  </p>
                )}
                {shipment.trackingUrl && (
                  <p>
                    <a href={shipment.trackingUrl} rel="noopener noreferrer" target="_blank">
                      {text.trackPackage}
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <DownloadItems downloads={order.downloads} />
    </section>
  );
}

function BuyAgain({ token }: { token: string }) {
  const [commit, inFlight] = useReorderMutation();
  const { navigate } = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [leftOut, setLeftOut] = useState<readonly string[]>([]);
  const buyAgain = () =>
    commit({
      variables: { token },
      onCompleted: ({ reorder }) => {
        if (!reorder.leftOut) {
          setProblem(reorder.message ?? messages.somethingWentWrong);
          return;
        }
        // Everything went back: the cart opens; otherwise the notice names what did not (with the cart's link).
        if (reorder.leftOut.length === 0) navigate("/cart");
        else setLeftOut(reorder.leftOut);
      },
      onError: () => setProblem(messages.somethingWentWrong),
    });
  return (
    <div className="order-buy-again">
      <button type="button" className="button" onClick={buyAgain} disabled={inFlight}>
        {inFlight ? text.buyingAgain : text.buyAgain}
      </button>
      {leftOut.length > 0 && (
        <p role="status" className="notice">
          {text.buyAgainLeftOut(leftOut.join(", "))} <Link href="/cart">{messages.cartPageTitle}</Link>
        </p>
      )}
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
    </div>
  );
}
