// Cart totals (spec storefront §3 Shopping cart: subtotal, discount, tax, shipping, grand total,
// totalQuantity, hasDigital, purelyDigital, requiresShipping, valid and invalid coupons) with the
// demo store's settings (demo-store.md: 8.875 % tax on physical goods shipped to US-NY, shipping
// "Standard" 500 and "Express" 1500, coupon WELCOME10 at 10 % off) and docs/decisions.md (tax after
// the discount share, shipping untaxed, cheapest shipping by default, coupon minimums).
import {
  computeCartTotals,
  couponProblem,
  isCouponCurrent,
  isCouponUsable,
  isTaxRuleApplicable,
  lineTotal,
  requiresShipping,
  type CartLine,
  type CartTotalsInput,
  type CouponFacts,
  type ShippingLocation,
  type TaxRuleFacts,
} from "../../../server/domain/cart/cart-totals.ts";
import { ProductType } from "../../../server/domain/catalog/product-state.ts";

const { PHYSICAL, DIGITAL, SERVICE, GIFT_CARD, PAYWALL } = ProductType;

const nyTax: TaxRuleFacts = { id: 1, name: "NY sales tax", rateMillipercent: 8875, country: "US", region: "NY", appliesTo: [PHYSICAL] };
const standard = { id: 1, name: "Standard", price: 500 };
const express = { id: 2, name: "Express", price: 1500 };
const welcome10: CouponFacts = { code: "WELCOME10", kind: "PERCENT", percentOffMillipercent: 10_000, amountOff: 0, minimumSubtotal: 0 };
const amountOff = (amount: number, minimumSubtotal = 0): CouponFacts => ({
  code: `OFF${amount}`,
  kind: "AMOUNT",
  percentOffMillipercent: 0,
  amountOff: amount,
  minimumSubtotal,
});

const newYork: ShippingLocation = { country: "US", region: "NY", postalCode: "10001" };
const california: ShippingLocation = { country: "US", region: "CA", postalCode: "94103" };

// Demo store lines (unit prices as charged: the ebook is on sale at 900).
const shirt = (quantity = 1): CartLine => ({ productType: PHYSICAL, quantity, unitPrice: 4500 });
const mug = (quantity = 1): CartLine => ({ productType: PHYSICAL, quantity, unitPrice: 1800 });
const ebook = (quantity = 1): CartLine => ({ productType: DIGITAL, quantity, unitPrice: 900 });
const consultation = (quantity = 1): CartLine => ({ productType: SERVICE, quantity, unitPrice: 6000 });
const giftCard = (amount = 5000, quantity = 1): CartLine => ({ productType: GIFT_CARD, quantity, unitPrice: amount });

const applied = (...coupons: CouponFacts[]) => coupons.map((coupon) => ({ code: coupon.code, coupon }));

function totals(input: Partial<CartTotalsInput>) {
  return computeCartTotals({
    lines: [],
    coupons: [],
    taxRules: [nyTax],
    shippingOptions: [standard, express],
    selectedShippingOptionId: null,
    shippingLocation: newYork,
    ...input,
  });
}

describe("subtotal and quantity", () => {
  it("a line's total is its unit price times its quantity", () => {
    expect(lineTotal(shirt(3))).toBe(13500);
  });

  it("the subtotal is the sum of unit price times quantity over the entries", () => {
    expect(totals({ lines: [shirt(2), ebook(), giftCard(2500, 2)] }).subtotal).toBe(9000 + 900 + 5000);
  });

  it("totalQuantity is the sum of the entries' quantities", () => {
    expect(totals({ lines: [shirt(2), ebook(), giftCard(2500, 3)] }).totalQuantity).toBe(6);
  });

  it("an empty cart totals 0", () => {
    expect(totals({ lines: [] })).toMatchObject({ subtotal: 0, discount: 0, tax: 0, shipping: 0, grandTotal: 0, totalQuantity: 0 });
  });
});

