// The cart totals of spec storefront-and-commerce.md §3 as the REST cart answers them.
import { addEntry } from "./helpers.ts";
import { expectTotalsIdentity, ids, shopper, totalsOf, useShoppingCartStore } from "./shopping-cart-setup.ts";

useShoppingCartStore();

describe("cart totals (spec §3 Shopping cart)", () => {
  it("prices a physical entry: subtotal, the Standard shipping option selected by default, no tax without a location", async () => {
    const visitor = await shopper();
    const { body } = await addEntry(visitor, { itemId: ids["linen-shirt"], sku: "LINEN-S-WHITE", quantity: 2 });
    expect(totalsOf(body.shoppingCart)).toEqual({
      subtotalCents: 9000,
      discountCents: 0,
      taxCents: 0,
      shippingCostCents: 500,
      grandTotalCents: 9500,
      totalQuantity: 2,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: true,
    });
    expect(body.shoppingCart.selectedShippingOption).toMatchObject({ name: "Standard", priceCents: 500 });
    expect(body.shoppingCart.shippingOptions.map((option: any) => [option.name, option.priceCents])).toEqual([
      ["Standard", 500],
      ["Express", 1500],
    ]);
    expectTotalsIdentity(body.shoppingCart);
  });

  it("prices a variant on sale at its sale price (L/Blue 3900)", async () => {
    const visitor = await shopper();
    const { body } = await addEntry(visitor, { itemId: ids["linen-shirt"], sku: "LINEN-L-BLUE", quantity: 2 });
    expect(body.newlyAdded).toMatchObject({ purchasePriceCents: 3900, subTotal: 7800 });
    expect(body.shoppingCart.subtotalCents).toBe(7800);
    expect(body.shoppingCart.grandTotalCents).toBe(8300);
  });

  it("prices a digital product at its sale price (recipe-ebook 900) with no shipping: purely digital", async () => {
    const visitor = await shopper();
    const { status, body } = await addEntry(visitor, { itemId: ids["recipe-ebook"], sku: null, quantity: 1 });
    expect(status).toBe(200);
    expect(body.newlyAdded).toMatchObject({ chosenVariant: null, quantity: 1, purchasePriceCents: 900, subTotal: 900 });
    expect(totalsOf(body.shoppingCart)).toEqual({
      subtotalCents: 900,
      discountCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      grandTotalCents: 900,
      totalQuantity: 1,
      hasDigital: true,
      purelyDigital: true,
      requiresShipping: false,
    });
    expect(body.shoppingCart.selectedShippingOption).toBeNull();
  });

  it("prices a service (design-consultation 6000): no shipping, not digital", async () => {
    const visitor = await shopper();
    const { status, body } = await addEntry(visitor, { itemId: ids["design-consultation"], sku: "CONSULT-1H", quantity: 2 });
    expect(status).toBe(200);
    expect(totalsOf(body.shoppingCart)).toEqual({
      subtotalCents: 12000,
      discountCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      grandTotalCents: 12000,
      totalQuantity: 2,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
    });
    expect(body.shoppingCart.selectedShippingOption).toBeNull();
  });

  it("prices a gift card at its denomination (GIFT-5000): no shipping, not digital", async () => {
    const visitor = await shopper();
    const { status, body } = await addEntry(visitor, { itemId: ids["gift-card"], sku: "GIFT-5000", quantity: 1 });
    expect(status).toBe(200);
    expect(body.newlyAdded).toMatchObject({ chosenVariant: { sku: "GIFT-5000" }, purchasePriceCents: 5000, subTotal: 5000 });
    expect(totalsOf(body.shoppingCart)).toEqual({
      subtotalCents: 5000,
      discountCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      grandTotalCents: 5000,
      totalQuantity: 1,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
    });
    expect(body.shoppingCart.selectedShippingOption).toBeNull();
  });

  it("adds up a mixed cart: has digital but is not purely digital, and ships the physical goods", async () => {
    const visitor = await shopper();
    await addEntry(visitor, { itemId: ids["recipe-ebook"], sku: null, quantity: 1 });
    await addEntry(visitor, { itemId: ids["gift-card"], sku: "GIFT-2500", quantity: 2 });
    await addEntry(visitor, { itemId: ids["design-consultation"], sku: "CONSULT-1H", quantity: 1 });
    const { body } = await addEntry(visitor, { itemId: ids["ceramic-mug"], sku: "MUG-1", quantity: 3 });
    expect(totalsOf(body.shoppingCart)).toEqual({
      subtotalCents: 900 + 5000 + 6000 + 5400,
      discountCents: 0,
      taxCents: 0,
      shippingCostCents: 500,
      grandTotalCents: 900 + 5000 + 6000 + 5400 + 500,
      totalQuantity: 7,
      hasDigital: true,
      purelyDigital: false,
      requiresShipping: true,
    });
    expect(body.shoppingCart.selectedShippingOption).toMatchObject({ name: "Standard", priceCents: 500 });
    expectTotalsIdentity(body.shoppingCart);
  });
});
