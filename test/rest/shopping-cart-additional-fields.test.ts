// Additional fields of a cart entry over REST: on add, and PUT
// /api/commerce/shopping-cart/entries/{entryId}/additionalFields (spec storefront-and-commerce.md §5, §7).
import { addEntry, additionalFieldsPath, cartOf, countCarts, expectClientError, setCookieNames } from "./helpers.ts";
import { expectCartUnchanged, ids, shopper, store, useShoppingCartStore } from "./shopping-cart-setup.ts";

useShoppingCartStore();

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
