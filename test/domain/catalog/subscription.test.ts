// Subscriptions (spec storefront §3 Subscription, §5 Subscriptions) with the wording of
// template-language.md §14.3: '{price} every 2 weeks for 1 year', 'from {price} every month'.
import { ProductType } from "../../../server/domain/catalog/product-state.ts";
import { canBeSubscribable, describePlan, planDuration } from "../../../server/domain/catalog/subscription.ts";

const plan = (value: number, unit: string, numBillingCycles: number) => ({ billingPeriod: { value, unit }, numBillingCycles });
const single = { variedPrices: false };
const varied = { variedPrices: true };

describe("canBeSubscribable", () => {
  it.each([
    ["physical", true, ProductType.PHYSICAL],
    ["service", true, ProductType.SERVICE],
    ["digital", false, ProductType.DIGITAL],
    ["gift card", false, ProductType.GIFT_CARD],
    ["paywall", false, ProductType.PAYWALL],
    ["undefined-type", false, -1],
  ])("subscriptions can be offered for %s products? %s", (_, allowed, type) => {
    expect(canBeSubscribable(type)).toBe(allowed);
  });
});

describe("planDuration", () => {
  it.each([
    // [value, unit, cycles, duration, durationUnit]
    [1, "WEEK", 52, 1, "YEAR"],
    [2, "WEEK", 26, 1, "YEAR"],
    [1, "WEEK", 104, 2, "YEAR"],
    [1, "WEEK", 26, 26, "WEEK"],
    [1, "MONTH", 12, 1, "YEAR"],
    [3, "MONTH", 8, 2, "YEAR"],
    [1, "MONTH", 6, 6, "MONTH"],
    [5, "MONTH", 3, 15, "MONTH"],
    [1, "YEAR", 3, 3, "YEAR"],
    [1, "MONTH", 0, 0, "MONTH"],
  ])("every %i %s for %i cycles lasts %i %s", (value, unit, cycles, duration, durationUnit) => {
    expect(planDuration(plan(value, unit, cycles))).toEqual({ duration, unit: durationUnit });
  });
});

describe("describePlan", () => {
  it.each([
    // [value, unit, cycles, variedPrices, text]
    [1, "MONTH", 0, false, "{price} every month"],
    [1, "MONTH", 0, true, "from {price} every month"],
    [1, "WEEK", 0, false, "{price} every week"],
    [2, "WEEK", 0, false, "{price} every 2 weeks"],
    [3, "MONTH", 0, true, "from {price} every 3 months"],
    [1, "YEAR", 0, false, "{price} every year"],
    [2, "WEEK", 26, false, "{price} every 2 weeks for 1 year"],
    [1, "WEEK", 52, false, "{price} every week for 1 year"],
    [1, "WEEK", 104, true, "from {price} every week for 2 years"],
    [1, "MONTH", 12, false, "{price} every month for 1 year"],
    [1, "MONTH", 24, false, "{price} every month for 2 years"],
    [1, "MONTH", 6, false, "{price} every month for 6 months"],
    [1, "MONTH", 1, false, "{price} every month for 1 month"],
    [1, "WEEK", 3, false, "{price} every week for 3 weeks"],
    [2, "MONTH", 5, false, "{price} every 2 months for 10 months"],
    [1, "YEAR", 1, false, "{price} every year for 1 year"],
    [1, "YEAR", 3, true, "from {price} every year for 3 years"],
  ])("every %i %s for %i cycles, varied prices %s: %j", (value, unit, cycles, variedPrices, text) => {
    expect(describePlan(plan(value, unit, cycles), { variedPrices })).toBe(text);
  });

  it("is indefinite when numBillingCycles is 0: no 'for ...' part", () => {
    expect(describePlan(plan(2, "WEEK", 0), single)).not.toContain(" for ");
  });

  it("the demo coffee club bills every 1 MONTH indefinitely: '{price} every month'", () => {
    expect(describePlan(plan(1, "MONTH", 0), single)).toBe("{price} every month");
  });

  it("shows 'Unavailable' when the plan has no billing period", () => {
    expect(describePlan({ billingPeriod: null, numBillingCycles: 0 }, single)).toBe("Unavailable");
    expect(describePlan({ billingPeriod: null, numBillingCycles: 12 }, varied)).toBe("Unavailable");
  });
});
