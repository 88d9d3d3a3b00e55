// An order's Stripe payment as its owner sees it (issue 22): the card, captured, refunded, Stripe's fee
// and the net, and a link to the payment in Stripe's dashboard. The figures are Stripe's, read when the
// order is opened, so a refund made in the dashboard shows too.
import { graphql, useFragment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { OrderPayment_order$key } from "../../__generated__/OrderPayment_order.graphql";

const text = adminMessages.order.paymentMoney;

export function OrderPayment({ order: orderKey }: { order: OrderPayment_order$key }) {
  const { payment } = useFragment(
    graphql`
      fragment OrderPayment_order on Order {
        payment {
          paymentIntentId
          dashboardUrl
          cardBrand
          cardLast4
          money {
            captured {
              formatted
            }
            refunded {
              value
              formatted
            }
            fee {
              formatted
            }
            net {
              formatted
            }
          }
        }
      }
    `,
    orderKey,
  );
  if (!payment) return null;
  const { money } = payment;
  const rows: [string, string][] = money
    ? [
        [text.captured, money.captured.formatted],
        ...(money.refunded.value > 0 ? [[text.refunded, `−${money.refunded.formatted}`] as [string, string]] : []),
        ...(money.fee ? [[text.fee, `−${money.fee.formatted}`] as [string, string]] : []),
        [text.net, money.net.formatted],
      ]
    : [];
  return (
    <div className="order-payment">
      {payment.cardBrand && payment.cardLast4 ? <p>{text.card(text.brandNames[payment.cardBrand] ?? payment.cardBrand, payment.cardLast4)}</p> : null}
      {money ? (
        <dl className="order-totals" aria-label={adminMessages.order.payment}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="field-hint">{text.unavailable}</p>
      )}
      {payment.dashboardUrl ? (
        <p>
          <a href={payment.dashboardUrl} target="_blank" rel="noreferrer">
            {text.viewInStripe}
          </a>
        </p>
      ) : null}
    </div>
  );
}
