// An order's refunds (issue 22): partially refunded or refunded, a dispute, each refund (the owner's
// or one made in Stripe's dashboard), and the form to refund lines and/or an amount with a reason,
// optionally restocking. The amount the confirm dialog names is the server's rule run here
// (domain/orders/order-refunds.ts); the server checks it again.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { DomainError } from "../../../server/domain/errors.ts";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { orderRefundMessages } from "../../../server/domain/messages/order-refunds.ts";
import { formatMoney, fromDecimalValue } from "../../../server/domain/money.ts";
import { planRefund, REFUND_REASONS } from "../../../server/domain/orders/order-refunds.ts";
import type { OrderRefunds_order$data, OrderRefunds_order$key } from "../../__generated__/OrderRefunds_order.graphql";
import type { RefundReason } from "../../__generated__/IssueOrderRefundMutation.graphql";
import { useCan } from "../../shared/admin/viewer.ts";
import { formatDateTime } from "../../shared/format/date-time.ts";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { DataTable, type ListColumn } from "../../shared/ui/ListTable.tsx";
import { useIssueOrderRefundMutation } from "./IssueOrderRefundMutation.ts";
import "./refunds.css";

const text = adminMessages.order.refunds;

type Refund = OrderRefunds_order$data["refunds"][number];

const columns: ListColumn<Refund>[] = [
  { header: text.columns.when, cell: (refund) => formatDateTime(refund.createdAt as string) },
  { header: text.columns.amount, numeric: true, cell: (refund) => refund.amount.formatted },
  {
    header: text.columns.lines,
    cell: (refund) =>
      (refund.lines.length === 0 ? text.noLines : refund.lines.map((line) => `${line.quantity} × ${line.productName}`).join(", ")) +
      (refund.restocked ? ` (${text.restockedNote})` : ""),
  },
  { header: text.columns.reason, cell: (refund) => (refund.reason ? text.reasonNames[refund.reason] : "—") },
  { header: text.columns.by, cell: (refund) => (refund.source === "PROVIDER" ? text.byStripe : (refund.createdBy ?? "—")) },
];

export function OrderRefunds({ order: orderKey, onNotice }: { order: OrderRefunds_order$key; onNotice: (notice: { error: boolean; text: string }) => void }) {
  const order = useFragment(
    graphql`
      fragment OrderRefunds_order on Order {
        orderId
        state
        paymentIntentId
        refundStatus @required(action: THROW)
        disputedAt
        refundedAmount @required(action: THROW) {
          value
          formatted
        }
        refundableAmount @required(action: THROW) {
          value
          currency
          formatted
        }
        refundableQuantities @required(action: THROW)
        items {
          productName
          quantity
          unitPrice {
            value
          }
        }
        refunds @required(action: THROW) {
          id
          createdAt
          amount {
            formatted
          }
          lines {
            productName
            quantity
          }
          reason
          restocked
          source
          createdBy
        }
      }
    `,
    orderKey,
  );
  const canRefund = useCan("orders.write") && order.state !== "REFUNDED" && order.refundableAmount.value > 0;
  if (order.refunds.length === 0 && !order.disputedAt && !canRefund) return null;
  return (
    <section className="card" aria-labelledby="order-refunds">
      <h2 id="order-refunds">{text.heading}</h2>
      {order.disputedAt ? (
        <p className="notice error">
          <span className="badge disputed">{text.disputed}</span> {text.disputedNotice}
        </p>
      ) : null}
      {order.refundStatus !== "NONE" ? (
        <p>
          <span className={`badge refund-${order.refundStatus.toLowerCase()}`}>{text.statusNames[order.refundStatus]}</span>{" "}
          {text.refundedOf(order.refundedAmount.formatted, order.refundableAmount.formatted)}
        </p>
      ) : null}
      {order.refunds.length > 0 ? <DataTable rows={order.refunds} rowKey={(refund) => refund.id} columns={columns} /> : null}
      {canRefund ? <RefundForm order={order} onNotice={onNotice} /> : null}
    </section>
  );
}

