import { useEffect } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import type { OrderConfirmedScreenQuery } from "../../__generated__/OrderConfirmedScreenQuery.graphql";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { NotFound } from "../../shared/ui/NotFoundScreen.tsx";
import { track } from "../../shared/tracking/track.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import { DownloadList } from "../../shared/downloads/DownloadList.tsx";

export const orderConfirmedScreenQuery = graphql`
  query OrderConfirmedScreenQuery($orderId: String!, $locale: String) {
    # The owner's ads pixel (null when none, or when this viewer is not tracked): the purchase goes to it too.
    storefrontPage(path: "/") {
      tracking {
        pixelId
      }
    }
    order(orderId: $orderId) {
      orderId
      purchasedCartId
      testMode
      orderNumber
      customerEmail
      shippingOption
      items {
        itemId
        sku
        productName
        quantity
        attributes {
          name
          value
        }
        unitPrice {
          value
          formatted
        }
      }
      shippingAddress {
        lines(locale: $locale)
        formattedPhone
      }
      billingAddress {
        lines(locale: $locale)
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
      giftCardTotal {
        value
        formatted
      }
      grandTotal {
        value
        currency
        formatted
      }
      ...DownloadList_order
      issuedGiftCards {
        code
        recipientEmail
        amount {
          formatted
        }
      }
    }
  }
`;

export default function OrderConfirmedScreen({ queryRef }: ScreenProps<OrderConfirmedScreenQuery>) {
  const data = usePreloadedQuery<OrderConfirmedScreenQuery>(orderConfirmedScreenQuery, queryRef);
  const order = data.order;
  // The purchase event carries the order for analytics (storefront §4), from the order this page shows.
  useEffect(() => {
    if (order)
      track(
        "purchase",
        {
          id: order.orderId,
          purchasedCartId: order.purchasedCartId,
          testMode: order.testMode,
          currency: order.grandTotal.currency,
          items: order.items.map((item) => ({
            sku: item.sku ?? null,
            productName: item.productName,
            productId: /^\d+$/.test(item.itemId) ? Number(item.itemId) : null,
            quantity: item.quantity,
            unitPrice: item.unitPrice.value,
          })),
          grandTotal: order.grandTotal.value,
          shippingTotal: order.shippingTotal.value,
          taxTotal: order.taxTotal.value,
        },
        data.storefrontPage?.tracking?.pixelId,
      );
  }, [order, data.storefrontPage]);
  if (!order) return <NotFound />;
  return (
    <section className="order-confirmed" aria-labelledby="order-title">
      <h1 id="order-title">{messages.orderThankYou(order.orderNumber)}</h1>
      {order.customerEmail ? <p>{messages.orderConfirmationGoesTo(order.customerEmail)}</p> : null}
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={`${item.sku}-${item.productName}`}>
            {item.quantity} × {item.productName}
            {item.attributes.length > 0 ? (
              <span className="order-item-options">{` (${item.attributes.map((attribute) => attribute.value).join(" / ")})`}</span>
            ) : null}{" "}
            <span>{item.unitPrice.formatted}</span>
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
            <dt>{order.shippingOption ? `${messages.shipping} (${order.shippingOption})` : messages.shipping}</dt>
            <dd>{order.shippingTotal.formatted}</dd>
          </>
        ) : null}
        {order.taxTotal.value > 0 ? (
          <>
            <dt>{messages.tax}</dt>
            <dd>{order.taxTotal.formatted}</dd>
          </>
        ) : null}
        {order.giftCardTotal.value > 0 ? (
          <>
            <dt>{checkoutMessages.giftCardsApplied}</dt>
            <dd>-{order.giftCardTotal.formatted}</dd>
          </>
        ) : null}
        <dt>{messages.total}</dt>
        <dd className="order-grand-total">{order.grandTotal.formatted}</dd>
      </dl>
      {order.shippingAddress || order.billingAddress ? (
        <div className="order-addresses">
          {order.shippingAddress ? (
            <section aria-labelledby="order-shipping-title">
              <h2 id="order-shipping-title">{messages.shippingAddress}</h2>
              <address className="order-shipping-address">
                {order.shippingAddress.lines.map((line, index) => (
                  <span key={index}>{line}</span>
                ))}
                {order.shippingAddress.formattedPhone ? <span>{order.shippingAddress.formattedPhone}</span> : null}
              </address>
            </section>
          ) : null}
          {order.billingAddress ? (
            <section aria-labelledby="order-billing-title">
              <h2 id="order-billing-title">{checkoutMessages.billingAddress}</h2>
              <address className="order-billing-address">
                {order.billingAddress.lines.map((line, index) => (
                  <span key={index}>{line}</span>
                ))}
              </address>
            </section>
          ) : null}
        </div>
      ) : null}
      <DownloadList order={order} />
      {order.issuedGiftCards.length > 0 ? (
        <section aria-labelledby="order-gift-cards-title">
          <h2 id="order-gift-cards-title">{checkoutMessages.giftCardsIssued}</h2>
          <ul className="issued-gift-cards">
            {order.issuedGiftCards.map((card) => (
              <li key={card.code}>
                <span className="gift-card-code">{card.code}</span> {card.amount.formatted} {card.recipientEmail}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link href="/">{messages.continueShopping}</Link>
    </section>
  );
}
