// The order status page without an account (page type 211, issue 24 §3): its address and the order's
// state as the shopper reads it, derived from the order's state, its refunds and its shipments.
import { orderStatusMessages } from "../messages/order-status.ts";
import { isOrderState } from "./order-states.ts";
import { fulfilmentStatusOf, type ShippableLine } from "./shipments.ts";

/** Where the confirmation email's link points: /order-status/<token> (the token is kept hashed). */
export const ORDER_STATUS_PATH = "/order-status";
export const orderStatusPath = (token: string): string => `${ORDER_STATUS_PATH}/${encodeURIComponent(token)}`;

export const SHOPPER_ORDER_STATES = ["PLACED", "PARTIALLY_SHIPPED", "SHIPPED", "CANCELLED", "REFUNDED", "PARTLY_REFUNDED"] as const;
export type ShopperOrderState = (typeof SHOPPER_ORDER_STATES)[number];

export interface ShopperOrderFacts {
  state: string;
  grandTotal: number;
  refundedAmount: number;
  /** The order's lines with what has shipped of each (the owner's fulfilment status reads the same). */
  lines: readonly ShippableLine[];
}

/**
 * The order's state in the shopper's words: refunds first (all of it: refunded; some: partly
 * refunded), then a cancel, then what has shipped (every unit, or a fulfilled order: shipped; some:
 * partially shipped); otherwise placed.
 */
export function shopperOrderState(order: ShopperOrderFacts): ShopperOrderState {
  if (order.state === "REFUNDED" || (order.grandTotal > 0 && order.refundedAmount >= order.grandTotal)) return "REFUNDED";
  if (order.refundedAmount > 0) return "PARTLY_REFUNDED";
  if (order.state === "CANCELLED") return "CANCELLED";
  if (order.state === "FULFILLED") return "SHIPPED";
  const status = fulfilmentStatusOf(isOrderState(order.state) ? order.state : "PLACED", order.lines);
  return status === "SHIPPED" || status === "PARTIALLY_SHIPPED" ? status : "PLACED";
}

/** The email the owner's "Send a new link" sends the buyer: subject and text body. */
export function orderStatusLinkEmail(orderNumber: number, link: string): { subject: string; textBody: string } {
  return { subject: orderStatusMessages.newLinkSubject(orderNumber), textBody: orderStatusMessages.newLinkBody(orderNumber, link) };
}