function RefundForm({ order, onNotice }: { order: OrderRefunds_order$data; onNotice: (notice: { error: boolean; text: string }) => void }) {
  const confirm = useConfirm();
  const [issue, issuing] = useIssueOrderRefundMutation();
  const [quantities, setQuantities] = useState<string[]>(() => order.items.map(() => "0"));
  const [amountText, setAmountText] = useState("");
  const [reason, setReason] = useState<RefundReason>("REQUESTED_BY_CUSTOMER");
  const [restock, setRestock] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const currency = order.refundableAmount.currency;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const lines = quantities.map((quantity, line) => ({ line, quantity: Number(quantity) })).filter((line) => line.quantity !== 0);
    const amount = amountText.trim() === "" ? null : fromDecimalValue(amountText.trim(), currency)?.value;
    if (amount === undefined) return setProblem(text.amountUnreadable);
    // Nothing chosen would be the full refund: the owner says so with the order's own Refund action.
    if (lines.length === 0 && amount === null) return setProblem(orderRefundMessages.nothingChosen);
    let planned: number;
    try {
      // The server's rule, here with what is left per line as the earlier refunds' lines.
      planned = planRefund(
        {
          grandTotal: order.refundableAmount.value,
          refundedAmount: 0,
          currency,
          items: order.items.map((item, index) => ({
            orderItemId: index,
            productName: item.productName,
            quantity: item.quantity,
            unitPrice: item.unitPrice.value,
          })),
          refundedLines: order.items.map((item, index) => ({ orderItemId: index, quantity: item.quantity - (order.refundableQuantities[index] ?? 0) })),
        },
        { lines, amount },
      ).amount;
    } catch (error) {
      if (error instanceof DomainError) return setProblem(error.message);
      throw error;
    }
    const shown = formatMoney({ value: planned, currency });
    const question = order.paymentIntentId ? text.confirm(shown) : text.confirmTestMode(shown);
    if (!(await confirm({ ...question, danger: true }))) return;
    issue({
      variables: { orderId: order.orderId, lines, amount, reason, restock: restock && lines.length > 0 },
      onCompleted: (response) => {
        const answer = response.issueOrderRefund;
        if (answer.__typename === "IssueOrderRefundSuccess") {
          setQuantities(order.items.map(() => "0"));
          setAmountText("");
          onNotice({ error: false, text: text.done(shown) });
        } else onNotice({ error: true, text: ("message" in answer ? answer.message : null) ?? messages.pleaseTryAgain });
      },
      onError: (error) => onNotice({ error: true, text: error.message || messages.pleaseTryAgain }),
    });
  }

  return (
    <form className="order-refund-form" onSubmit={submit} noValidate>
      <h3>{text.formHeading}</h3>
      {order.items.map((item, index) =>
        (order.refundableQuantities[index] ?? 0) > 0 ? (
          <div className="field" key={index}>
            <label htmlFor={`refund-line-${index}`}>{text.quantityLabel(item.productName, order.refundableQuantities[index])}</label>
            <input
              id={`refund-line-${index}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={order.refundableQuantities[index]}
              value={quantities[index]}
              onChange={(event) => setQuantities((previous) => previous.map((value, at) => (at === index ? event.target.value : value)))}
            />
          </div>
        ) : null,
      )}
      <div className="field">
        <label htmlFor="refund-amount">{text.amountLabel}</label>
        <input id="refund-amount" inputMode="decimal" value={amountText} onChange={(event) => setAmountText(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="refund-reason">{text.reasonLabel}</label>
        <select id="refund-reason" value={reason} onChange={(event) => setReason(event.target.value as RefundReason)}>
          {REFUND_REASONS.map((value) => (
            <option key={value} value={value.toUpperCase()}>
              {text.reasonNames[value.toUpperCase()]}
            </option>
          ))}
        </select>
      </div>
      <label className="order-refund-restock">
        <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
        {text.restockLabel}
      </label>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button danger" disabled={issuing}>
        {order.paymentIntentId ? text.submit : text.submitTestMode}
      </button>
    </form>
  );
}
