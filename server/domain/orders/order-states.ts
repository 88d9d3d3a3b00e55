// The life of an order after checkout, as data (the way Vendure's order state machine declares its
// transitions): an order is PLACED when checkout succeeds (paid, in test mode), then FULFILLED when the
// goods go out or CANCELLED before that (its stock goes back); a fulfilled or cancelled order may be
// REFUNDED. REFUNDED is final. services/orders/orders.ts checks every move here, in the same
// transaction as the write.
import { DomainError } from "../errors.ts";
import { ownerMessages } from "../messages/owner.ts";

export const ORDER_STATES = ["PLACED", "FULFILLED", "CANCELLED", "REFUNDED"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The state a new order starts in (the database column's default). */
export const INITIAL_ORDER_STATE: OrderState = "PLACED";

/** Where an order may go from each state. Refunding an unfulfilled order is a cancel, then a refund. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, { readonly to: readonly OrderState[] }>> = {
  PLACED: { to: ["FULFILLED", "CANCELLED"] },
  FULFILLED: { to: ["REFUNDED"] },
  CANCELLED: { to: ["REFUNDED"] },
  REFUNDED: { to: [] },
};

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === "string" && (ORDER_STATES as readonly string[]).includes(value);
}

/** Whether an order in state `from` may move to `to`. */
export function canMoveOrder(from: OrderState, to: OrderState): boolean {
  return ORDER_TRANSITIONS[from].to.includes(to);
}

/** The states an order in `from` may move to (what an owner's screen offers). */
export function nextOrderStates(from: OrderState): readonly OrderState[] {
  return ORDER_TRANSITIONS[from].to;
}

/** Only a cancel gives stock back: a fulfilled order's goods are gone, a refund moves money only. */
export const returnsStock = (to: OrderState): boolean => to === "CANCELLED";

/** A move the transition table refuses: "This order is fulfilled and cannot be cancelled." */
export class OrderMoveError extends DomainError {
  readonly code = "INVALID_ORDER_MOVE";
  constructor(
    readonly from: OrderState,
    readonly to: OrderState,
  ) {
    super(ownerMessages.orderMoveRefused(ownerMessages.orderStates[from], ownerMessages.orderStates[to]));
  }
}

/** Throws OrderMoveError unless the table allows the move. */
export function assertOrderMove(from: OrderState, to: OrderState): void {
  if (!canMoveOrder(from, to)) throw new OrderMoveError(from, to);
}