describe("coupons", () => {
  it("WELCOME10 takes 10 % off the subtotal", () => {
    const result = totals({ lines: [shirt(2)], coupons: applied(welcome10) });
    expect(result.discount).toBe(900);
    expect(result.validCoupons).toEqual(["WELCOME10"]);
    expect(result.invalidCoupons).toEqual([]);
  });

  it("a percent discount is rounded half away from zero", () => {
    expect(totals({ lines: [{ productType: DIGITAL, quantity: 1, unitPrice: 4505 }], coupons: applied(welcome10) }).discount).toBe(451);
    expect(totals({ lines: [{ productType: DIGITAL, quantity: 1, unitPrice: 4504 }], coupons: applied(welcome10) }).discount).toBe(450);
  });

  it("an amount coupon takes its amount off", () => {
    expect(totals({ lines: [shirt()], coupons: applied(amountOff(1000)) }).discount).toBe(1000);
  });

  it("an amount coupon is capped at the subtotal", () => {
    const result = totals({ lines: [mug()], coupons: applied(amountOff(5000)) });
    expect(result.discount).toBe(1800);
    expect(result.subtotal - result.discount).toBe(0);
  });

  it("several coupons add up, capped at the subtotal", () => {
    expect(totals({ lines: [mug(3)], coupons: applied(welcome10, amountOff(1000)) }).discount).toBe(540 + 1000);
    expect(totals({ lines: [mug()], coupons: applied(welcome10, amountOff(1700)) }).discount).toBe(1800);
  });

  it("a coupon whose minimum subtotal is not met goes to invalidCoupons and gives no discount", () => {
    const result = totals({ lines: [shirt()], coupons: applied(amountOff(1000, 5000)) });
    expect(result.discount).toBe(0);
    expect(result.validCoupons).toEqual([]);
    expect(result.invalidCoupons).toEqual(["OFF1000"]);
  });

  it("a coupon applies when the subtotal reaches its minimum exactly", () => {
    expect(isCouponUsable(amountOff(1000, 4500), 4500)).toBe(true);
    expect(isCouponUsable(amountOff(1000, 4500), 4499)).toBe(false);
    expect(totals({ lines: [shirt()], coupons: applied(amountOff(1000, 4500)) }).validCoupons).toEqual(["OFF1000"]);
  });

  it("a code with no usable coupon goes to invalidCoupons", () => {
    const result = totals({ lines: [shirt()], coupons: [{ code: "NOPE", coupon: null }, ...applied(welcome10)] });
    expect(result.validCoupons).toEqual(["WELCOME10"]);
    expect(result.invalidCoupons).toEqual(["NOPE"]);
    expect(result.discount).toBe(450);
  });
});

