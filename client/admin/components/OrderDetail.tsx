// One order as its owner sees it: items, totals, shipping, payment, its state with dates, and the
// moves the transition table allows now (each behind a confirm dialog; hidden without orders.write).
import { useRef, useState } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import { graphql, useFragment } from "react-relay";
import type { OrderDetail_order$key } from "../../__generated__/OrderDetail_order.graphql";
import { messages } from "../../../server/domain/messages.ts";
import { useConfirm } from "./ConfirmDialog.tsx";
import { useCan } from "../viewer.ts";
import { formatDateTime } from "../format.ts";
import { useCancelOrderMutation, useFulfillOrderMutation, useRefundOrderMutation } from "../mutations/OrderMoveMutations.ts";

const text = adminMessages.order;
const stateName = (state: string) => adminMessages.orders.stateNames[state] ?? state;

type Move = "FULFILLED" | "CANCELLED" | "REFUNDED";

export function OrderDetail({ order: orderKey }: { order: OrderDetail_order$key }) {
  const order = useFragment(
    graphql`
      fragment OrderDetail_order on Order {
        id
        orderId
        orderNumber
        state @required(action: THROW)
        nextStates @required(action: THROW)
        testMode
        customerEmail
        createdAt
        fulfilledAt
        cancelledAt
        refundedAt
        items {
          sku
          productName
          quantity
          attributes {
            name
            value
          }
          unitPrice {
            value
            currency
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
          formatted
        }
        taxTotal {
          formatted
        }
        grandTotal {
          formatted
        }
        couponCodes @required(action: THROW)
        giftCardPayments @required(action: THROW) {
          maskedCode
          amount {
            formatted
          }
        }
        giftCardsIssued @required(action: THROW) {
          maskedCode
          recipientEmail
          initialBalance {
            formatted
          }
          balance {
            formatted
          }
        }
        subscription {
          planText
          state
          nextBillingAt
          skipNext
          cyclesBilled
        }
        shippingOption
        shippingCountry
        shippingRegion
        shippingPostalCode
        shippingAddress {
          lines
          formattedPhone
        }
        billingAddress {
          lines
          formattedPhone
        }
      }
    `,
    orderKey,
  );
  const canMove = useCan("orders.write");
  const confirm = useConfirm();
  const [fulfil, fulfilling] = useFulfillOrderMutation();
  const [cancel, cancelling] = useCancelOrderMutation();
  const [refund, refunding] = useRefundOrderMutation();
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const busy = fulfilling || cancelling || refunding;

  const show = (next: { error: boolean; text: string }) => {
    setNotice(next);
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  type Answer = { readonly __typename: string; readonly message?: string } | null | undefined;
  type Commit = (orderId: string, done: (answer: Answer) => void, failed: (error: Error) => void) => void;
  const moves: Record<Move, { label: string; confirm: { title: string; body: string; confirmLabel: string }; danger: boolean; commit: Commit }> = {
    FULFILLED: {
      label: text.fulfil,
      confirm: text.confirmFulfil,
      danger: false,
      commit: (orderId, done, failed) => fulfil({ variables: { orderId }, onCompleted: (response) => done(response.fulfillOrder), onError: failed }),
    },
    CANCELLED: {
      label: text.cancel,
      confirm: text.confirmCancel,
      danger: true,
      commit: (orderId, done, failed) => cancel({ variables: { orderId }, onCompleted: (response) => done(response.cancelOrder), onError: failed }),
    },
    REFUNDED: {
      label: text.refund,
      confirm: text.confirmRefund,
      danger: true,
      commit: (orderId, done, failed) => refund({ variables: { orderId }, onCompleted: (response) => done(response.refundOrder), onError: failed }),
    },
  };

  async function move(to: Move) {
    const { confirm: question, danger, commit } = moves[to];
    if (!(await confirm({ ...question, danger }))) return;
    setNotice(null);
    commit(
      order.orderId,
      (answer) => {
        if (answer?.__typename.endsWith("Success")) show({ error: false, text: text.moved(stateName(to).toLowerCase()) });
        else show({ error: true, text: answer?.message ?? messages.pleaseTryAgain });
      },
      (error) => show({ error: true, text: error.message || messages.pleaseTryAgain }),
    );
  }

  const address = [order.shippingRegion, order.shippingPostalCode, order.shippingCountry].filter(Boolean).join(", ");
  const offered = order.nextStates.filter((state): state is Move => state in moves);
  const dates: [string, string | null | undefined][] = [
    [text.placedAt, order.createdAt as string],
    [text.fulfilledAt, order.fulfilledAt as string | null],
    [text.cancelledAt, order.cancelledAt as string | null],
    [text.refundedAt, order.refundedAt as string | null],
  ];

  return (
    <div className="order-detail">
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} className={notice.error ? "notice error" : "notice"} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      <div className="order-columns">
        <section className="card" aria-labelledby="order-status">
          <h2 id="order-status">{text.status}</h2>
          <p>
            <span className={`badge ${order.state.toLowerCase()}`}>{stateName(order.state)}</span>
          </p>
          <dl className="order-facts">
            {dates
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{formatDateTime(value)}</dd>
                </div>
              ))}
          </dl>
          {canMove ? (
            <div className="order-actions" role="group" aria-label={text.actions}>
              {offered.length === 0 ? <p>{text.noActions}</p> : null}
              {offered.map((state) => (
                <button
                  key={state}
                  type="button"
                  className={moves[state].danger ? "button danger" : "button primary"}
                  disabled={busy}
                  onClick={() => move(state)}
                >
                  {moves[state].label}
                </button>
              ))}
            </div>
          ) : null}
        </section>

        <section className="card" aria-labelledby="order-customer">
          <h2 id="order-customer">{text.customer}</h2>
          <p>{order.customerEmail ?? adminMessages.orders.noCustomerEmail}</p>
          <h3>{text.payment}</h3>
          <p>{order.testMode ? text.testMode : text.livePayment}</p>
        </section>

        <section className="card" aria-labelledby="order-shipping">
          <h2 id="order-shipping">{text.shippingHeading}</h2>
          <dl className="order-facts">
            <div>
              <dt>{text.shippingOption}</dt>
              <dd>{order.shippingOption ?? text.noShippingOption}</dd>
            </div>
            <div>
              <dt>{text.shipTo}</dt>
              <dd className="order-address">{order.shippingAddress ? <AddressLines address={order.shippingAddress} /> : address || text.noAddress}</dd>
            </div>
            {order.billingAddress ? (
              <div>
                <dt>{text.billTo}</dt>
                <dd className="order-address">
                  <AddressLines address={order.billingAddress} />
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      </div>

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
              const line = new Intl.NumberFormat(undefined, { style: "currency", currency: item.unitPrice.currency }).format(
                (item.unitPrice.value * item.quantity) / 100,
              );
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

      {order.giftCardsIssued.length > 0 ? (
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
      ) : null}

      {order.subscription ? (
        <section className="card" aria-labelledby="order-subscription">
          <h2 id="order-subscription">{text.subscriptionHeading}</h2>
          <dl className="order-facts">
            <div>
              <dt>{text.subscriptionPlan}</dt>
              <dd>{order.subscription.planText}</dd>
            </div>
            <div>
              <dt>{text.subscriptionState}</dt>
              <dd>{text.subscriptionStates[order.subscription.state] ?? order.subscription.state}</dd>
            </div>
            <div>
              <dt>{text.subscriptionCycles}</dt>
              <dd>{order.subscription.cyclesBilled}</dd>
            </div>
            <div>
              <dt>{text.subscriptionNextBilling}</dt>
              <dd>
                {order.subscription.nextBillingAt ? formatDateTime(order.subscription.nextBillingAt) : text.subscriptionNoNextBilling}
                {order.subscription.nextBillingAt && order.subscription.skipNext ? ` ${text.subscriptionSkipsNext}` : null}
              </dd>
            </div>
          </dl>
        </section>
      ) : null}
    </div>
  );
}

/** An address as written on a parcel (its country's layout), one line each, and the phone. */
function AddressLines({ address }: { address: { readonly lines: readonly string[]; readonly formattedPhone?: string | null } }) {
  return (
    <>
      {address.lines.map((line, index) => (
        <span key={index} className="address-line">
          {line}
        </span>
      ))}
      {address.formattedPhone ? <span className="address-line">{address.formattedPhone}</span> : null}
    </>
  );
}
