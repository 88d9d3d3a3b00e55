// The visitor's cart over GraphQL: Query.cart, the cart mutations and their typed errors, with the
// messages of spec storefront-and-commerce.md §5 and §8 spelled out as literals.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { refreshSortPrice } from "../../server/services/catalog/catalog.ts";
import { run, startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { addCartEntryDocument, cartDocument, cartWriteDocument, ERROR_FIELDS, START_SUBSCRIPTION_CHECKOUT as START_SUBSCRIPTION } from "../support/graphql.ts";

let store: TestStore;
const ids: Record<string, string> = {};

beforeAll(async () => {
  store = await startTestStore();
  // A product with three options, for the many-option form of 'Please select …'.
  const product = await store.db.product.create({
    data: {
      websiteId: DEMO_WEBSITE_ID,
      slug: "tri-option-shirt",
      name: "Tri Option Shirt",
      productType: 1,
      variantOptionOrdering: JSON.stringify(["Size", "Color", "Fit"]),
      variants: {
        create: [
          { sku: "TRI-1", attributes: JSON.stringify({ Size: "S", Color: "Red", Fit: "Slim" }), price: 3000, qtyInStock: 5, position: 0 },
          { sku: "TRI-2", attributes: JSON.stringify({ Size: "M", Color: "Red", Fit: "Slim" }), price: 3000, qtyInStock: 5, position: 1 },
        ],
      },
    },
  });
  await refreshSortPrice(store.db, product.id);
  for (const slug of [
    "linen-shirt",
    "ceramic-mug",
    "canvas-tote",
    "recipe-ebook",
    "design-consultation",
    "gift-card",
    "coffee-club",
    "engraved-pen",
    "city-poster",
    "tri-option-shirt",
  ]) {
    ids[slug] = String(await store.itemId(slug));
  }
}, 60_000);
afterAll(() => store.close());

const CART_FIELDS = `
  id token isPurchased orderId totalQuantity hasDigital purelyDigital requiresShipping
  coupons validCoupons invalidCoupons
  subtotal { value currency } discount { value } tax { value } shippingCost { value } grandTotal { value decimalValue }
  shippingOptions { id name price { value } }
  selectedShippingOption { id name price { value } }
  shippingLocation { country region postalCode }
  applicableTaxRules { name ratePercent }
  entries { id itemId title quantity additionalFields chosenVariant { sku attributes { name value } } purchasePrice { value } subtotal { value } }
`;

const ENTRY_FIELDS = "id itemId title quantity additionalFields chosenVariant { sku attributes { name value } } purchasePrice { value } subtotal { value }";
const ADD = addCartEntryDocument(CART_FIELDS, ENTRY_FIELDS);
const CART = cartDocument(CART_FIELDS);
const UPDATE_QUANTITY = cartWriteDocument("updateCartEntryQuantity", CART_FIELDS);
const REMOVE = cartWriteDocument("removeCartEntry", CART_FIELDS);
const APPLY_COUPON = cartWriteDocument("applyCoupon", CART_FIELDS);
const REMOVE_COUPON = cartWriteDocument("removeCoupon", CART_FIELDS);
const SELECT_SHIPPING = cartWriteDocument("selectShippingOption", CART_FIELDS);
const SET_LOCATION = cartWriteDocument("setShippingLocation", CART_FIELDS);
const UPDATE_FIELDS = `mutation($input: UpdateCartEntryAdditionalFieldsInput!) {
  updateCartEntryAdditionalFields(input: $input) {
    ${ERROR_FIELDS}
    ... on UpdateCartEntryAdditionalFieldsSuccess { updatedEntry { id additionalFields quantity } cart { ${CART_FIELDS} } }
  }
}`;

async function add(visitor: TestVisitor, slug: string, input: Record<string, unknown> = {}) {
  return (await run(visitor, ADD, { input: { itemId: ids[slug], ...input } })).addCartEntry;
}

/** Adds and expects success; returns the payload. */
async function added(visitor: TestVisitor, slug: string, input: Record<string, unknown> = {}) {
  const payload = await add(visitor, slug, input);
  expect(payload.__typename).toBe("AddCartEntrySuccess");
  return payload;
}

async function cartOf(visitor: TestVisitor) {
  return (await run(visitor, CART)).cart;
}

/** grand total = subtotal - discount + tax + shipping */
function expectTotalsIdentity(cart: any) {
  expect(cart.grandTotal.value).toBe(cart.subtotal.value - cart.discount.value + cart.tax.value + cart.shippingCost.value);
}

describe("Query.cart and the cart cookie", () => {
  it("is null for a new visitor", async () => {
    expect(await cartOf(store.visitor())).toBeNull();
  });

  it("sets the cart cookie on the first add, and the cart is the visitor's own afterwards", async () => {
    const visitor = store.visitor();
    const result = await visitor.graphql(ADD, { input: { itemId: ids["ceramic-mug"] } });
    expect(result.data.addCartEntry.__typename).toBe("AddCartEntrySuccess");
    const setCookie = result.headers.getSetCookie().find((cookie) => cookie.startsWith("sc_cart="));
    expect(setCookie).toMatch(/^sc_cart=[A-Za-z0-9_-]{16,128}; /);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(visitor.cartToken).toBe(result.data.addCartEntry.cart.token);

    const cart = await cartOf(visitor);
    expect(cart.id).toBe(result.data.addCartEntry.cart.id);
    expect(cart.entries.map((entry: any) => entry.chosenVariant.sku)).toEqual(["MUG-1"]);
  });

  it("does not set the cart cookie again on later adds to the same cart", async () => {
    const visitor = store.visitor();
    await added(visitor, "ceramic-mug");
    const result = await visitor.graphql(ADD, { input: { itemId: ids["recipe-ebook"] } });
    expect(result.headers.getSetCookie().filter((cookie) => cookie.startsWith("sc_cart="))).toEqual([]);
    expect(result.data.addCartEntry.cart.totalQuantity).toBe(2);
  });

  it("is invisible to another visitor: their cart is null and node(id) of the other cart is null", async () => {
    const owner = store.visitor();
    const payload = await added(owner, "ceramic-mug");
    const stranger = store.visitor();
    expect(await cartOf(stranger)).toBeNull();
    const nodeQuery = `query($id: ID!) { node(id: $id) { __typename id } }`;
    expect((await run(stranger, nodeQuery, { id: payload.cart.id })).node).toBeNull();
    // The stranger's own cart does not open the owner's either.
    await added(stranger, "recipe-ebook");
    expect((await run(stranger, nodeQuery, { id: payload.cart.id })).node).toBeNull();
    expect((await run(owner, nodeQuery, { id: payload.cart.id })).node).toEqual({ __typename: "Cart", id: payload.cart.id });
  });

  it("answers each visitor with their own cart even when the same cart query was answered null for someone else", async () => {
    const newcomer = store.visitor();
    expect(await cartOf(newcomer)).toBeNull();
    const shopper = store.visitor();
    const payload = await added(shopper, "ceramic-mug");
    expect((await cartOf(shopper))?.id).toBe(payload.cart.id);
    expect(await cartOf(store.visitor())).toBeNull();
  });

  it("runs every mutation: an error answered to one cart is never replayed to another request", async () => {
    const full = store.visitor();
    await added(full, "ceramic-mug", { quantity: 3 });
    const refused = (await run(full, ADD, { input: { itemId: ids["ceramic-mug"] } })).addCartEntry;
    expect(refused.__typename).toBe("NotEnoughStockError");
    // The very same document and variables, from a visitor whose cart has room.
    const other = store.visitor();
    const accepted = (await run(other, ADD, { input: { itemId: ids["ceramic-mug"] } })).addCartEntry;
    expect(accepted.__typename).toBe("AddCartEntrySuccess");
    expect((await cartOf(other)).totalQuantity).toBe(1);
  });

  it("opens a cart by X-Cart-Token for clients without cookies", async () => {
    const owner = store.visitor();
    const payload = await added(owner, "ceramic-mug");
    const cookieless = store.visitor();
    const cart = (await run(cookieless, CART, undefined, { "x-cart-token": payload.cart.token })).cart;
    expect(cart.id).toBe(payload.cart.id);
  });
});

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

describe("startSubscriptionCheckout", () => {
  it("returns a cartToken for coffee-club: a cart of its own, apart from the visitor's cart", async () => {
    const visitor = store.visitor();
    const payload = (await run(visitor, START_SUBSCRIPTION, { input: { itemId: ids["coffee-club"] } })).startSubscriptionCheckout;
    expect(payload.__typename).toBe("StartSubscriptionCheckoutSuccess");
    expect(payload.cartToken).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(await cartOf(visitor)).toBeNull();
    expect(visitor.cartToken).toBeUndefined();

    const subscriptionCart = (await run(store.visitor(), CART, undefined, { "x-cart-token": payload.cartToken })).cart;
    expect(subscriptionCart.entries.map((entry: any) => [entry.title, entry.chosenVariant.sku, entry.quantity, entry.purchasePrice.value])).toEqual([
      ["Coffee Club", "COFFEE-CLUB", 1, 2000],
    ]);
  });

  it("is refused for a product that is not subscribable", async () => {
    const payload = (await run(store.visitor(), START_SUBSCRIPTION, { input: { itemId: ids["ceramic-mug"] } })).startSubscriptionCheckout;
    expect(payload).toEqual({
      __typename: "NotAllowedError",
      message: "This product is not sold as a subscription.",
      code: "NOT_ALLOWED",
    });
  });

  it("applies the quantity rules", async () => {
    const payload = (await run(store.visitor(), START_SUBSCRIPTION, { input: { itemId: ids["coffee-club"], quantity: 0 } })).startSubscriptionCheckout;
    expect(payload).toEqual({ __typename: "InvalidQuantityError", message: "Quantity must be between 1 and 9999.", code: "INVALID_QUANTITY" });
  });
});