describe("tax", () => {
  it("charges 8.875 % on physical goods shipped to US-NY", () => {
    const result = totals({ lines: [{ productType: PHYSICAL, quantity: 1, unitPrice: 10000 }] });
    expect(result.tax).toBe(888); // 887.5 rounded half away from zero
    expect(result.applicableTaxRules).toEqual([nyTax]);
  });

  it.each([
    ["digital", ebook()],
    ["gift card", giftCard()],
    ["service", consultation()],
    ["paywall", { productType: PAYWALL, quantity: 1, unitPrice: 1000 }],
  ])("charges no tax on %s goods, even shipped to US-NY", (_, line) => {
    expect(totals({ lines: [line] }).tax).toBe(0);
  });

  it("taxes only the physical part of a mixed cart", () => {
    expect(totals({ lines: [mug(), ebook(), consultation()] }).tax).toBe(160); // 8.875 % of 1800 = 159.75
  });

  it.each([
    ["another region", california],
    ["another country with the same region code", { country: "CA", region: "NY", postalCode: null }],
    ["no region", { country: "US", region: null, postalCode: null }],
    ["no shipping location", null],
  ])("charges no tax when the location does not match: %s", (_, location) => {
    const result = totals({ lines: [shirt()], shippingLocation: location });
    expect(result.tax).toBe(0);
    expect(result.applicableTaxRules).toEqual([]);
  });

  it("matches country and region regardless of case", () => {
    expect(isTaxRuleApplicable(nyTax, { country: "us", region: "ny", postalCode: null })).toBe(true);
  });

  it("a rule without a region covers the whole country", () => {
    const federal: TaxRuleFacts = { ...nyTax, id: 2, region: "", rateMillipercent: 5000 };
    expect(isTaxRuleApplicable(federal, california)).toBe(true);
    expect(isTaxRuleApplicable(federal, { country: "US", region: null, postalCode: null })).toBe(true);
    expect(isTaxRuleApplicable(federal, { country: "GB", region: null, postalCode: null })).toBe(false);
    expect(totals({ lines: [shirt()], taxRules: [federal], shippingLocation: california }).tax).toBe(225);
  });

  it("adds up every applicable rule", () => {
    const federal: TaxRuleFacts = { ...nyTax, id: 2, region: "", rateMillipercent: 5000 };
    expect(totals({ lines: [shirt()], taxRules: [nyTax, federal] }).tax).toBe(399 + 225);
  });

  it("computes tax after the discount: 10 % off 100.00 leaves 90.00 taxed", () => {
    const result = totals({ lines: [{ productType: PHYSICAL, quantity: 1, unitPrice: 10000 }], coupons: applied(welcome10) });
    expect(result.tax).toBe(799); // 8.875 % of 9000 = 798.75, not 888
  });

  it("takes off only the taxed goods' share of the discount", () => {
    // Shirt 4500 + gift card 5000 = 9500; WELCOME10 = 950, of which the shirt's share is 450.
    const result = totals({ lines: [shirt(), giftCard(5000)], coupons: applied(welcome10) });
    expect(result.discount).toBe(950);
    expect(result.tax).toBe(359); // 8.875 % of 4050 = 359.4375
  });

  it("does not tax shipping", () => {
    const withExpress = totals({ lines: [shirt()], selectedShippingOptionId: express.id });
    const withStandard = totals({ lines: [shirt()], selectedShippingOptionId: standard.id });
    expect(withExpress.tax).toBe(withStandard.tax);
  });
});

describe("shipping", () => {
  it("selects the cheapest option by default when the cart requires shipping", () => {
    const result = totals({ lines: [shirt()], shippingOptions: [express, standard] });
    expect(result.selectedShippingOption).toEqual(standard);
    expect(result.shipping).toBe(500);
  });

  it("honours the chosen option", () => {
    const result = totals({ lines: [shirt()], selectedShippingOptionId: express.id });
    expect(result.selectedShippingOption).toEqual(express);
    expect(result.shipping).toBe(1500);
  });

  it("falls back to the cheapest option when the chosen one no longer exists", () => {
    expect(totals({ lines: [shirt()], selectedShippingOptionId: 99 }).selectedShippingOption).toEqual(standard);
  });

  it.each([
    ["digital", ebook()],
    ["gift card", giftCard()],
    ["service", consultation()],
  ])("selects no option and charges no shipping for a %s-only cart", (_, line) => {
    const result = totals({ lines: [line], selectedShippingOptionId: express.id });
    expect(result.selectedShippingOption).toBeNull();
    expect(result.shipping).toBe(0);
  });

  it("charges no shipping when the store has no shipping options", () => {
    const result = totals({ lines: [shirt()], shippingOptions: [] });
    expect(result.selectedShippingOption).toBeNull();
    expect(result.shipping).toBe(0);
  });
});

describe("hasDigital, purelyDigital, requiresShipping", () => {
  it("only physical goods require shipping", () => {
    expect([PHYSICAL, DIGITAL, SERVICE, GIFT_CARD, PAYWALL].map(requiresShipping)).toEqual([true, false, false, false, false]);
  });

  it.each([
    // [cart, hasDigital, purelyDigital, requiresShipping, lines]
    ["empty", false, false, false, []],
    ["one ebook", true, true, false, [ebook()]],
    ["two digital entries", true, true, false, [ebook(), ebook(2)]],
    ["ebook and shirt", true, false, true, [ebook(), shirt()]],
    ["ebook and gift card", true, false, false, [ebook(), giftCard()]],
    ["shirt", false, false, true, [shirt()]],
    ["gift card", false, false, false, [giftCard()]],
    ["service", false, false, false, [consultation()]],
    ["service and mug", false, false, true, [consultation(), mug()]],
  ])("%s cart: hasDigital %s, purelyDigital %s, requiresShipping %s", (_, hasDigital, purelyDigital, needsShipping, lines) => {
    expect(totals({ lines })).toMatchObject({ hasDigital, purelyDigital, requiresShipping: needsShipping });
  });
});

