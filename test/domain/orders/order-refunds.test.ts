import { planRefund, refundStatusOf, type RefundableOrder } from "../../../server/domain/orders/order-refunds.ts";

const order: RefundableOrder = {
  grandTotal: 5000,
  refundedAmount: 0,
  currency: "USD",
  items: [
    { orderItemId: 11, productName: "Mug", quantity: 2, unitPrice: 1500 },
    { orderItemId: 12, productName: "Linen", quantity: 1, unitPrice: 1500 },
  ],
  refundedLines: [],
};

it("refunds chosen lines for their value", () => {
  expect(planRefund(order, { lines: [{ line: 0, quantity: 1 }] })).toEqual({ amount: 1500, lines: [{ orderItemId: 11, quantity: 1 }], full: false });
});

it("an amount alone, and everything left when nothing is chosen (the full refund)", () => {
  expect(planRefund(order, { amount: 700 })).toEqual({ amount: 700, lines: [], full: false });
  expect(planRefund({ ...order, refundedAmount: 700 }, {})).toEqual({ amount: 4300, lines: [], full: true });
  expect(planRefund({ ...order, refundedAmount: 3600 }, { amount: 1400 })).toMatchObject({ full: true });
});

it("never more than is left, nor more of a line than was bought and not yet refunded", () => {
  expect(() => planRefund({ ...order, refundedAmount: 4000 }, { amount: 1001 })).toThrow("You can refund at most $10.00 on this order.");
  expect(() => planRefund({ ...order, refundedAmount: 5000 }, { amount: 1 })).toThrow("Nothing is left to refund on this order.");
  expect(() => planRefund({ ...order, refundedLines: [{ orderItemId: 11, quantity: 1 }] }, { lines: [{ line: 0, quantity: 2 }] })).toThrow(
    "At most 1 of Mug can still be refunded.",
  );
  expect(() => planRefund(order, { lines: [{ line: 5, quantity: 1 }] })).toThrow("That line is not on this order.");
  expect(() => planRefund(order, { lines: [{ line: 0, quantity: 0 }] })).toThrow("Quantities are whole numbers");
  expect(() => planRefund(order, { amount: 0 })).toThrow("Enter an amount greater than zero.");
});

it("lines worth more than is left refund what is left", () => {
  expect(planRefund({ ...order, refundedAmount: 4000 }, { lines: [{ line: 1, quantity: 1 }] })).toMatchObject({ amount: 1000, full: true });
});

it("tells none, partial and full apart", () => {
  expect(refundStatusOf({ grandTotal: 5000, refundedAmount: 0 })).toBe("NONE");
  expect(refundStatusOf({ grandTotal: 5000, refundedAmount: 1 })).toBe("PARTIAL");
  expect(refundStatusOf({ grandTotal: 5000, refundedAmount: 5000 })).toBe("FULL");
});
