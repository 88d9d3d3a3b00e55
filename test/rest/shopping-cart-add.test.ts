// POST /api/commerce/shopping-cart/entries over HTTP, and the spec's messages on add (spec
// storefront-and-commerce.md §5, §7, §8).
import { addEntry, cartOf, countCarts, expectClientError, setCookieNames } from "./helpers.ts";
import { expectCartUnchanged, ids, shopper, store, useShoppingCartStore } from "./shopping-cart-setup.ts";

useShoppingCartStore();

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
