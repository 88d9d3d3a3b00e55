// The inventory panel's server side (issue 9, screen 3): stock edits that never write over units a
// checkout sold meanwhile, the store's scarcity settings, and the subscription-plan rule of the editor.
import { addCartEntryDocument, checkoutDocument } from "../support/graphql.ts";
import { ok, owner, publicProduct, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

const ADD = addCartEntryDocument("totalQuantity", null);
const CHECKOUT = checkoutDocument("orderId");
const SET_STOCK = `mutation($input: SetVariantStockInput!) { setVariantStock(input: $input) { __typename
  ... on SetVariantStockSuccess { variant { qtyInStock unlimited } }
  ... on StockChangedError { message code currentQtyInStock currentUnlimited }
  ... on Error { message } } }`;

async function mugVariant() {
  const mugId = await store.itemId("ceramic-mug");
  return store.db.variant.findUniqueOrThrow({ where: { productId_sku: { productId: mugId, sku: "MUG-1" } } });
}

/** A visitor with one mug in the cart, ready to check out. */
async function shopperWithMug() {
  const shopper = await store.visitor().arrive();
  const added = await shopper.graphql(ADD, { input: { itemId: String(await store.itemId("ceramic-mug")), quantity: 1 } });
  expect(added.data.addCartEntry.__typename).toBe("AddCartEntrySuccess");
  return shopper;
}
const checkout = (shopper: Awaited<ReturnType<typeof shopperWithMug>>) =>
  shopper.graphql(CHECKOUT, {
    input: {
      email: "buyer@example.com",
      shippingAddress: { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" },
    },
  });

describe("setVariantStock with the stock the editor read", () => {
  beforeEach(async () => {
    const variant = await mugVariant();
    await store.db.variant.update({ where: { id: variant.id }, data: { qtyInStock: 3, unlimited: false } });
  });

  it("refuses to write over a unit sold since the read, answering the stock now; nothing is written", async () => {
    const variant = await mugVariant();
    const shopper = await shopperWithMug();
    // The owner's screen read 3; a shopper then buys one.
    expect((await checkout(shopper)).data.checkout.__typename).toBe("CheckoutSuccess");
    const data = await ok(SET_STOCK, { input: { id: String(variant.id), qtyInStock: 10, expectedQtyInStock: 3, expectedUnlimited: false } });
    expect(data.setVariantStock).toEqual({
      __typename: "StockChangedError",
      code: "STOCK_CHANGED",
      message: "The stock changed since you loaded it: 2 left now. Check it and save again.",
      currentQtyInStock: 2,
      currentUnlimited: false,
    });
    expect((await mugVariant()).qtyInStock).toBe(2);
    // Saved again against what it now reads, the edit goes through.
    const again = await ok(SET_STOCK, { input: { id: String(variant.id), qtyInStock: 10, expectedQtyInStock: 2 } });
    expect(again.setVariantStock).toEqual({ __typename: "SetVariantStockSuccess", variant: { qtyInStock: 10, unlimited: false } });
  });

  it("with a checkout at the same moment, either the edit wins and the sale comes off it, or the edit is refused: the sale is never lost", async () => {
    const variant = await mugVariant();
    const shoppers = await Promise.all([shopperWithMug(), shopperWithMug(), shopperWithMug()]);
    const [edit, ...checkouts] = await Promise.all([
      owner.graphql(SET_STOCK, { input: { id: String(variant.id), qtyInStock: 10, expectedQtyInStock: 3 } }),
      ...shoppers.map(checkout),
    ]);
    const sold = checkouts.filter((result) => result.data.checkout.__typename === "CheckoutSuccess").length;
    expect(sold).toBeGreaterThan(0);
    const stock = (await mugVariant()).qtyInStock;
    if (edit.data.setVariantStock.__typename === "SetVariantStockSuccess") {
      // The edit came first (the stock read was still true): every sale after it came off the 10.
      expect(sold).toBe(3);
      expect(stock).toBe(10 - sold);
    } else {
      expect(edit.data.setVariantStock).toMatchObject({ __typename: "StockChangedError", currentUnlimited: false });
      expect(edit.data.setVariantStock.currentQtyInStock).toBeLessThan(3);
      expect(stock).toBe(3 - sold);
    }
  });

  it("refuses an edit made against unlimited stock once the variant is limited, and the reverse", async () => {
    const variant = await mugVariant();
    const asUnlimited = await ok(SET_STOCK, { input: { id: String(variant.id), qtyInStock: 4, expectedUnlimited: true } });
    expect(asUnlimited.setVariantStock).toMatchObject({ __typename: "StockChangedError", currentQtyInStock: 3, currentUnlimited: false });
    await store.db.variant.update({ where: { id: variant.id }, data: { unlimited: true } });
    const asLimited = await ok(SET_STOCK, { input: { id: String(variant.id), qtyInStock: 4, expectedQtyInStock: 3 } });
    expect(asLimited.setVariantStock).toEqual({
      __typename: "StockChangedError",
      code: "STOCK_CHANGED",
      message: "The stock changed since you loaded it: it is now unlimited. Check it and save again.",
      currentQtyInStock: 3,
      currentUnlimited: true,
    });
  });
});

describe("scarcity settings", () => {
  const SETTINGS = "{ scarcitySettings { threshold onProductPages inProductBlocks } }";
  const UPDATE = `mutation($input: UpdateScarcitySettingsInput!) { updateScarcitySettings(input: $input) { __typename
    ... on UpdateScarcitySettingsSuccess { scarcitySettings { threshold onProductPages inProductBlocks } } ... on Error { message } } }`;
  const PAGE_SCARCITY = `query($slug: String!) { product(slug: $slug) { merchandising { scarcitySettings { threshold onProductPages } } } }`;

  afterEach(() => ok(UPDATE, { input: { threshold: 5, onProductPages: true, inProductBlocks: true } }));

  it("starts at a threshold of 5, shown on product pages and in blocks", async () => {
    expect((await ok(SETTINGS)).scarcitySettings).toEqual({ threshold: 5, onProductPages: true, inProductBlocks: true });
  });

  it("changes the threshold; product pages (GraphQL and the rendered page) follow at once", async () => {
    const visitor = store.visitor();
    const before = await visitor.graphql(PAGE_SCARCITY, { slug: "linen-shirt" });
    expect(before.data.product.merchandising.scarcitySettings).toEqual({ threshold: 5, onProductPages: true });
    const pageBefore = await (await fetch(`${store.baseUrl}/shop/p/linen-shirt`)).text();
    expect(pageBefore).toContain("Only 2 left!");
    const data = await ok(UPDATE, { input: { threshold: 1, onProductPages: true } });
    expect(data.updateScarcitySettings).toEqual({
      __typename: "UpdateScarcitySettingsSuccess",
      scarcitySettings: { threshold: 1, onProductPages: true, inProductBlocks: true },
    });
    const after = await visitor.graphql(PAGE_SCARCITY, { slug: "linen-shirt" });
    expect(after.data.product.merchandising.scarcitySettings).toEqual({ threshold: 1, onProductPages: true });
    const page = await (await fetch(`${store.baseUrl}/shop/p/linen-shirt`)).text();
    expect(page).toContain("Only 1 left!");
    expect(page).not.toContain("Only 2 left!");
    await ok(UPDATE, { input: { onProductPages: false } });
    expect(await (await fetch(`${store.baseUrl}/shop/p/linen-shirt`)).text()).not.toContain("Only 1 left!");
  });

  it.each([0, 1001])("refuses a threshold of %p", async (threshold) => {
    const data = await ok(UPDATE, { input: { threshold } });
    expect(data.updateScarcitySettings).toEqual({ __typename: "InvalidInputError", message: "The scarcity threshold is a whole number from 1 to 1000." });
    expect((await ok(SETTINGS)).scarcitySettings.threshold).toBe(5);
  });
});

describe("subscription plans", () => {
  const CREATE = `mutation($input: CreateProductInput!) { createProduct(input: $input) { __typename
    ... on CreateProductSuccess { product { slug isSubscribable subscriptionPlan { billingPeriod { value unit } numBillingCycles } } }
    ... on Error { message } } }`;
  const UPDATE = `mutation($input: UpdateProductInput!) { updateProduct(input: $input) { __typename
    ... on UpdateProductSuccess { product { isSubscribable subscriptionPlan { billingPeriod { value unit } numBillingCycles } } }
    ... on Error { message } } }`;
  const plan = { billingPeriodValue: 2, billingPeriodUnit: "WEEK", numBillingCycles: 26 };

  it.each(["PHYSICAL", "SERVICE"])("offers a plan for a %s product", async (productType) => {
    const data = await ok(CREATE, {
      input: { name: `Box ${productType}`, productType, variants: [{ sku: `BOX-${productType}`, price: 1000 }], subscriptionPlan: plan },
    });
    expect(data.createProduct.product).toMatchObject({
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 2, unit: "WEEK" }, numBillingCycles: 26 },
    });
  });

  it.each([
    ["DIGITAL", { price: 500 }],
    ["GIFT_CARD", { denominations: [2500] }],
    ["PAYWALL", {}],
  ])("refuses a plan for a %s product and creates nothing", async (productType, rest) => {
    const before = await store.db.product.count();
    const data = await ok(CREATE, { input: { name: "Not a box", productType, subscriptionPlan: plan, ...rest } });
    expect(data.createProduct).toEqual({ __typename: "InvalidInputError", message: "Subscriptions can be offered only for physical or service products." });
    expect(await store.db.product.count()).toBe(before);
  });

  it("adds, changes and removes a plan on update; refuses one for a digital product", async () => {
    const mugId = await store.itemId("ceramic-mug");
    const added = await ok(UPDATE, { input: { id: String(mugId), subscriptionPlan: { billingPeriodValue: 1, billingPeriodUnit: "MONTH" } } });
    expect(added.updateProduct.product).toEqual({
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: "MONTH" }, numBillingCycles: 0 },
    });
    const removed = await ok(UPDATE, { input: { id: String(mugId), subscriptionPlan: null } });
    expect(removed.updateProduct.product).toEqual({ isSubscribable: false, subscriptionPlan: null });
    const ebookId = await store.itemId("recipe-ebook");
    const refused = await ok(UPDATE, { input: { id: String(ebookId), subscriptionPlan: plan } });
    expect(refused.updateProduct).toEqual({ __typename: "InvalidInputError", message: "Subscriptions can be offered only for physical or service products." });
    expect((await publicProduct("recipe-ebook")).name).toBe("Recipe eBook");
  });

  it.each([
    [{ billingPeriodValue: 0, billingPeriodUnit: "MONTH" }, "The billing period is a whole number from 1 to 52 of weeks, months or years."],
    [{ billingPeriodValue: 1, billingPeriodUnit: "MONTH", numBillingCycles: -1 }, "Billing cycles are a whole number from 0 (indefinite) to 999."],
  ])("refuses the plan %p", async (subscriptionPlan, message) => {
    const mugId = await store.itemId("ceramic-mug");
    const data = await ok(UPDATE, { input: { id: String(mugId), subscriptionPlan } });
    expect(data.updateProduct).toEqual({ __typename: "InvalidInputError", message });
  });
});
