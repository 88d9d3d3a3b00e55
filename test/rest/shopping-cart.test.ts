// POST /api/commerce/shopping-cart/entries, PUT .../entries/{entryId}/additionalFields and
// GET /api/commerce/shopping-cart over HTTP (spec storefront-and-commerce.md §3, §5, §7, §8).
import { startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { CART, addEntry, additionalFieldsPath, cartOf, countCarts, expectClientError, setCookieNames } from "./helpers.ts";

let store: TestStore;
const ids: Record<string, string> = {};
const SLUGS = ["canvas-tote", "linen-shirt", "ceramic-mug", "recipe-ebook", "design-consultation", "gift-card", "coffee-club", "engraved-pen", "city-poster"];

beforeAll(async () => {
  store = await startTestStore();
  for (const slug of SLUGS) ids[slug] = String(await store.itemId(slug));
});
afterAll(() => store.close());

const shopper = () => store.visitor().arrive();

/** The cart totals of spec §3, for exact comparison. */
const totalsOf = (cart: any) => ({
  subtotalCents: cart.subtotalCents,
  discountCents: cart.discountCents,
  taxCents: cart.taxCents,
  shippingCostCents: cart.shippingCostCents,
  grandTotalCents: cart.grandTotalCents,
  totalQuantity: cart.totalQuantity,
  hasDigital: cart.hasDigital,
  purelyDigital: cart.purelyDigital,
  requiresShipping: cart.requiresShipping,
});

const expectTotalsIdentity = (cart: any) => expect(cart.grandTotalCents).toBe(cart.subtotalCents - cart.discountCents + cart.taxCents + cart.shippingCostCents);

/** Checks a failed call left the visitor's cart exactly as it was. */
async function expectCartUnchanged(visitor: TestVisitor, before: any) {
  expect(await cartOf(visitor)).toEqual(before);
}

describe("POST /api/commerce/shopping-cart/entries", () => {
  it("answers 200 with shoppingCart and newlyAdded", async () => {
    const visitor = await shopper();
    const response = await addEntry(visitor, { itemId: ids["linen-shirt"], sku: "LINEN-M-BLUE", quantity: 2, additionalFields: null });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["newlyAdded", "shoppingCart"]);
    const { shoppingCart, newlyAdded } = response.body;
    expect(newlyAdded).toMatchObject({
      itemId: ids["linen-shirt"],
      chosenVariant: { sku: "LINEN-M-BLUE", attributes: { Size: "M", Color: "Blue" } },
      quantity: 2,
      purchasePriceCents: 4500,
      subTotal: 9000,
    });
    expect(typeof newlyAdded.id).toBe("string");
    expect(typeof newlyAdded.title).toBe("string");
    expect(shoppingCart).toMatchObject({
      isPurchased: false,
      orderId: null,
      entries: [expect.objectContaining({ id: newlyAdded.id, quantity: 2 })],
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
    });
    expect(typeof shoppingCart.id).toBe("string");
    expect(typeof shoppingCart.websiteId).toBe("string");
    expect(typeof shoppingCart.created).toBe("number");
  });

  it("sets the cart cookie sc_cart on the first add and uses the same cart afterwards", async () => {
    const visitor = await shopper();
    expect(visitor.cartToken).toBeUndefined();
    const first = await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-SMALL", quantity: 1 });
    expect(first.status).toBe(200);
    expect(setCookieNames(first.headers)).toContain("sc_cart");
    const cartCookie = first.headers.getSetCookie().find((cookie) => cookie.startsWith("sc_cart="))!;
    expect(cartCookie).toMatch(/HttpOnly/i);
    expect(cartCookie).toMatch(/Path=\//i);
    const token = visitor.cartToken;
    expect(token).toBeTruthy();

    const second = await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-LARGE", quantity: 1 });
    expect(second.status).toBe(200);
    expect(setCookieNames(second.headers)).not.toContain("sc_cart");
    expect(visitor.cartToken).toBe(token);
    expect(second.body.shoppingCart.id).toBe(first.body.shoppingCart.id);
    expect(second.body.shoppingCart.entries.map((entry: any) => entry.chosenVariant.sku)).toEqual(["POSTER-SMALL", "POSTER-LARGE"]);
    expect(second.body.shoppingCart.totalQuantity).toBe(2);
  });

  it("gives each visitor a cart of their own", async () => {
    const alice = await shopper();
    const bob = await shopper();
    const a = await addEntry(alice, { itemId: ids["city-poster"], sku: "POSTER-SMALL", quantity: 1 });
    const b = await addEntry(bob, { itemId: ids["city-poster"], sku: "POSTER-SMALL", quantity: 4 });
    expect(a.body.shoppingCart.id).not.toBe(b.body.shoppingCart.id);
    expect((await cartOf(alice)).totalQuantity).toBe(1);
    expect((await cartOf(bob)).totalQuantity).toBe(4);
  });

  it("merges quantities when the same sku is added again", async () => {
    const visitor = await shopper();
    const first = await addEntry(visitor, { itemId: ids["linen-shirt"], sku: "LINEN-S-WHITE", quantity: 2 });
    const second = await addEntry(visitor, { itemId: ids["linen-shirt"], sku: "LINEN-S-WHITE", quantity: 3 });
    expect(second.status).toBe(200);
    expect(second.body.shoppingCart.entries).toHaveLength(1);
    expect(second.body.shoppingCart.entries[0]).toMatchObject({ id: first.body.newlyAdded.id, quantity: 5, subTotal: 22500 });
    expect(second.body.newlyAdded).toMatchObject({ id: first.body.newlyAdded.id, quantity: 5 });
    expect(second.body.shoppingCart.totalQuantity).toBe(5);
  });

  it("accepts quantity as numeric text and itemId as a number, and defaults the quantity to 1", async () => {
    const visitor = await shopper();
    const text = await addEntry(visitor, { itemId: Number(ids["city-poster"]), sku: "POSTER-SMALL", quantity: "3" });
    expect(text.status).toBe(200);
    expect(text.body.newlyAdded.quantity).toBe(3);
    const missing = await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-LARGE" });
    expect(missing.status).toBe(200);
    expect(missing.body.newlyAdded.quantity).toBe(1);
  });

  it("keeps every one of 5 parallel adds to one cart: totalQuantity is their sum", async () => {
    const visitor = await shopper();
    await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-SMALL", quantity: 1 });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((quantity) => addEntry(visitor, { itemId: ids["city-poster"], sku: quantity % 2 ? "POSTER-SMALL" : "POSTER-LARGE", quantity })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await cartOf(visitor)).totalQuantity).toBe(1 + 15);
  });

  it("keeps every one of 5 parallel first adds of a visitor who has no cart yet: one cart, totalQuantity is their sum", async () => {
    const visitor = await shopper();
    const cartsBefore = await countCarts(store);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((quantity) => addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-SMALL", quantity })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.shoppingCart.id)).size).toBe(1);
    expect(await countCarts(store)).toBe(cartsBefore + 1);
    expect((await cartOf(visitor)).totalQuantity).toBe(15);
  });

  it("never lets parallel adds to one cart pass the stock together (ceramic-mug stock 3: 2 and 2 at once)", async () => {
    const visitor = await shopper();
    await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-SMALL", quantity: 1 });
    const answers = await Promise.all([0, 1].map(() => addEntry(visitor, { itemId: ids["ceramic-mug"], sku: "MUG-1", quantity: 2 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await cartOf(visitor)).entries.find((entry: any) => entry.chosenVariant.sku === "MUG-1").quantity).toBe(2);
  });

  it("selects a one-variant product without a sku (sku null)", async () => {
    const visitor = await shopper();
    const response = await addEntry(visitor, { itemId: ids["ceramic-mug"], sku: null, quantity: 1 });
    expect(response.status).toBe(200);
    expect(response.body.newlyAdded.chosenVariant.sku).toBe("MUG-1");
  });
});

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

describe("spec messages on add (§5, over REST)", () => {
  // Each case runs for a fresh visitor, who must end with no cart and no cart cookie.
  it.each([
    ["Please select the Size and Color options.", 400, "linen-shirt", { sku: null, quantity: 1 }],
    ["Please select the Size option.", 400, "city-poster", { sku: null, quantity: 1 }],
    ["Sorry, that item variant is unavailable. Please select another variant.", 400, "linen-shirt", { sku: "LINEN-XL-RED", quantity: 1 }],
    ["Sorry, we do not have enough of that item available.", 409, "linen-shirt", { sku: "LINEN-L-WHITE", quantity: 1 }],
    ["Sorry, we do not have enough of that item available.", 409, "ceramic-mug", { sku: "MUG-1", quantity: 4 }],
    ["Sorry, we do not have enough of that item available.", 409, "canvas-tote", { sku: "TOTE-NATURAL", quantity: 1 }],
    ["Quantity must be a number.", 400, "city-poster", { sku: "POSTER-SMALL", quantity: "abc" }],
    ["Quantity must be a number.", 400, "city-poster", { sku: "POSTER-SMALL", quantity: "" }],
    ["Quantity must be a number.", 400, "city-poster", { sku: "POSTER-SMALL", quantity: [2] }],
    ["Quantity must be a whole number", 400, "city-poster", { sku: "POSTER-SMALL", quantity: 2.5 }],
    ["Quantity must be a whole number", 400, "city-poster", { sku: "POSTER-SMALL", quantity: "2.5" }],
    ["Quantity must be between 1 and 9999.", 400, "city-poster", { sku: "POSTER-SMALL", quantity: 0 }],
    ["Quantity must be between 1 and 9999.", 400, "city-poster", { sku: "POSTER-SMALL", quantity: -1 }],
    ["Quantity must be between 1 and 9999.", 400, "city-poster", { sku: "POSTER-SMALL", quantity: 10000 }],
    ["Quantity must be between 1 and 9999.", 400, "city-poster", { sku: "POSTER-SMALL", quantity: 1e300 }],
    ["Select a denomination for the Gift Card", 400, "gift-card", { sku: null, quantity: 1 }],
    ["Select a denomination for the Gift Card", 400, "gift-card", { sku: "GIFT-1234", quantity: 1 }],
    [
      "Could not parse the form fields, please check your entries.",
      400,
      "engraved-pen",
      { sku: "PEN-BRASS", quantity: 1, additionalFields: "{engraving: Ada" },
    ],
    ["Could not parse the form fields, please check your entries.", 400, "engraved-pen", { sku: "PEN-BRASS", quantity: 1, additionalFields: '["Ada"]' }],
  ])("answers '%s' (%i) for %s %j", async (message, status, slug, rest) => {
    const visitor = await shopper();
    const cartsBefore = await countCarts(store);
    const response = await addEntry(visitor, { itemId: ids[slug], ...rest });
    expectClientError(response, status, message);
    expect(setCookieNames(response.headers)).not.toContain("sc_cart");
    expect(await countCarts(store)).toBe(cartsBefore);
    expect((await cartOf(visitor)).entries).toEqual([]);
  });

  it("refuses more than the stock counting what is already in the cart (ceramic-mug stock 3: add 2, then 2)", async () => {
    const visitor = await shopper();
    expect((await addEntry(visitor, { itemId: ids["ceramic-mug"], sku: "MUG-1", quantity: 2 })).status).toBe(200);
    const before = await cartOf(visitor);
    const response = await addEntry(visitor, { itemId: ids["ceramic-mug"], sku: "MUG-1", quantity: 2 });
    expectClientError(response, 409, "Sorry, we do not have enough of that item available.");
    await expectCartUnchanged(visitor, before);
    // The last one still fits.
    const last = await addEntry(visitor, { itemId: ids["ceramic-mug"], sku: "MUG-1", quantity: 1 });
    expect(last.status).toBe(200);
    expect(last.body.shoppingCart.totalQuantity).toBe(3);
  });

  it("refuses a merged entry above 9999 with 'Quantity must be between 1 and 9999.'", async () => {
    const visitor = await shopper();
    expect((await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-SMALL", quantity: 9999 })).status).toBe(200);
    const before = await cartOf(visitor);
    const response = await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-SMALL", quantity: 1 });
    expectClientError(response, 400, "Quantity must be between 1 and 9999.");
    await expectCartUnchanged(visitor, before);
  });

  it("does not add a subscribable product (coffee-club) to the cart", async () => {
    const visitor = await shopper();
    const cartsBefore = await countCarts(store);
    const response = await addEntry(visitor, { itemId: ids["coffee-club"], sku: "COFFEE-CLUB", quantity: 1 });
    expectClientError(response, 409, /subscription/i);
    expect(await countCarts(store)).toBe(cartsBefore);
    expect((await cartOf(visitor)).entries).toEqual([]);
  });
});

describe("additional fields (engraved-pen: Engraving, required, at most 20 characters)", () => {
  it("adds the pen with its answers, given as JSON text", async () => {
    const visitor = await shopper();
    const response = await addEntry(visitor, { itemId: ids["engraved-pen"], sku: "PEN-BRASS", quantity: 1, additionalFields: '{"engraving":"For Ada"}' });
    expect(response.status).toBe(200);
    expect(response.body.newlyAdded).toMatchObject({
      chosenVariant: { sku: "PEN-BRASS" },
      quantity: 1,
      purchasePriceCents: 3200,
      additionalFields: { engraving: "For Ada" },
    });
  });

  it("accepts exactly 20 characters", async () => {
    const visitor = await shopper();
    const response = await addEntry(visitor, {
      itemId: ids["engraved-pen"],
      sku: "PEN-BRASS",
      quantity: 1,
      additionalFields: JSON.stringify({ engraving: "x".repeat(20) }),
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ["no additionalFields", undefined, "Required"],
    ["additionalFields null", null, "Required"],
    ["an empty answer", '{"engraving":""}', "Required"],
    ["a blank answer", '{"engraving":"   "}', "Required"],
    ["an answer for another field only", '{"message":"hello"}', "Required"],
    ["21 characters", JSON.stringify({ engraving: "x".repeat(21) }), "You have exceeded the character limit."],
  ])("answers 400 with the field error for %s", async (_case, additionalFields, fieldMessage) => {
    const visitor = await shopper();
    const cartsBefore = await countCarts(store);
    const response = await addEntry(visitor, { itemId: ids["engraved-pen"], sku: "PEN-BRASS", quantity: 1, additionalFields });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "One or more fields is invalid, please check your entries.", errors: { engraving: fieldMessage } });
    expect(await countCarts(store)).toBe(cartsBefore);
    expect(setCookieNames(response.headers)).not.toContain("sc_cart");
  });

  it("keeps entries with different answers apart and merges equal ones, within the stock of 4", async () => {
    const visitor = await shopper();
    const add = (engraving: string, quantity: number) =>
      addEntry(visitor, { itemId: ids["engraved-pen"], sku: "PEN-BRASS", quantity, additionalFields: JSON.stringify({ engraving }) });
    expect((await add("Ada", 1)).status).toBe(200);
    expect((await add("Grace", 2)).status).toBe(200);
    const merged = await add("Ada", 1);
    expect(merged.body.shoppingCart.entries.map((entry: any) => [entry.additionalFields.engraving, entry.quantity])).toEqual([
      ["Ada", 2],
      ["Grace", 2],
    ]);
    const before = await cartOf(visitor);
    expectClientError(await add("Linus", 1), 409, "Sorry, we do not have enough of that item available.");
    await expectCartUnchanged(visitor, before);
  });
});

describe("PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields", () => {
  async function penInCart(engraving = "For Ada") {
    const visitor = await shopper();
    const added = await addEntry(visitor, { itemId: ids["engraved-pen"], sku: "PEN-BRASS", quantity: 1, additionalFields: JSON.stringify({ engraving }) });
    expect(added.status).toBe(200);
    return { visitor, entryId: added.body.newlyAdded.id as string };
  }

  it("updates the answers and returns shoppingCart and updatedEntry", async () => {
    const { visitor, entryId } = await penInCart();
    const response = await visitor.request("PUT", additionalFieldsPath(entryId), {
      body: { itemId: ids["engraved-pen"], sku: "PEN-BRASS", additionalFields: '{"engraving":"For Grace"}' },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["shoppingCart", "updatedEntry"]);
    expect(response.body.updatedEntry).toMatchObject({ id: entryId, quantity: 1, additionalFields: { engraving: "For Grace" } });
    expect(response.body.shoppingCart.entries).toEqual([response.body.updatedEntry]);
    expect((await cartOf(visitor)).entries[0].additionalFields).toEqual({ engraving: "For Grace" });
  });

  it.each([
    ["a missing answer", '{"engraving":""}', { error: "One or more fields is invalid, please check your entries.", errors: { engraving: "Required" } }],
    [
      "21 characters",
      JSON.stringify({ engraving: "y".repeat(21) }),
      { error: "One or more fields is invalid, please check your entries.", errors: { engraving: "You have exceeded the character limit." } },
    ],
  ])("validates like the add: refuses %s with 400 and keeps the old answers", async (_case, additionalFields, expected) => {
    const { visitor, entryId } = await penInCart();
    const before = await cartOf(visitor);
    const response = await visitor.request("PUT", additionalFieldsPath(entryId), { body: { itemId: ids["engraved-pen"], sku: "PEN-BRASS", additionalFields } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    await expectCartUnchanged(visitor, before);
  });

  it("refuses malformed additionalFields JSON text with 'Could not parse the form fields, please check your entries.'", async () => {
    const { visitor, entryId } = await penInCart();
    const before = await cartOf(visitor);
    const response = await visitor.request("PUT", additionalFieldsPath(entryId), {
      body: { itemId: ids["engraved-pen"], sku: "PEN-BRASS", additionalFields: '{"engraving":' },
    });
    expectClientError(response, 400, "Could not parse the form fields, please check your entries.");
    await expectCartUnchanged(visitor, before);
  });

  it("answers 404 for an unknown entry id", async () => {
    const { visitor } = await penInCart();
    const before = await cartOf(visitor);
    const response = await visitor.request("PUT", additionalFieldsPath("00000000-0000-0000-0000-000000000000"), {
      body: { itemId: ids["engraved-pen"], sku: "PEN-BRASS", additionalFields: '{"engraving":"x"}' },
    });
    expectClientError(response, 404);
    await expectCartUnchanged(visitor, before);
  });

  it("answers 404 for another visitor's entry and leaves it alone", async () => {
    const { visitor: owner, entryId } = await penInCart("Mine");
    const stranger = await shopper();
    await addEntry(stranger, { itemId: ids["city-poster"], sku: "POSTER-SMALL", quantity: 1 });
    const response = await stranger.request("PUT", additionalFieldsPath(entryId), { body: { additionalFields: '{"engraving":"Theirs"}' } });
    expectClientError(response, 404);
    expect((await cartOf(owner)).entries[0].additionalFields).toEqual({ engraving: "Mine" });
  });

  it("answers 404 to a visitor who has no cart, and makes none", async () => {
    const visitor = await shopper();
    const cartsBefore = await countCarts(store);
    const response = await visitor.request("PUT", additionalFieldsPath("no-such-entry"), { body: { additionalFields: '{"engraving":"x"}' } });
    expectClientError(response, 404);
    expect(await countCarts(store)).toBe(cartsBefore);
  });
});

describe("GET /api/commerce/shopping-cart", () => {
  const emptyTotals = {
    subtotalCents: 0,
    discountCents: 0,
    taxCents: 0,
    shippingCostCents: 0,
    grandTotalCents: 0,
    totalQuantity: 0,
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: false,
  };

  it("answers an empty cart to a visitor without one, and stores nothing", async () => {
    const visitor = await shopper();
    const cartsBefore = await countCarts(store);
    const cart = await cartOf(visitor);
    expect(cart.entries).toEqual([]);
    expect(totalsOf(cart)).toEqual(emptyTotals);
    expect(cart.isPurchased).toBe(false);
    expect(await countCarts(store)).toBe(cartsBefore);
    expect(visitor.cartToken).toBeUndefined();
  });

  it("answers the visitor's cart, as the last add returned it", async () => {
    const visitor = await shopper();
    await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-LARGE", quantity: 2 });
    const added = await addEntry(visitor, { itemId: ids["recipe-ebook"], sku: null, quantity: 1 });
    expect(await cartOf(visitor)).toEqual(added.body.shoppingCart);
  });

  it("answers an empty preview cart for mock=true, never the visitor's real cart", async () => {
    const visitor = await shopper();
    const added = await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-LARGE", quantity: 2 });
    const mock = await cartOf(visitor, "?mock=true");
    expect(mock.entries).toEqual([]);
    expect(totalsOf(mock)).toEqual(emptyTotals);
    expect(mock.id).not.toBe(added.body.shoppingCart.id);
    // ...and the real cart is untouched.
    expect(await cartOf(visitor)).toEqual(added.body.shoppingCart);
  });

  it("accepts timecode and calculateSubtotal and still answers the visitor's cart", async () => {
    const visitor = await shopper();
    const added = await addEntry(visitor, { itemId: ids["linen-shirt"], sku: "LINEN-L-BLUE", quantity: 1 });
    const cart = await cartOf(visitor, `?timecode=${Date.now()}&calculateSubtotal=true`);
    expect(cart).toEqual(added.body.shoppingCart);
    expect(cart.subtotalCents).toBe(3900);
    expect(await cartOf(visitor, "?calculateSubtotal=false&timecode=1")).toEqual(added.body.shoppingCart);
  });

  it("answers an empty cart for a cart cookie that names no cart", async () => {
    const visitor = await shopper();
    visitor.cookies.set("sc_cart", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const response = await visitor.request("GET", CART);
    expect(response.status).toBe(200);
    expect(response.body.entries).toEqual([]);
    expect(totalsOf(response.body)).toEqual(emptyTotals);
  });

  it("is never cached", async () => {
    const visitor = await shopper();
    const response = await visitor.request("GET", CART);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
  });
});
