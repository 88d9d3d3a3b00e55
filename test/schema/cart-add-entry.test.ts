// addCartEntry over GraphQL and its typed errors, with the messages of spec storefront-and-commerce.md
// §5 and §8 spelled out as literals (set-up in cart-setup.ts).
import { run } from "../support/app.ts";
import { ADD, add, added, cartOf, ids, store, useCartStore } from "./cart-setup.ts";

useCartStore();

describe("addCartEntry", () => {
  it("adds a variant by sku: entry with title, chosen variant, unit price and subtotal", async () => {
    const visitor = store.visitor();
    const payload = await added(visitor, "linen-shirt", { sku: "LINEN-M-BLUE", quantity: 2 });
    expect(payload.newlyAdded).toMatchObject({
      itemId: ids["linen-shirt"],
      title: "Linen Shirt",
      quantity: 2,
      chosenVariant: {
        sku: "LINEN-M-BLUE",
        attributes: [
          { name: "Size", value: "M" },
          { name: "Color", value: "Blue" },
        ],
      },
      purchasePrice: { value: 4500 },
      subtotal: { value: 9000 },
      additionalFields: null,
    });
    expect(payload.cart).toMatchObject({ totalQuantity: 2, subtotal: { value: 9000, currency: "USD" }, requiresShipping: true, hasDigital: false });
    expect(payload.cart.entries.map((entry: any) => entry.id)).toEqual([payload.newlyAdded.id]);
  });

  it("adds a variant by options: Size L + Color Blue is LINEN-L-BLUE at its sale price 3900", async () => {
    const visitor = store.visitor();
    const payload = await added(visitor, "linen-shirt", {
      options: [
        { name: "Color", value: "Blue" },
        { name: "Size", value: "L" },
      ],
    });
    expect(payload.newlyAdded.chosenVariant).toEqual({
      sku: "LINEN-L-BLUE",
      attributes: [
        { name: "Size", value: "L" },
        { name: "Color", value: "Blue" },
      ],
    });
    expect(payload.newlyAdded.purchasePrice.value).toBe(3900);
  });

  it("takes the product's global id as itemId too", async () => {
    const visitor = store.visitor();
    const globalId = Buffer.from(`Product:${ids["city-poster"]}`).toString("base64");
    const payload = (await run(visitor, ADD, { input: { itemId: globalId, sku: "POSTER-LARGE" } })).addCartEntry;
    expect(payload.__typename).toBe("AddCartEntrySuccess");
    expect(payload.newlyAdded.purchasePrice.value).toBe(3500);
  });

  it("needs no choice for a product with one variant", async () => {
    const payload = await added(store.visitor(), "ceramic-mug");
    expect(payload.newlyAdded.chosenVariant.sku).toBe("MUG-1");
    expect(payload.newlyAdded.quantity).toBe(1);
  });

  it("adds the same variant again to the same entry", async () => {
    const visitor = store.visitor();
    const first = await added(visitor, "linen-shirt", { sku: "LINEN-S-WHITE" });
    const second = await added(visitor, "linen-shirt", { sku: "LINEN-S-WHITE", quantity: 3 });
    expect(second.newlyAdded.id).toBe(first.newlyAdded.id);
    expect(second.newlyAdded.quantity).toBe(4);
    expect(second.cart.entries).toHaveLength(1);
    expect(second.cart.totalQuantity).toBe(4);
  });

  it("adds a digital product (no variant): recipe-ebook at its sale price 900, purely digital, no shipping", async () => {
    const payload = await added(store.visitor(), "recipe-ebook");
    expect(payload.newlyAdded).toMatchObject({ title: "Recipe eBook", chosenVariant: null, purchasePrice: { value: 900 } });
    expect(payload.cart).toMatchObject({
      hasDigital: true,
      purelyDigital: true,
      requiresShipping: false,
      selectedShippingOption: null,
      shippingCost: { value: 0 },
      grandTotal: { value: 900 },
    });
  });

  describe("variant selection (spec §5)", () => {
    it.each`
      options                                | message
      ${[{ name: "Color", value: "White" }]} | ${"Please select the Size option."}
      ${[{ name: "Size", value: "M" }]}      | ${"Please select the Color option."}
      ${[]}                                  | ${"Please select the Size and Color options."}
      ${null}                                | ${"Please select the Size and Color options."}
    `("linen-shirt with options $options: '$message'", async ({ options, message }) => {
      const visitor = store.visitor();
      const payload = await add(visitor, "linen-shirt", options === null ? {} : { options });
      expect(payload).toEqual({ __typename: "VariantSelectionError", message, code: "OPTIONS_NOT_SELECTED" });
      expect(await cartOf(visitor)).toBeNull();
    });

    it("'Please select the {optionsList} and {lastOption} options.' when more than two options are unselected", async () => {
      const payload = await add(store.visitor(), "tri-option-shirt");
      expect(payload).toEqual({ __typename: "VariantSelectionError", message: "Please select the Size, Color and Fit options.", code: "OPTIONS_NOT_SELECTED" });
    });

    it("'Sorry, that item variant is unavailable. Please select another variant.' for Size L + Color Purple", async () => {
      const payload = await add(store.visitor(), "linen-shirt", {
        options: [
          { name: "Size", value: "L" },
          { name: "Color", value: "Purple" },
        ],
      });
      expect(payload).toEqual({
        __typename: "VariantSelectionError",
        message: "Sorry, that item variant is unavailable. Please select another variant.",
        code: "VARIANT_UNAVAILABLE",
      });
    });

    it("gives the unavailable message for a sku the product does not have", async () => {
      const payload = await add(store.visitor(), "linen-shirt", { sku: "MUG-1" });
      expect(payload).toMatchObject({
        __typename: "VariantSelectionError",
        message: "Sorry, that item variant is unavailable. Please select another variant.",
      });
    });
  });

  describe("stock (spec §5: the check counts what is already in the cart)", () => {
    it("'Sorry, we do not have enough of that item available.' for linen-shirt L/White (stock 0)", async () => {
      const visitor = store.visitor();
      const payload = await add(visitor, "linen-shirt", { sku: "LINEN-L-WHITE" });
      expect(payload).toEqual({ __typename: "NotEnoughStockError", message: "Sorry, we do not have enough of that item available.", code: "NOT_ENOUGH_STOCK" });
      expect(await cartOf(visitor)).toBeNull();
    });

    it("refuses a sold-out canvas-tote", async () => {
      const payload = await add(store.visitor(), "canvas-tote", { sku: "TOTE-BLACK" });
      expect(payload).toMatchObject({ __typename: "NotEnoughStockError", message: "Sorry, we do not have enough of that item available." });
    });

    it("counts the mugs already in the cart: 2 then 2 more of stock 3 is refused, 1 more is accepted", async () => {
      const visitor = store.visitor();
      await added(visitor, "ceramic-mug", { quantity: 2 });
      const refused = await add(visitor, "ceramic-mug", { quantity: 2 });
      expect(refused).toEqual({ __typename: "NotEnoughStockError", message: "Sorry, we do not have enough of that item available.", code: "NOT_ENOUGH_STOCK" });
      expect((await cartOf(visitor)).totalQuantity).toBe(2);
      const accepted = await added(visitor, "ceramic-mug", { quantity: 1 });
      expect(accepted.cart.totalQuantity).toBe(3);
      expect(await add(visitor, "ceramic-mug")).toMatchObject({ __typename: "NotEnoughStockError" });
    });

    it("refuses more than the stock in one add (M/White stock 1, quantity 2)", async () => {
      expect(await add(store.visitor(), "linen-shirt", { sku: "LINEN-M-WHITE", quantity: 2 })).toMatchObject({
        __typename: "NotEnoughStockError",
        message: "Sorry, we do not have enough of that item available.",
      });
    });

    it("counts every entry of one variant, whatever their form answers (engraved-pen, stock 4)", async () => {
      const visitor = store.visitor();
      await added(visitor, "engraved-pen", { quantity: 3, additionalFields: { engraving: "Ada" } });
      const refused = await add(visitor, "engraved-pen", { quantity: 2, additionalFields: { engraving: "Grace" } });
      expect(refused).toMatchObject({ __typename: "NotEnoughStockError", message: "Sorry, we do not have enough of that item available." });
      const accepted = await added(visitor, "engraved-pen", { quantity: 1, additionalFields: { engraving: "Grace" } });
      expect(accepted.cart.entries).toHaveLength(2);
    });

    it("never refuses an unlimited variant (S/Blue, 9999)", async () => {
      const payload = await added(store.visitor(), "linen-shirt", { sku: "LINEN-S-BLUE", quantity: 9999 });
      expect(payload.newlyAdded.quantity).toBe(9999);
    });
  });

  describe("quantity", () => {
    it.each([0, -1, 10000])("quantity %p: InvalidQuantityError 'Quantity must be between 1 and 9999.'", async (quantity) => {
      const visitor = store.visitor();
      const payload = await add(visitor, "design-consultation", { quantity });
      expect(payload).toEqual({ __typename: "InvalidQuantityError", message: "Quantity must be between 1 and 9999.", code: "INVALID_QUANTITY" });
      expect(await cartOf(visitor)).toBeNull();
    });

    it("accepts 1 and 9999", async () => {
      const visitor = store.visitor();
      expect((await added(visitor, "design-consultation", { quantity: 1 })).newlyAdded.quantity).toBe(1);
      expect((await added(store.visitor(), "design-consultation", { quantity: 9999 })).newlyAdded.quantity).toBe(9999);
    });

    it("refuses an entry that would grow over 9999 units", async () => {
      const visitor = store.visitor();
      await added(visitor, "design-consultation", { quantity: 9999 });
      expect(await add(visitor, "design-consultation", { quantity: 1 })).toEqual({
        __typename: "InvalidQuantityError",
        message: "Quantity must be between 1 and 9999.",
        code: "INVALID_QUANTITY",
      });
      expect((await cartOf(visitor)).totalQuantity).toBe(9999);
    });

    it("refuses a quantity that is not a whole number with a clear 400 and creates no cart", async () => {
      const visitor = store.visitor();
      for (const quantity of ["abc", 1.5]) {
        const result = await visitor.graphql(ADD, { input: { itemId: ids["ceramic-mug"], quantity } });
        expect(result.status).toBe(400);
        expect(result.data).toBeUndefined();
        expect(result.errors?.[0].message).toMatch(/^Variable "\$input" got invalid value .*Int cannot represent non-integer value/);
      }
      expect(await cartOf(visitor)).toBeNull();
    });
  });

  describe("gift cards (spec §5)", () => {
    it.each([null, "GIFT-1234"])("sku %p: 'Select a denomination for the Gift Card'", async (sku) => {
      const visitor = store.visitor();
      const payload = await add(visitor, "gift-card", sku === null ? {} : { sku });
      expect(payload).toEqual({ __typename: "VariantSelectionError", message: "Select a denomination for the Gift Card", code: "DENOMINATION_REQUIRED" });
      expect(await cartOf(visitor)).toBeNull();
    });

    it("adds the chosen denomination GIFT-5000 at 5000, not shipped and not taxed", async () => {
      const payload = await added(store.visitor(), "gift-card", { sku: "GIFT-5000" });
      expect(payload.newlyAdded).toMatchObject({ chosenVariant: { sku: "GIFT-5000", attributes: [] }, purchasePrice: { value: 5000 } });
      expect(payload.cart).toMatchObject({ requiresShipping: false, shippingCost: { value: 0 }, grandTotal: { value: 5000 } });
    });
  });

  describe("additional fields (engraved-pen's Engraving form)", () => {
    it("FormInvalidError 'One or more fields is invalid, please check your entries.' with 'Required' when Engraving is missing", async () => {
      const visitor = store.visitor();
      for (const input of [{}, { additionalFields: {} }, { additionalFields: { engraving: "" } }]) {
        const payload = await add(visitor, "engraved-pen", input);
        expect(payload).toEqual({
          __typename: "FormInvalidError",
          message: "One or more fields is invalid, please check your entries.",
          code: "FORM_INVALID",
          fieldErrors: [{ fieldId: "engraving", message: "Required" }],
        });
      }
      expect(await cartOf(visitor)).toBeNull();
    });

    it("'You have exceeded the character limit.' above 20 characters; exactly 20 passes", async () => {
      const tooLong = await add(store.visitor(), "engraved-pen", { additionalFields: { engraving: "x".repeat(21) } });
      expect(tooLong).toEqual({
        __typename: "FormInvalidError",
        message: "One or more fields is invalid, please check your entries.",
        code: "FORM_INVALID",
        fieldErrors: [{ fieldId: "engraving", message: "You have exceeded the character limit." }],
      });
      const payload = await added(store.visitor(), "engraved-pen", { additionalFields: { engraving: "x".repeat(20) } });
      expect(payload.newlyAdded.additionalFields).toEqual({ engraving: "x".repeat(20) });
    });

    it("keeps the answers on the entry as a JSON object", async () => {
      const payload = await added(store.visitor(), "engraved-pen", { quantity: 2, additionalFields: { engraving: "For Ada" } });
      expect(payload.newlyAdded).toMatchObject({
        quantity: 2,
        additionalFields: { engraving: "For Ada" },
        purchasePrice: { value: 3200 },
        subtotal: { value: 6400 },
      });
    });

    it("refuses additionalFields that are not a JSON object with a clear 400", async () => {
      const visitor = store.visitor();
      const result = await visitor.graphql(ADD, { input: { itemId: ids["engraved-pen"], additionalFields: ["For Ada"] } });
      expect(result.status).toBe(400);
      expect(result.errors?.[0].message).toMatch(/JSONObject must be an object\./);
      expect(await cartOf(visitor)).toBeNull();
    });
  });

  describe("products that cannot be added", () => {
    it("refuses the subscribable coffee-club: 'Subscription products are purchased through a subscription checkout.'", async () => {
      const visitor = store.visitor();
      expect(await add(visitor, "coffee-club")).toEqual({
        __typename: "NotAllowedError",
        message: "Subscription products are purchased through a subscription checkout.",
        code: "NOT_ALLOWED",
      });
      expect(await cartOf(visitor)).toBeNull();
    });

    it.each(["987654", "not-an-id", "999999999999999"])("NotFoundError 'That product could not be found.' for itemId %p", async (itemId) => {
      const visitor = store.visitor();
      const payload = (await run(visitor, ADD, { input: { itemId } })).addCartEntry;
      expect(payload).toEqual({ __typename: "NotFoundError", message: "That product could not be found.", code: "NOT_FOUND" });
      expect(await cartOf(visitor)).toBeNull();
    });
  });
});
