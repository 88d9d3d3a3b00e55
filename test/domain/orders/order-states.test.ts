// The order transition table (domain/orders/order-states.ts): every pair of states, allowed or refused,
// and the message an owner sees for a refused move.
import {
  ORDER_STATES,
  OrderMoveError,
  assertOrderMove,
  canMoveOrder,
  isOrderState,
  nextOrderStates,
  returnsStock,
  type OrderState,
} from "../../../server/domain/orders/order-states.ts";

const ALLOWED: [OrderState, OrderState][] = [
  ["PLACED", "FULFILLED"],
  ["PLACED", "CANCELLED"],
  ["FULFILLED", "REFUNDED"],
  ["CANCELLED", "REFUNDED"],
];
const isAllowed = (from: OrderState, to: OrderState) => ALLOWED.some(([a, b]) => a === from && b === to);
const ALL_PAIRS = ORDER_STATES.flatMap((from) => ORDER_STATES.map((to) => [from, to] as [OrderState, OrderState]));
const REFUSED = ALL_PAIRS.filter(([from, to]) => !isAllowed(from, to));

it("has the four states of a store's order", () => {
  expect(ORDER_STATES).toEqual(["PLACED", "FULFILLED", "CANCELLED", "REFUNDED"]);
  expect(isOrderState("PLACED")).toBe(true);
  expect(isOrderState("SHIPPED")).toBe(false);
  expect(isOrderState(1)).toBe(false);
});

it.each(ALLOWED)("allows %s -> %s", (from, to) => {
  expect(canMoveOrder(from, to)).toBe(true);
  expect(() => assertOrderMove(from, to)).not.toThrow();
});

it("refuses the 12 other pairs, staying put included", () => {
  expect(REFUSED).toHaveLength(12);
});

it.each(REFUSED)("refuses %s -> %s", (from, to) => {
  expect(canMoveOrder(from, to)).toBe(false);
  expect(() => assertOrderMove(from, to)).toThrow(OrderMoveError);
});

it.each([
  ["FULFILLED", "CANCELLED", "This order is fulfilled and cannot be cancelled."],
  ["CANCELLED", "FULFILLED", "This order is cancelled and cannot be fulfilled."],
  ["PLACED", "REFUNDED", "This order is placed and cannot be refunded."],
  ["REFUNDED", "REFUNDED", "This order is refunded and cannot be refunded."],
  ["CANCELLED", "CANCELLED", "This order is cancelled and cannot be cancelled."],
] as const)("says why %s -> %s is refused", (from, to, message) => {
  const error = (() => {
    try {
      assertOrderMove(from, to);
    } catch (caught) {
      return caught as OrderMoveError;
    }
    throw new Error("not refused");
  })();
  expect(error.message).toBe(message);
  expect(error.code).toBe("INVALID_ORDER_MOVE");
  expect([error.from, error.to]).toEqual([from, to]);
});

it("offers each state's next states; REFUNDED is final", () => {
  expect(Object.fromEntries(ORDER_STATES.map((state) => [state, nextOrderStates(state)]))).toEqual({
    PLACED: ["FULFILLED", "CANCELLED"],
    FULFILLED: ["REFUNDED"],
    CANCELLED: ["REFUNDED"],
    REFUNDED: [],
  });
});

it("gives stock back on a cancel only", () => {
  expect(ORDER_STATES.filter(returnsStock)).toEqual(["CANCELLED"]);
});
