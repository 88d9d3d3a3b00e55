// What an owner may ship of an order (issue 24): unshipped units of physical lines, with a carrier and
// a tracking number checked; the last unit completes the order; the status is derived in one place.
import { FormInvalidError, InvalidInputError } from "../../../server/domain/errors.ts";
import { assertCancellable, fulfilmentStatusOf, noteProblem, planShipment, type ShippableLine } from "../../../server/domain/orders/shipments.ts";

const shirt: ShippableLine = { orderItemId: 11, productName: "Linen shirt", productType: 1, quantity: 2, shipped: 0 };
const tote: ShippableLine = { orderItemId: 12, productName: "Canvas tote", productType: 1, quantity: 1, shipped: 0 };
const ebook: ShippableLine = { orderItemId: 13, productName: "Pattern book", productType: 2, quantity: 1, shipped: 0 };
const order = (lines: ShippableLine[], state: "PLACED" | "FULFILLED" | "CANCELLED" | "REFUNDED" = "PLACED") => ({ state, lines });

function fieldErrors(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof FormInvalidError) return error.fieldErrors;
    throw error;
  }
  throw new Error("expected FormInvalidError");
}

it("ships all unshipped physical units when no lines are given, which completes the order", () => {
  const plan = planShipment(order([{ ...shirt, shipped: 1 }, tote, ebook]), { carrier: " UPS ", trackingNumber: " 1Z1 " });
  expect(plan).toEqual({
    lines: [
      { orderItemId: 11, quantity: 1 },
      { orderItemId: 12, quantity: 1 },
    ],
    carrier: "UPS",
    trackingNumber: "1Z1",
    trackingUrl: "https://www.ups.com/track?tracknum=1Z1",
    completes: true,
  });
});

it("ships part of a line (by position or order item id) without completing; free-text carriers get no link", () => {
  const plan = planShipment(order([shirt, tote]), {
    lines: [
      { line: 0, quantity: 1 },
      { orderItemId: 12, quantity: 0 },
    ],
    carrier: "Bob's Couriers",
    trackingNumber: "B-7",
  });
  expect(plan).toMatchObject({ lines: [{ orderItemId: 11, quantity: 1 }], carrier: "Bob's Couriers", trackingUrl: null, completes: false });
});

it("refuses a line already shipped in full by its product's name, and more than is left", () => {
  expect(fieldErrors(() => planShipment(order([{ ...shirt, shipped: 2 }, tote]), { lines: [{ line: 0, quantity: 1 }] }))).toEqual([
    { fieldId: "lines.0", message: "Linen shirt has already shipped." },
  ]);
  expect(fieldErrors(() => planShipment(order([{ ...shirt, shipped: 1 }]), { lines: [{ line: 0, quantity: 2 }] }))).toEqual([
    { fieldId: "lines.0", message: "Only 1 of Linen shirt is left to ship." },
  ]);
});

it("refuses digital lines, bad quantities, unknown lines, long or unprintable carriers and tracking numbers, each by field", () => {
  const errors = fieldErrors(() =>
    planShipment(order([shirt, tote, ebook]), {
      lines: [
        { line: 0, quantity: 1.5 },
        { line: 2, quantity: 1 },
        { line: 9, quantity: 1 },
      ],
      carrier: "x".repeat(65),
      trackingNumber: "12\n34",
    }),
  );
  expect(errors.map((error) => error.fieldId)).toEqual(["carrier", "trackingNumber", "lines.0", "lines.2", "lines.9"]);
  expect(errors[3].message).toBe("Pattern book does not ship: it is delivered digitally.");
  expect(fieldErrors(() => planShipment(order([shirt]), { trackingNumber: "9".repeat(65) }))[0].message).toBe(
    "Keep the tracking number to 64 characters or fewer.",
  );
  expect(planShipment(order([shirt]), { trackingNumber: "9".repeat(64) }).trackingNumber).toHaveLength(64);
});

it("refuses to ship a cancelled, refunded or fulfilled order, or one with nothing left", () => {
  expect(() => planShipment(order([shirt], "CANCELLED"), {})).toThrow(new InvalidInputError("This order is cancelled and cannot ship."));
  expect(() => planShipment(order([shirt], "REFUNDED"), {})).toThrow(InvalidInputError);
  expect(() => planShipment(order([shirt], "FULFILLED"), {})).toThrow("Everything on this order has already shipped.");
  expect(() => planShipment(order([ebook]), {})).toThrow("Everything on this order has already shipped.");
  expect(fieldErrors(() => planShipment(order([shirt]), { lines: [{ line: 0, quantity: 0 }] }))).toEqual([
    { fieldId: "lines", message: "Choose at least one item to ship." },
  ]);
});

it("derives the fulfilment status from the units shipped", () => {
  expect(fulfilmentStatusOf("PLACED", [shirt, tote])).toBe("UNFULFILLED");
  expect(fulfilmentStatusOf("PLACED", [{ ...shirt, shipped: 1 }, tote])).toBe("PARTIALLY_SHIPPED");
  expect(fulfilmentStatusOf("PLACED", [{ ...shirt, shipped: 2 }, { ...tote, shipped: 1 }, ebook])).toBe("SHIPPED");
  expect(fulfilmentStatusOf("FULFILLED", [shirt])).toBe("SHIPPED");
  expect(fulfilmentStatusOf("PLACED", [ebook])).toBe("NOTHING_TO_SHIP");
});

it("refuses to cancel a partly shipped order, and checks notes", () => {
  expect(() => assertCancellable(0)).not.toThrow();
  expect(() => assertCancellable(1)).toThrow(InvalidInputError);
  expect(noteProblem("  ", 2000)).toBe("Write the note first.");
  expect(noteProblem("x".repeat(2001), 2000)).toBe("Keep the note to 2000 characters or fewer.");
  expect(noteProblem(" ok ", 2000)).toBeNull();
});