describe("grand total = subtotal - discount + tax + shipping", () => {
  it.each([
    // [cart, subtotal, discount, tax, shipping, grandTotal, input]
    ["empty", 0, 0, 0, 0, 0, {}],
    ["a mug to NY", 1800, 0, 160, 500, 2460, { lines: [mug()] }],
    ["two shirts and the ebook to NY with WELCOME10", 9900, 990, 719, 500, 10129, { lines: [shirt(2), ebook()], coupons: applied(welcome10) }],
    ["the ebook alone with WELCOME10", 900, 90, 0, 0, 810, { lines: [ebook()], coupons: applied(welcome10) }],
    [
      "a shirt to California with an amount coupon above the subtotal",
      4500,
      4500,
      0,
      500,
      500,
      { lines: [shirt()], coupons: applied(amountOff(5000)), shippingLocation: california },
    ],
    [
      "a shirt and a gift card to NY, Express, WELCOME10",
      9500,
      950,
      359,
      1500,
      10409,
      { lines: [shirt(), giftCard(5000)], coupons: applied(welcome10), selectedShippingOptionId: express.id },
    ],
    ["a consultation and the ebook, no location", 6900, 0, 0, 0, 6900, { lines: [consultation(), ebook()], shippingLocation: null }],
    ["three mugs to NY with two coupons", 5400, 1540, 343, 500, 4703, { lines: [mug(3)], coupons: applied(welcome10, amountOff(1000)) }],
    ["a shirt with a coupon whose minimum is not met", 4500, 0, 399, 500, 5399, { lines: [shirt()], coupons: applied(amountOff(1000, 5000)) }],
  ] as const)("%s: %i - %i + %i + %i = %i", (_, subtotal, discount, tax, shipping, grandTotal, input) => {
    const result = totals(input as Partial<CartTotalsInput>);
    expect({ subtotal: result.subtotal, discount: result.discount, tax: result.tax, shipping: result.shipping }).toEqual({
      subtotal,
      discount,
      tax,
      shipping,
    });
    expect(result.grandTotal).toBe(result.subtotal - result.discount + result.tax + result.shipping);
    expect(result.grandTotal).toBe(grandTotal);
  });
});

describe("coupon validity", () => {
  const now = new Date("2025-06-01T12:00:00Z");
  const stored = (facts: { active?: boolean; expiresAt?: Date | null; minimumSubtotal?: number } = {}) => ({
    code: "OFF1000",
    kind: "AMOUNT",
    percentOffMillipercent: 0,
    amountOff: 1000,
    minimumSubtotal: 0,
    currency: "USD",
    active: true,
    expiresAt: null,
    ...facts,
  });

  it("a switched-on coupon without an expiry is current", () => {
    expect(isCouponCurrent(stored(), now)).toBe(true);
    expect(couponProblem(stored(), 0, now)).toBeNull();
  });

  it.each([
    ["unknown", null],
    ["switched off", stored({ active: false })],
    ["expired at this instant", stored({ expiresAt: now })],
    ["expired before", stored({ expiresAt: new Date(now.getTime() - 1) })],
  ])("a coupon that is %s is not valid", (_case, coupon) => {
    expect(isCouponCurrent(coupon, now)).toBe(false);
    expect(couponProblem(coupon, 100000, now)).toBe("That coupon code is not valid.");
  });

  it("a coupon expiring later is current", () => {
    expect(isCouponCurrent(stored({ expiresAt: new Date(now.getTime() + 1) }), now)).toBe(true);
  });

  it("says the minimum when the subtotal is below it", () => {
    expect(couponProblem(stored({ minimumSubtotal: 5000 }), 4999, now)).toBe("That coupon needs an order subtotal of $50.00 or more.");
    expect(couponProblem(stored({ minimumSubtotal: 5000 }), 5000, now)).toBeNull();
  });
});
