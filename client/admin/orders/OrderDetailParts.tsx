// The owner's order page, part by part: the items with the totals, the gift cards the order issued and
// its subscription (the order's fragment is OrderDetail's; these show its data).
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { formatMoney } from "../../../server/domain/money.ts";
import type { OrderDetail_order$data } from "../../__generated__/OrderDetail_order.graphql";
import { formatDateTime } from "../../shared/format/date-time.ts";

const text = adminMessages.order;

/** The items (a line total in the currency's own decimals) and the totals. */
export function OrderItems({ order }: { order: OrderDetail_order$data }) {
  return (
    <section className="card" aria-labelledby="order-items">
      <h2 id="order-items">{text.items}</h2>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{text.itemColumns.product}</th>
            <th scope="col">{text.itemColumns.sku}</th>
            <th scope="col" className="numeric">
              {text.itemColumns.quantity}
            </th>
            <th scope="col" className="numeric">
              {text.itemColumns.unitPrice}
            </th>
            <th scope="col" className="numeric">
              {text.itemColumns.lineTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => {
            const options = item.attributes.map((attribute) => attribute.value).join(" / ");
            const line = formatMoney({ value: item.unitPrice.value * item.quantity, currency: item.unitPrice.currency });
            return (
              <tr key={`${item.sku}-${index}`}>
                <td data-label={text.itemColumns.product}>
                  {item.productName}
                  {options ? <span className="order-item-options">{options}</span> : null}
                </td>
                <td data-label={text.itemColumns.sku}>{item.sku}</td>
                <td data-label={text.itemColumns.quantity} className="numeric">
                  {item.quantity}
                </td>
                <td data-label={text.itemColumns.unitPrice} className="numeric">
                  {item.unitPrice.formatted}
                </td>
                <td data-label={text.itemColumns.lineTotal} className="numeric">
                  {line}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="order-totals" aria-label={text.totals}>
        <div>
          <dt>{text.subtotal}</dt>
          <dd>{order.subtotal.formatted}</dd>
        </div>
        {order.discountTotal.value > 0 ? (
          <div>
            <dt>{text.discount}</dt>
            <dd>{order.discountTotal.formatted}</dd>
          </div>
        ) : null}
        <div>
          <dt>{text.shipping}</dt>
          <dd>{order.shippingTotal.formatted}</dd>
        </div>
        <div>
          <dt>{text.tax}</dt>
          <dd>{order.taxTotal.formatted}</dd>
        </div>
        {order.couponCodes.length > 0 ? (
          <div>
            <dt>{text.coupons}</dt>
            <dd>{order.couponCodes.join(", ")}</dd>
          </div>
        ) : null}
        {order.giftCardPayments.map((payment) => (
          <div key={payment.maskedCode}>
            <dt>{text.giftCardPaid(payment.maskedCode)}</dt>
            <dd>−{payment.amount.formatted}</dd>
          </div>
        ))}
        <div className="order-grand-total">
          <dt>{text.grandTotal}</dt>
          <dd>{order.grandTotal.formatted}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The gift cards the order issued, with their codes. */
export function OrderGiftCards({ order }: { order: OrderDetail_order$data }) {
  return (
    <section className="card" aria-labelledby="order-gift-cards">
      <h2 id="order-gift-cards">{text.giftCardsHeading}</h2>
      <p className="field-hint">{text.giftCardCodeHint}</p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{text.giftCardColumns.code}</th>
            <th scope="col">{text.giftCardColumns.recipient}</th>
            <th scope="col" className="numeric">
              {text.giftCardColumns.value}
            </th>
            <th scope="col" className="numeric">
              {text.giftCardColumns.balance}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.giftCardsIssued.map((card) => (
            <tr key={card.maskedCode}>
              <td data-label={text.giftCardColumns.code}>
                <code>{card.maskedCode}</code>
              </td>
              <td data-label={text.giftCardColumns.recipient}>{card.recipientEmail}</td>
              <td data-label={text.giftCardColumns.value} className="numeric">
                {card.initialBalance.formatted}
              </td>
              <td data-label={text.giftCardColumns.balance} className="numeric">
                {card.balance.formatted}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The subscription the order started: plan, state, cycles billed, next billing. */
export function OrderSubscription({ subscription }: { subscription: NonNullable<OrderDetail_order$data["subscription"]> }) {
  return (
    <section className="card" aria-labelledby="order-subscription">
      <h2 id="order-subscription">{text.subscriptionHeading}</h2>
      <dl className="order-facts">
        <div>
          <dt>{text.subscriptionPlan}</dt>
          <dd>{subscription.planText}</dd>
        </div>
        <div>
          <dt>{text.subscriptionState}</dt>
          <dd>{text.subscriptionStates[subscription.state] ?? subscription.state}</dd>
        </div>
        <div>
          <dt>{text.subscriptionCycles}</dt>
          <dd>{subscription.cyclesBilled}</dd>
        </div>
        <div>
          <dt>{text.subscriptionNextBilling}</dt>
          <dd>
            {subscription.nextBillingAt ? formatDateTime(subscription.nextBillingAt) : text.subscriptionNoNextBilling}
            {subscription.nextBillingAt && subscription.skipNext ? ` ${text.subscriptionSkipsNext}` : null}
          </dd>
        </div>
      </dl>
    </section>
  );
}
