// The checkout minimum (spec storefront §3: checking out needs the order subtotal to reach the
// store's minimum; 0 means none).
import { checkoutMinimumProblem, meetsCheckoutMinimum } from "../../../server/domain/checkout/minimum.ts";

describe("meetsCheckoutMinimum", () => {
  it.each([
    [0, 0, true],
    [4500, 0, true],
    [4500, 4500, true],
    [4499, 4500, false],
    [0, 100, false],
  ])("subtotal %i against minimum %i: met? %s", (subtotal, minimum, met) => {
    expect(meetsCheckoutMinimum(subtotal, minimum)).toBe(met);
  });
});

describe("checkoutMinimumProblem", () => {
  it("says 'To check out, your order subtotal must be {minimum} or more.' below the minimum", () => {
    expect(checkoutMinimumProblem(4499, { value: 5000, currency: "USD" })).toBe("To check out, your order subtotal must be $50.00 or more.");
  });

  it("has nothing to say at the minimum or above", () => {
    expect(checkoutMinimumProblem(5000, { value: 5000, currency: "USD" })).toBeNull();
  });
});
