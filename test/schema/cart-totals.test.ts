// A cart's totals over GraphQL: coupons, shipping options, shipping location and tax (spec
// storefront-and-commerce.md §3 and §8; set-up in cart-setup.ts).
import { run } from "../support/app.ts";
import { added, APPLY_COUPON, cartOf, expectTotalsIdentity, REMOVE_COUPON, SELECT_SHIPPING, SET_LOCATION, store, useCartStore } from "./cart-setup.ts";

useCartStore();

describe("coupons", () => {
  it("WELCOME10 takes 10% off the subtotal, shown as the discount; grand total = subtotal - discount + tax + shipping", async () => {
    const visitor = store.visitor();
    await added(visitor, "linen-shirt", { sku: "LINEN-S-WHITE", quantity: 2 });
    const payload = (await run(visitor, APPLY_COUPON, { input: { code: "WELCOME10" } })).applyCoupon;
    expect(payload.__typename).toBe("ApplyCouponSuccess");
    expect(payload.cart).toMatchObject({
      coupons: ["WELCOME10"],
      validCoupons: ["WELCOME10"],
      invalidCoupons: [],
      subtotal: { value: 9000 },
      discount: { value: 900 },
      tax: { value: 0 },
      shippingCost: { value: 500 },
      grandTotal: { value: 8600, decimalValue: "86.00" },
    });
    expectTotalsIdentity(payload.cart);
  });

  it("applies a coupon once, however often it is applied", async () => {
    const visitor = store.visitor();
    await added(visitor, "design-consultation");
    await run(visitor, APPLY_COUPON, { input: { code: "WELCOME10" } });
    const again = (await run(visitor, APPLY_COUPON, { input: { code: "WELCOME10" } })).applyCoupon;
    expect(again.cart).toMatchObject({ coupons: ["WELCOME10"], discount: { value: 600 }, grandTotal: { value: 5400 } });
  });

  it("CouponError 'That coupon code is not valid.' for an unknown code, and the cart is unchanged", async () => {
    const visitor = store.visitor();
    await added(visitor, "design-consultation");
    const payload = (await run(visitor, APPLY_COUPON, { input: { code: "NOPE50" } })).applyCoupon;
    expect(payload).toEqual({ __typename: "CouponError", message: "That coupon code is not valid.", code: "COUPON_INVALID" });
    expect(await cartOf(visitor)).toMatchObject({ coupons: [], discount: { value: 0 }, grandTotal: { value: 6000 } });
  });

  it("removeCoupon takes the discount away; removing it again is 'That coupon code is not applied to your cart.'", async () => {
    const visitor = store.visitor();
    await added(visitor, "design-consultation");
    await run(visitor, APPLY_COUPON, { input: { code: "WELCOME10" } });
    const removed = (await run(visitor, REMOVE_COUPON, { input: { code: "WELCOME10" } })).removeCoupon;
    expect(removed.__typename).toBe("RemoveCouponSuccess");
    expect(removed.cart).toMatchObject({ coupons: [], validCoupons: [], discount: { value: 0 }, grandTotal: { value: 6000 } });
    const again = (await run(visitor, REMOVE_COUPON, { input: { code: "WELCOME10" } })).removeCoupon;
    expect(again).toEqual({ __typename: "CouponError", message: "That coupon code is not applied to your cart.", code: "COUPON_INVALID" });
  });

  it("NotFoundError 'Your shopping cart could not be found.' when the visitor has no cart", async () => {
    const visitor = store.visitor();
    const payload = (await run(visitor, APPLY_COUPON, { input: { code: "WELCOME10" } })).applyCoupon;
    expect(payload).toEqual({ __typename: "NotFoundError", message: "Your shopping cart could not be found.", code: "NOT_FOUND" });
    expect(await cartOf(visitor)).toBeNull();
  });
});

describe("shipping", () => {
  it("offers Standard (500) and Express (1500) and charges the cheapest until one is chosen", async () => {
    const visitor = store.visitor();
    const { cart } = await added(visitor, "ceramic-mug");
    expect(cart.shippingOptions.map((option: any) => [option.name, option.price.value])).toEqual([
      ["Standard", 500],
      ["Express", 1500],
    ]);
    expect(cart.selectedShippingOption).toMatchObject({ name: "Standard", price: { value: 500 } });
    expect(cart).toMatchObject({ subtotal: { value: 1800 }, shippingCost: { value: 500 }, grandTotal: { value: 2300 } });
  });

  it("selectShippingOption Express charges 1500", async () => {
    const visitor = store.visitor();
    const { cart } = await added(visitor, "ceramic-mug");
    const express = cart.shippingOptions.find((option: any) => option.name === "Express");
    const payload = (await run(visitor, SELECT_SHIPPING, { input: { shippingOptionId: express.id } })).selectShippingOption;
    expect(payload.__typename).toBe("SelectShippingOptionSuccess");
    expect(payload.cart).toMatchObject({
      selectedShippingOption: { id: express.id, name: "Express" },
      shippingCost: { value: 1500 },
      grandTotal: { value: 3300 },
    });
    expectTotalsIdentity(payload.cart);
  });

  it("NotFoundError 'That shipping option is not available.' for an unknown option", async () => {
    const visitor = store.visitor();
    await added(visitor, "ceramic-mug");
    const payload = (await run(visitor, SELECT_SHIPPING, { input: { shippingOptionId: 987654 } })).selectShippingOption;
    expect(payload).toEqual({ __typename: "NotFoundError", message: "That shipping option is not available.", code: "NOT_FOUND" });
    expect((await cartOf(visitor)).shippingCost.value).toBe(500);
  });

  it("charges no shipping for goods that are not shipped (service, digital, gift card)", async () => {
    const visitor = store.visitor();
    await added(visitor, "design-consultation");
    await added(visitor, "recipe-ebook");
    const { cart } = await added(visitor, "gift-card", { sku: "GIFT-2500" });
    expect(cart).toMatchObject({
      requiresShipping: false,
      purelyDigital: false,
      hasDigital: true,
      selectedShippingOption: null,
      shippingCost: { value: 0 },
      grandTotal: { value: 9400 },
    });
  });
});

