// What an owner may ship of an order (issue 24), as pure rules: some or all of its unshipped units, in
// as many shipments as they like, each with an optional carrier and tracking number. Only physical
// lines ship (digital files and gift cards are delivered by email). A cancelled or refunded order ships
// nothing. The order becomes FULFILLED (through the transition table) when its last unit ships; until
// then its fulfilment status is derived here, in one place.
import { requiresShipping } from "../cart/cart-totals.ts";
import { FormInvalidError, InvalidInputError, type FieldError } from "../errors.ts";
import { fulfilmentMessages as text } from "../messages/fulfilment.ts";
import { ownerMessages } from "../messages/owner.ts";
import { orderRefundMessages } from "../messages/order-refunds.ts";
import { ownerGiftCardMessages } from "../messages/owner-gift-cards.ts";
import { isPrintable, MAX_CARRIER_LENGTH, MAX_TRACKING_NUMBER_LENGTH, trackingUrlFor } from "./carriers.ts";
import type { OrderState } from "./order-states.ts";

export const FULFILMENT_STATUSES = ["UNFULFILLED", "PARTIALLY_SHIPPED", "SHIPPED", "NOTHING_TO_SHIP"] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** One line of the order as the rules need it: how many were bought and how many shipped so far. */
export interface ShippableLine {
  orderItemId: number;
  productName: string;
  productType: number;
  quantity: number;
  shipped: number;
}

export interface ShipmentRequest {
  /** The lines to ship, by position in the order's items or by order item id; absent or empty: all unshipped. */
  lines?: ({ line: number; quantity: number } | { orderItemId: number; quantity: number })[] | null;
  carrier?: string | null;
  trackingNumber?: string | null;
}

export interface ShipmentPlan {
  lines: { orderItemId: number; quantity: number }[];
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** Every shippable unit of the order will have shipped: the order moves to FULFILLED. */
  completes: boolean;
}

/** Units of the line still to ship (0 for a line that does not ship). */
export const unshippedOf = (line: ShippableLine): number => (requiresShipping(line.productType) ? Math.max(line.quantity - line.shipped, 0) : 0);

/** The order's fulfilment status: a fulfilled order has shipped; otherwise what its units say. */
export function fulfilmentStatusOf(state: OrderState, lines: readonly ShippableLine[]): FulfilmentStatus {
  const shippable = lines.filter((line) => requiresShipping(line.productType));
  if (shippable.length === 0) return "NOTHING_TO_SHIP";
  if (state === "FULFILLED") return "SHIPPED";
  const shipped = shippable.reduce((sum, line) => sum + Math.min(line.shipped, line.quantity), 0);
  const total = shippable.reduce((sum, line) => sum + line.quantity, 0);
  if (shipped === 0) return "UNFULFILLED";
  return shipped >= total ? "SHIPPED" : "PARTIALLY_SHIPPED";
}

/** A carrier's name or tracking number: trimmed, blank as null; the problem in words, if any. */
function cleanText(value: string | null | undefined, max: number, tooLong: string, invalid: string): { value: string | null; problem: string | null } {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") return { value: null, problem: null };
  if (trimmed.length > max) return { value: null, problem: tooLong };
  if (!isPrintable(trimmed)) return { value: null, problem: invalid };
  return { value: trimmed, problem: null };
}

/**
 * The shipment to record. Throws InvalidInputError when the order cannot ship at all, FormInvalidError
 * (field ids `carrier`, `trackingNumber`, `lines.<position>`) for what the owner typed or chose.
 */
export function planShipment(order: { state: OrderState; lines: readonly ShippableLine[] }, request: ShipmentRequest): ShipmentPlan {
  if (order.state === "CANCELLED" || order.state === "REFUNDED") throw new InvalidInputError(text.orderNotShippable(ownerMessages.orderStates[order.state]));
  // Fulfilled before shipments were recorded (or by the one-click move): nothing is left to ship.
  if (order.state === "FULFILLED") throw new InvalidInputError(text.everythingShipped);
  const problems: FieldError[] = [];
  const carrier = cleanText(request.carrier, MAX_CARRIER_LENGTH, text.carrierTooLong(MAX_CARRIER_LENGTH), text.carrierInvalid);
  if (carrier.problem) problems.push({ fieldId: "carrier", message: carrier.problem });
  const tracking = cleanText(
    request.trackingNumber,
    MAX_TRACKING_NUMBER_LENGTH,
    text.trackingNumberTooLong(MAX_TRACKING_NUMBER_LENGTH),
    text.trackingNumberInvalid,
  );
  if (tracking.problem) problems.push({ fieldId: "trackingNumber", message: tracking.problem });

  const asked = request.lines ?? [];
  const chosen = new Map<number, number>();
  if (asked.length === 0) {
    for (const line of order.lines) if (unshippedOf(line) > 0) chosen.set(line.orderItemId, unshippedOf(line));
    if (chosen.size === 0) throw new InvalidInputError(text.everythingShipped);
  }
  for (const request of asked) {
    const position = "line" in request ? request.line : order.lines.findIndex((line) => line.orderItemId === request.orderItemId);
    const fieldId = `lines.${position}`;
    const line = order.lines[position];
    if (!line) {
      problems.push({ fieldId, message: orderRefundMessages.lineUnknown });
      continue;
    }
    // Zero of a line is "not this one": the form sends every line with what the owner typed.
    if (request.quantity === 0) continue;
    if (!requiresShipping(line.productType)) problems.push({ fieldId, message: text.lineNotShippable(line.productName) });
    else if (!Number.isInteger(request.quantity) || request.quantity < 1) problems.push({ fieldId, message: text.quantityInvalid });
    else {
      const left = unshippedOf(line) - (chosen.get(line.orderItemId) ?? 0);
      if (left <= 0) problems.push({ fieldId, message: text.lineShipped(line.productName) });
      else if (request.quantity > left) problems.push({ fieldId, message: text.quantityTooLarge(line.productName, left) });
      else chosen.set(line.orderItemId, (chosen.get(line.orderItemId) ?? 0) + request.quantity);
    }
  }
  if (problems.length > 0) throw new FormInvalidError(problems);
  if (chosen.size === 0) throw new FormInvalidError([{ fieldId: "lines", message: text.nothingChosen }]);

  const lines = order.lines
    .filter((line) => chosen.has(line.orderItemId))
    .map((line) => ({ orderItemId: line.orderItemId, quantity: chosen.get(line.orderItemId)! }));
  const completes = order.lines.every((line) => unshippedOf(line) === (chosen.get(line.orderItemId) ?? 0));
  return { lines, carrier: carrier.value, trackingNumber: tracking.value, trackingUrl: trackingUrlFor(carrier.value, tracking.value), completes };
}

/** A partly shipped order is not cancelled (its shipped units cannot go back to stock): refund instead. */
export function assertCancellable(shippedUnits: number): void {
  if (shippedUnits > 0) throw new InvalidInputError(text.cannotCancelShipped);
}

/** An owner's note: trimmed, 1 to `max` characters; the problem in words, or null. */
export function noteProblem(note: string, max: number): string | null {
  const trimmed = note.trim();
  if (trimmed === "") return text.noteEmpty;
  return trimmed.length > max ? ownerGiftCardMessages.giftCardNoteTooLong(max) : null;
}
