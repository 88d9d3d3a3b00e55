// The owner's order page, part by part: the items with the totals, the gift cards the order issued and
// its subscription (the order's fragment is OrderDetail's; these show its data).
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { formatMoney } from "../../../server/domain/money.ts";
import type { OrderDetail_order$data } from "../../__generated__/OrderDetail_order.graphql";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { DataTable, type ListColumn } from "../../shared/ui/ListTable.tsx";

const text = adminMessages.order;

type Item = OrderDetail_order$data["items"][number];
type GiftCard = OrderDetail_order$data["giftCardsIssued"][number];

const itemColumns: ListColumn<Item>[] = [
  {
    header: text.itemColumns.product,
    cell: (item) => {
      const options = item.attributes.map((attribute) => attribute.value).join(" / ");
      return (
        <>
          {item.productName}
          {options ? <span className="order-item-options">{options}</span> : null}
        </>
      );
    },
  },
  { header: text.itemColumns.sku, cell: (item) => item.sku },
  { header: text.itemColumns.quantity, numeric: true, cell: (item) => item.quantity },
  { header: text.itemColumns.unitPrice, numeric: true, cell: (item) => item.unitPrice.formatted },
  {
    header: text.itemColumns.lineTotal,
    numeric: true,
    cell: (item) => formatMoney({ value: item.unitPrice.value * item.quantity, currency: item.unitPrice.currency }),
  },
];

const giftCardColumns: ListColumn<GiftCard>[] = [
  { header: text.giftCardColumns.code, cell: (card) => <code>{card.maskedCode}</code> },
  { header: text.giftCardColumns.recipient, cell: (card) => card.recipientEmail },
  { header: text.giftCardColumns.value, numeric: true, cell: (card) => card.initialBalance.formatted },
  { header: text.giftCardColumns.balance, numeric: true, cell: (card) => card.balance.formatted },
];

/** The items (a line total in the currency's own decimals) and the totals. */
export function OrderItems({ order }: { order: OrderDetail_order$data }) {
  return (
    <section className="card" aria-labelledby="order-items">
      <h2 id="order-items">{text.items}</h2>
      <DataTable rows={order.items.map((item, index) => ({ ...item, key: `${item.sku}-${index}` }))} rowKey={(item) => item.key} columns={itemColumns} />
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
      <DataTable rows={order.giftCardsIssued} rowKey={(card) => card.maskedCode} columns={giftCardColumns} />
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
