// What an owner may refund of an order (issue 22), as pure rules: chosen lines (quantities) and/or an
// amount, never more than is left. A refund of everything left is the full refund (the order moves to
// REFUNDED); anything less leaves the order's state alone and shows as partially refunded.
import { InvalidInputError } from "../errors.ts";
import { orderRefundMessages as text } from "../messages/order-refunds.ts";

/** Stripe's refund reasons (https://docs.stripe.com/api/refunds/create#create_refund-reason). */
export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export type RefundStatus = "NONE" | "PARTIAL" | "FULL";

/** One refunded line: the order item and how many of it. */
export interface RefundedLine {
  orderItemId: number;
  quantity: number;
}

export interface RefundableOrder {
  /** What was paid (after gift cards): the most that can be refunded. */
  grandTotal: number;
  refundedAmount: number;
  currency: string;
  items: { orderItemId: number; productName: string; quantity: number; unitPrice: number }[];
  /** The lines refunded so far (every earlier refund's). */
  refundedLines: RefundedLine[];
}

/** What the owner asked: lines by their position in the order's items, and/or an amount; neither: all that is left. */
export interface RefundRequest {
  lines?: { line: number; quantity: number }[] | null;
  amount?: number | null;
}

export const refundLeft = (order: Pick<RefundableOrder, "grandTotal" | "refundedAmount">): number => Math.max(order.grandTotal - order.refundedAmount, 0);

export function refundStatusOf(order: Pick<RefundableOrder, "grandTotal" | "refundedAmount">): RefundStatus {
  if (order.refundedAmount <= 0) return "NONE";
  return refundLeft(order) === 0 ? "FULL" : "PARTIAL";
}

/**
 * The refund to make: its amount (the amount given, else the chosen lines' value capped at what is
 * left, else everything left) and its lines. Throws InvalidInputError in the owner's words. A full
 * refund of an order with nothing left to pay (gift cards paid it) is amount 0: the state moves only.
 */
export function planRefund(order: RefundableOrder, request: RefundRequest): { amount: number; lines: RefundedLine[]; full: boolean } {
  const left = refundLeft(order);
  const asked = request.lines ?? [];
  if (asked.length === 0 && request.amount == null) return { amount: left, lines: [], full: true };
  if (left === 0) throw new InvalidInputError(text.nothingLeft);
  const lines: RefundedLine[] = [];
  let linesValue = 0;
  for (const { line, quantity } of asked) {
    const item = order.items[line];
    if (!item) throw new InvalidInputError(text.lineUnknown);
    if (!Number.isInteger(quantity) || quantity < 1) throw new InvalidInputError(text.quantityInvalid);
    const already = [...order.refundedLines, ...lines].filter((done) => done.orderItemId === item.orderItemId).reduce((sum, done) => sum + done.quantity, 0);
    if (quantity > item.quantity - already) throw new InvalidInputError(text.lineQuantityTooLarge(item.productName, Math.max(item.quantity - already, 0)));
    lines.push({ orderItemId: item.orderItemId, quantity });
    linesValue += item.unitPrice * quantity;
  }
  if (request.amount != null) {
    if (!Number.isInteger(request.amount) || request.amount < 1) throw new InvalidInputError(text.amountInvalid);
    if (request.amount > left) throw new InvalidInputError(text.amountTooLarge({ value: left, currency: order.currency }));
  }
  // Discounts and gift cards make the lines worth more than was paid: never more than is left.
  const amount = request.amount ?? Math.min(linesValue, left);
  return { amount, lines, full: amount === left };
}