describe("setShippingLocation and tax", () => {
  it("US/NY applies the 8.875% tax to physical goods only: mug 1800 of 11200 -> 159.75 rounds to 160 cents", async () => {
    const visitor = store.visitor();
    await added(visitor, "ceramic-mug");
    await added(visitor, "recipe-ebook");
    await added(visitor, "design-consultation");
    await added(visitor, "gift-card", { sku: "GIFT-2500" });
    const before = await cartOf(visitor);
    expect(before).toMatchObject({ subtotal: { value: 11200 }, tax: { value: 0 }, applicableTaxRules: [] });

    const payload = (await run(visitor, SET_LOCATION, { input: { country: "US", region: "NY", postalCode: "10001" } })).setShippingLocation;
    expect(payload.__typename).toBe("SetShippingLocationSuccess");
    expect(payload.cart).toMatchObject({
      shippingLocation: { country: "US", region: "NY", postalCode: "10001" },
      applicableTaxRules: [{ name: "NY sales tax", ratePercent: 8.875 }],
      subtotal: { value: 11200 },
      tax: { value: 160 },
      shippingCost: { value: 500 },
      grandTotal: { value: 11860 },
    });
    expectTotalsIdentity(payload.cart);
  });

  it("taxes linen-shirt L/Blue at its sale price: 3900 × 8.875% = 346.125 -> 346 cents", async () => {
    const visitor = store.visitor();
    await added(visitor, "linen-shirt", { sku: "LINEN-L-BLUE" });
    const { cart } = (await run(visitor, SET_LOCATION, { input: { country: "US", region: "NY" } })).setShippingLocation;
    expect(cart).toMatchObject({ subtotal: { value: 3900 }, tax: { value: 346 }, grandTotal: { value: 4746 } });
  });

  it("charges no tax outside NY (US/CA) or for a cart with no physical goods in NY", async () => {
    const visitor = store.visitor();
    await added(visitor, "ceramic-mug");
    const california = (await run(visitor, SET_LOCATION, { input: { country: "US", region: "CA" } })).setShippingLocation.cart;
    expect(california).toMatchObject({ applicableTaxRules: [], tax: { value: 0 } });

    const digital = store.visitor();
    await added(digital, "recipe-ebook");
    const ny = (await run(digital, SET_LOCATION, { input: { country: "US", region: "NY" } })).setShippingLocation.cart;
    expect(ny).toMatchObject({ tax: { value: 0 }, grandTotal: { value: 900 } });
  });

  it("keeps the identity with coupon, tax and Express shipping together", async () => {
    const visitor = store.visitor();
    await added(visitor, "ceramic-mug", { quantity: 2 });
    const { cart } = await added(visitor, "recipe-ebook");
    await run(visitor, APPLY_COUPON, { input: { code: "WELCOME10" } });
    await run(visitor, SELECT_SHIPPING, { input: { shippingOptionId: cart.shippingOptions.find((option: any) => option.name === "Express").id } });
    const final = (await run(visitor, SET_LOCATION, { input: { country: "US", region: "NY" } })).setShippingLocation.cart;
    expect(final.subtotal.value).toBe(4500);
    expect(final.discount.value).toBe(450);
    expect(final.shippingCost.value).toBe(1500);
    expect(final.tax.value).toBeGreaterThan(0);
    expectTotalsIdentity(final);
  });

  it("refuses a country that is not an ISO code: InvalidInputError 'Please enter a shipping address.'", async () => {
    const visitor = store.visitor();
    await added(visitor, "ceramic-mug");
    const payload = (await run(visitor, SET_LOCATION, { input: { country: "United States" } })).setShippingLocation;
    expect(payload).toEqual({ __typename: "InvalidInputError", message: "Please enter a shipping address.", code: "INVALID_INPUT" });
    expect((await cartOf(visitor)).shippingLocation).toBeNull();
  });
});
