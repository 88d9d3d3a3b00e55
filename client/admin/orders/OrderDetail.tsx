// One order as its owner sees it: items, totals, shipping, payment, its state with dates, and the
// moves the transition table allows now (each behind a confirm dialog; hidden without orders.write).
import { useRef, useState } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { graphql, useFragment } from "react-relay";
import type { OrderDetail_order$key } from "../../__generated__/OrderDetail_order.graphql";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { OrderGiftCards, OrderItems, OrderSubscription } from "./OrderDetailParts.tsx";
import { OrderPayment } from "./OrderPayment.tsx";
import { OrderRefunds } from "./OrderRefunds.tsx";
import { OrderFulfilment } from "./OrderFulfilment.tsx";
import { OrderTimeline } from "./OrderTimeline.tsx";
import { OrderDownloads } from "./OrderDownloads.tsx";
import { OrderStatusLink } from "./OrderStatusLink.tsx";
import { useCancelOrderMutation, useFulfillOrderMutation, useRefundOrderMutation } from "./OrderMoveMutations.ts";

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
        paymentIntentId
        customerEmail
        createdAt
        fulfilledAt
        cancelledAt
        refundedAt
        ...OrderPayment_order
        ...OrderRefunds_order
        ...OrderFulfilment_order
        ...OrderTimeline_order
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
      // An order paid through Stripe is refunded there; any other refund is only recorded.
      label: order.paymentIntentId ? text.refundPaid : text.refund,
      confirm: order.paymentIntentId ? text.confirmRefundPaid : text.confirmRefund,
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
          <OrderPayment order={order} />
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

      <OrderItems order={order} />

      <OrderFulfilment order={order} onNotice={show} />
      <OrderRefunds order={order} onNotice={show} />
      <OrderDownloads orderId={order.orderId} />
      <OrderStatusLink orderId={order.orderId} />

      {order.giftCardsIssued.length > 0 ? <OrderGiftCards order={order} /> : null}

      {order.subscription ? <OrderSubscription subscription={order.subscription} /> : null}

      <OrderTimeline order={order} onNotice={show} />
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
