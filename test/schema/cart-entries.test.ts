// Changing a cart's entries over GraphQL: updateCartEntryQuantity, removeCartEntry and
// updateCartEntryAdditionalFields, with the spec's messages as literals (set-up in cart-setup.ts).
import { run } from "../support/app.ts";
import { added, cartOf, REMOVE, store, UPDATE_FIELDS, UPDATE_QUANTITY, useCartStore } from "./cart-setup.ts";

useCartStore();

describe("updateCartEntryQuantity", () => {
  it("sets the quantity within the stock (mug stock 3: 3 yes, 4 no)", async () => {
    const visitor = store.visitor();
    const { newlyAdded } = await added(visitor, "ceramic-mug");
    const updated = (await run(visitor, UPDATE_QUANTITY, { input: { entryId: newlyAdded.id, quantity: 3 } })).updateCartEntryQuantity;
    expect(updated.__typename).toBe("UpdateCartEntryQuantitySuccess");
    expect(updated.cart.entries[0]).toMatchObject({ quantity: 3, subtotal: { value: 5400 } });
    expect(updated.cart.totalQuantity).toBe(3);

    const refused = (await run(visitor, UPDATE_QUANTITY, { input: { entryId: newlyAdded.id, quantity: 4 } })).updateCartEntryQuantity;
    expect(refused).toEqual({ __typename: "NotEnoughStockError", message: "Sorry, we do not have enough of that item available.", code: "NOT_ENOUGH_STOCK" });
    expect((await cartOf(visitor)).entries[0].quantity).toBe(3);
  });

  it("counts the variant's other entries (pen stock 4: entries of 2 and 2, one of them to 3 is refused)", async () => {
    const visitor = store.visitor();
    const ada = await added(visitor, "engraved-pen", { quantity: 2, additionalFields: { engraving: "Ada" } });
    await added(visitor, "engraved-pen", { quantity: 2, additionalFields: { engraving: "Grace" } });
    const refused = (await run(visitor, UPDATE_QUANTITY, { input: { entryId: ada.newlyAdded.id, quantity: 3 } })).updateCartEntryQuantity;
    expect(refused).toMatchObject({ __typename: "NotEnoughStockError", message: "Sorry, we do not have enough of that item available." });
    const lowered = (await run(visitor, UPDATE_QUANTITY, { input: { entryId: ada.newlyAdded.id, quantity: 1 } })).updateCartEntryQuantity;
    expect(lowered.cart.totalQuantity).toBe(3);
  });

  it.each([0, 10000])("quantity %p: InvalidQuantityError 'Quantity must be between 1 and 9999.'", async (quantity) => {
    const visitor = store.visitor();
    const { newlyAdded } = await added(visitor, "design-consultation");
    const payload = (await run(visitor, UPDATE_QUANTITY, { input: { entryId: newlyAdded.id, quantity } })).updateCartEntryQuantity;
    expect(payload).toEqual({ __typename: "InvalidQuantityError", message: "Quantity must be between 1 and 9999.", code: "INVALID_QUANTITY" });
    expect((await cartOf(visitor)).entries[0].quantity).toBe(1);
  });

  it("NotFoundError 'That item is no longer in your shopping cart.' for an entry of another cart", async () => {
    const owner = store.visitor();
    const { newlyAdded } = await added(owner, "ceramic-mug");
    const stranger = store.visitor();
    await added(stranger, "recipe-ebook");
    const payload = (await run(stranger, UPDATE_QUANTITY, { input: { entryId: newlyAdded.id, quantity: 2 } })).updateCartEntryQuantity;
    expect(payload).toEqual({ __typename: "NotFoundError", message: "That item is no longer in your shopping cart.", code: "NOT_FOUND" });
    expect((await cartOf(owner)).entries[0].quantity).toBe(1);
  });

  it("NotFoundError 'Your shopping cart could not be found.' for a visitor without a cart", async () => {
    const payload = (await run(store.visitor(), UPDATE_QUANTITY, { input: { entryId: "nope", quantity: 2 } })).updateCartEntryQuantity;
    expect(payload).toEqual({ __typename: "NotFoundError", message: "Your shopping cart could not be found.", code: "NOT_FOUND" });
  });
});

describe("removeCartEntry", () => {
  it("removes the entry; removing it again is 'That item is no longer in your shopping cart.'", async () => {
    const visitor = store.visitor();
    const mug = await added(visitor, "ceramic-mug");
    await added(visitor, "recipe-ebook");
    const removed = (await run(visitor, REMOVE, { input: { entryId: mug.newlyAdded.id } })).removeCartEntry;
    expect(removed.__typename).toBe("RemoveCartEntrySuccess");
    expect(removed.cart.entries.map((entry: any) => entry.title)).toEqual(["Recipe eBook"]);
    expect(removed.cart).toMatchObject({ totalQuantity: 1, subtotal: { value: 900 }, requiresShipping: false });

    const again = (await run(visitor, REMOVE, { input: { entryId: mug.newlyAdded.id } })).removeCartEntry;
    expect(again).toEqual({ __typename: "NotFoundError", message: "That item is no longer in your shopping cart.", code: "NOT_FOUND" });
  });

  it("leaves an empty cart (not no cart) after the last entry goes", async () => {
    const visitor = store.visitor();
    const mug = await added(visitor, "ceramic-mug");
    await run(visitor, REMOVE, { input: { entryId: mug.newlyAdded.id } });
    const cart = await cartOf(visitor);
    expect(cart).toMatchObject({ id: mug.cart.id, entries: [], totalQuantity: 0, grandTotal: { value: 0 } });
  });
});

describe("updateCartEntryAdditionalFields", () => {
  it("replaces the entry's answers after validating them", async () => {
    const visitor = store.visitor();
    const pen = await added(visitor, "engraved-pen", { additionalFields: { engraving: "Ada" } });
    const payload = (await run(visitor, UPDATE_FIELDS, { input: { entryId: pen.newlyAdded.id, additionalFields: { engraving: "Grace" } } }))
      .updateCartEntryAdditionalFields;
    expect(payload.__typename).toBe("UpdateCartEntryAdditionalFieldsSuccess");
    expect(payload.updatedEntry).toEqual({ id: pen.newlyAdded.id, additionalFields: { engraving: "Grace" }, quantity: 1 });
    expect((await cartOf(visitor)).entries[0].additionalFields).toEqual({ engraving: "Grace" });
  });

  it("refuses invalid answers with FormInvalidError and keeps the old ones", async () => {
    const visitor = store.visitor();
    const pen = await added(visitor, "engraved-pen", { additionalFields: { engraving: "Ada" } });
    const payload = (await run(visitor, UPDATE_FIELDS, { input: { entryId: pen.newlyAdded.id, additionalFields: { engraving: "" } } }))
      .updateCartEntryAdditionalFields;
    expect(payload).toEqual({
      __typename: "FormInvalidError",
      message: "One or more fields is invalid, please check your entries.",
      code: "FORM_INVALID",
      fieldErrors: [{ fieldId: "engraving", message: "Required" }],
    });
    expect((await cartOf(visitor)).entries[0].additionalFields).toEqual({ engraving: "Ada" });
  });

  it("NotFoundError for an unknown entry", async () => {
    const visitor = store.visitor();
    await added(visitor, "ceramic-mug");
    const payload = (await run(visitor, UPDATE_FIELDS, { input: { entryId: "nope", additionalFields: { engraving: "x" } } })).updateCartEntryAdditionalFields;
    expect(payload).toEqual({ __typename: "NotFoundError", message: "That item is no longer in your shopping cart.", code: "NOT_FOUND" });
  });
});
