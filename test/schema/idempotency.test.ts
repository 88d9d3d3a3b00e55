// Idempotency keys on the cart mutations and checkout (the `idempotencyKey` argument): a retry with the
// same key replays the first answer exactly and changes nothing; the same key with other input, or
// from another visitor, is refused. (Racing retries are covered by the concurrency tests.)
import { run, startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { addCartEntryDocument, cartDocument, cartWriteDocument, checkoutDocument } from "../support/graphql.ts";

let store: TestStore;
const ids: Record<string, string> = {};

beforeAll(async () => {
  store = await startTestStore();
  for (const slug of ["linen-shirt", "ceramic-mug", "recipe-ebook", "engraved-pen"]) ids[slug] = String(await store.itemId(slug));
}, 60_000);
afterAll(() => store.close());

const CART_FIELDS = `id token created totalQuantity coupons subtotal { value formatted } discount { value } grandTotal { value }
  entries { id title quantity additionalFields chosenVariant { sku attributes { name value } } purchasePrice { value } }`;
const ADD = addCartEntryDocument(CART_FIELDS);
const UPDATE_QUANTITY = cartWriteDocument("updateCartEntryQuantity", CART_FIELDS);
const REMOVE = cartWriteDocument("removeCartEntry", CART_FIELDS);
const APPLY_COUPON = cartWriteDocument("applyCoupon", CART_FIELDS);
const CHECKOUT = checkoutDocument("id orderId orderNumber grandTotal { value } items { sku quantity }");
const CART = cartDocument(CART_FIELDS);
const NY = { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" };

let keyCounter = 0;
const newKey = () => `test-key-${process.pid}-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

const cartOf = async (visitor: TestVisitor) => (await run(visitor, CART)).cart;
const mugStock = async () => (await store.db.variant.findFirstOrThrow({ where: { sku: "MUG-1" } })).qtyInStock;

const reused = {
  __typename: "IdempotencyKeyReusedError",
  message: "This Idempotency-Key was already used for a different request.",
  code: "IDEMPOTENCY_KEY_REUSED",
};

describe("addCartEntry with an idempotency key", () => {
  it("replays the first answer exactly to a retry with the same key, and adds nothing more", async () => {
    const visitor = store.visitor();
    const key = newKey();
    const variables = { input: { itemId: ids["linen-shirt"], sku: "LINEN-S-WHITE", quantity: 2, idempotencyKey: key } };
    const first = await run(visitor, ADD, variables);
    expect(first.addCartEntry.__typename).toBe("AddCartEntrySuccess");
    const retry = await run(visitor, ADD, variables);
    expect(retry).toEqual(first);
    const cart = await cartOf(visitor);
    expect(cart.totalQuantity).toBe(2);
    expect(cart.entries).toHaveLength(1);
  });

  it("replays the first answer but changes nothing, even after the cart moved on", async () => {
    const visitor = store.visitor();
    const key = newKey();
    const variables = { input: { itemId: ids["recipe-ebook"], idempotencyKey: key } };
    const first = await run(visitor, ADD, variables);
    await run(visitor, REMOVE, { input: { entryId: first.addCartEntry.newlyAdded.id } });
    expect((await cartOf(visitor)).entries).toEqual([]);
    const retry = await run(visitor, ADD, variables);
    expect(retry).toEqual(first);
    expect((await cartOf(visitor)).entries).toEqual([]);
  });

  it("without a key, the same request adds again", async () => {
    const visitor = store.visitor();
    const variables = { input: { itemId: ids["recipe-ebook"] } };
    await run(visitor, ADD, variables);
    const second = await run(visitor, ADD, variables);
    expect(second.addCartEntry.cart.totalQuantity).toBe(2);
  });

  it("refuses the same key with different input: IdempotencyKeyReusedError, and the cart is unchanged", async () => {
    const visitor = store.visitor();
    const key = newKey();
    await run(visitor, ADD, { input: { itemId: ids["linen-shirt"], sku: "LINEN-S-WHITE", idempotencyKey: key } });
    const before = await cartOf(visitor);
    for (const input of [
      { itemId: ids["linen-shirt"], sku: "LINEN-S-WHITE", quantity: 3 },
      { itemId: ids["linen-shirt"], sku: "LINEN-M-BLUE" },
      { itemId: ids["recipe-ebook"] },
    ]) {
      expect((await run(visitor, ADD, { input: { ...input, idempotencyKey: key } })).addCartEntry).toEqual(reused);
    }
    expect(await cartOf(visitor)).toEqual(before);
  });

  it("refuses a key that another visitor used", async () => {
    const owner = store.visitor();
    const key = newKey();
    const variables = { input: { itemId: ids["recipe-ebook"], idempotencyKey: key } };
    await run(owner, ADD, variables);
    const stranger = store.visitor();
    await stranger.arrive();
    expect((await run(stranger, ADD, variables)).addCartEntry).toEqual(reused);
    expect(await cartOf(stranger)).toBeNull();
    expect((await cartOf(owner)).totalQuantity).toBe(1);
  });

  it.each(["", "has space", "x".repeat(256)])(
    "refuses the malformed key %p: InvalidInputError 'Idempotency-Key must be 1 to 255 visible characters.'",
    async (key) => {
      const visitor = store.visitor();
      const payload = (await run(visitor, ADD, { input: { itemId: ids["recipe-ebook"], idempotencyKey: key } })).addCartEntry;
      expect(payload).toEqual({ __typename: "InvalidInputError", message: "Idempotency-Key must be 1 to 255 visible characters.", code: "INVALID_INPUT" });
      expect(await cartOf(visitor)).toBeNull();
    },
  );

  it("does not store a refusal: after an error answer, the same key with the same input runs again", async () => {
    const visitor = store.visitor();
    const key = newKey();
    const refused = await run(visitor, ADD, { input: { itemId: ids["engraved-pen"], idempotencyKey: key } });
    expect(refused.addCartEntry.__typename).toBe("FormInvalidError");
    const other = await run(visitor, ADD, { input: { itemId: ids["engraved-pen"], additionalFields: { engraving: "Ada" }, idempotencyKey: key } });
    expect(other.addCartEntry.__typename).toBe("AddCartEntrySuccess");
  });
});

describe("other cart mutations with an idempotency key", () => {
  it("updateCartEntryQuantity: a retry replays; another quantity under the key is refused", async () => {
    const visitor = store.visitor();
    const { newlyAdded } = (await run(visitor, ADD, { input: { itemId: ids["linen-shirt"], sku: "LINEN-S-WHITE" } })).addCartEntry;
    const key = newKey();
    const first = await run(visitor, UPDATE_QUANTITY, { input: { entryId: newlyAdded.id, quantity: 4, idempotencyKey: key } });
    expect(first.updateCartEntryQuantity.cart.totalQuantity).toBe(4);
    // The shopper changes the quantity again; a late retry of the first change must not undo it.
    await run(visitor, UPDATE_QUANTITY, { input: { entryId: newlyAdded.id, quantity: 6 } });
    expect(await run(visitor, UPDATE_QUANTITY, { input: { entryId: newlyAdded.id, quantity: 4, idempotencyKey: key } })).toEqual(first);
    expect((await cartOf(visitor)).totalQuantity).toBe(6);
    expect((await run(visitor, UPDATE_QUANTITY, { input: { entryId: newlyAdded.id, quantity: 5, idempotencyKey: key } })).updateCartEntryQuantity).toEqual(
      reused,
    );
    expect((await cartOf(visitor)).totalQuantity).toBe(6);
  });

  it("applyCoupon: a retry replays the first answer", async () => {
    const visitor = store.visitor();
    await run(visitor, ADD, { input: { itemId: ids["recipe-ebook"] } });
    const key = newKey();
    const first = await run(visitor, APPLY_COUPON, { input: { code: "WELCOME10", idempotencyKey: key } });
    expect(first.applyCoupon.cart).toMatchObject({ coupons: ["WELCOME10"], discount: { value: 90 } });
    expect(await run(visitor, APPLY_COUPON, { input: { code: "WELCOME10", idempotencyKey: key } })).toEqual(first);
    expect((await run(visitor, APPLY_COUPON, { input: { code: "OTHER", idempotencyKey: key } })).applyCoupon).toEqual(reused);
  });

  it("refuses a key used by one mutation for another mutation", async () => {
    const visitor = store.visitor();
    const key = newKey();
    const { newlyAdded } = (await run(visitor, ADD, { input: { itemId: ids["recipe-ebook"], idempotencyKey: key } })).addCartEntry;
    expect((await run(visitor, REMOVE, { input: { entryId: newlyAdded.id, idempotencyKey: key } })).removeCartEntry).toEqual(reused);
    expect((await cartOf(visitor)).totalQuantity).toBe(1);
  });
});

describe("checkout with an idempotency key", () => {
  it("replays the order to a retry and takes the stock once", async () => {
    const visitor = store.visitor();
    await run(visitor, ADD, { input: { itemId: ids["ceramic-mug"] } });
    const cartToken = visitor.cartToken;
    const stock = await mugStock();
    const key = newKey();
    const first = await run(visitor, CHECKOUT, { input: { shippingAddress: NY, email: "retry@example.com", idempotencyKey: key } });
    expect(first.checkout.__typename).toBe("CheckoutSuccess");
    expect(await mugStock()).toBe(stock - 1);
    // The retry carries the cart the first request was for (as a client that lost the answer would).
    const retry = await visitor.graphql(
      CHECKOUT,
      { input: { shippingAddress: NY, email: "retry@example.com", idempotencyKey: key } },
      { "x-cart-token": cartToken! },
    );
    expect(retry.errors).toBeUndefined();
    expect(retry.data).toEqual(first);
    expect(await mugStock()).toBe(stock - 1);
    expect(await store.db.order.count({ where: { customerEmail: "retry@example.com" } })).toBe(1);
  });

  it("refuses the same key with a different email", async () => {
    const visitor = store.visitor();
    await run(visitor, ADD, { input: { itemId: ids["recipe-ebook"] } });
    const cartToken = visitor.cartToken!;
    const key = newKey();
    await run(visitor, CHECKOUT, { input: { shippingAddress: NY, email: "first@example.com", idempotencyKey: key } });
    const other = await visitor.graphql(
      CHECKOUT,
      { input: { shippingAddress: NY, email: "second@example.com", idempotencyKey: key } },
      { "x-cart-token": cartToken },
    );
    expect(other.data.checkout).toEqual(reused);
  });
});
