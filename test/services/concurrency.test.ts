// Carts that never lose a write and checkouts that never oversell, on whichever database the suite
// runs against (SQLite by default, PostgreSQL in CI's second run).
import { startAnotherInstance, startTestStore, TestVisitor, type TestStore } from "../support/app.ts";
import { addCartEntryDocument, cartOf, checkoutDocument } from "../support/graphql.ts";

const ADD = addCartEntryDocument("totalQuantity", null);
const CHECKOUT = checkoutDocument("orderId");
/** Checks out the visitor's cart as `email`, shipping to New York. */
const checkout = (visitor: TestVisitor, email: string) =>
  visitor.graphql(CHECKOUT, {
    input: { email, shippingAddress: { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" } },
  });

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

it("serialises parallel adds to one cart: totalQuantity is their sum", async () => {
  const visitor = await store.visitor().arrive();
  const posterId = String(await store.itemId("city-poster"));
  await visitor.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL", quantity: 1 } });
  const quantities = [1, 2, 3, 4, 5];
  const results = await Promise.all(
    quantities.map((quantity, index) => visitor.graphql(ADD, { input: { itemId: posterId, sku: index % 2 ? "POSTER-SMALL" : "POSTER-LARGE", quantity } })),
  );
  expect(results.map((result) => result.data.addCartEntry.__typename)).toEqual(Array(5).fill("AddCartEntrySuccess"));
  const cart = await cartOf(visitor, "totalQuantity entries { quantity }");
  expect(cart.totalQuantity).toBe(1 + 15);
});

it("serialises adds to one cart arriving at two server instances (the cart row lock, not the process queue)", async () => {
  const second = await startAnotherInstance(store);
  try {
    const first = await store.visitor().arrive();
    const posterId = String(await store.itemId("city-poster"));
    await first.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-LARGE", quantity: 1 } });
    // The same visitor (same cookies) talking to the other instance.
    const same = second.as(first);
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => (index % 2 ? same : first).graphql(ADD, { input: { itemId: posterId, sku: "POSTER-LARGE", quantity: 2 } })),
    );
    const cart = await cartOf(first, "totalQuantity");
    expect(cart.totalQuantity).toBe(1 + 6 * 2);
  } finally {
    await second.close();
  }
});

it("never sells more than the stock: 20 simultaneous checkouts of a variant with stock 3 make exactly 3 orders", async () => {
  const mugId = await store.itemId("ceramic-mug");
  await store.db.variant.update({ where: { productId_sku: { productId: mugId, sku: "MUG-1" } }, data: { qtyInStock: 3 } });
  const shoppers = await Promise.all(Array.from({ length: 20 }, () => store.visitor().arrive()));
  for (const shopper of shoppers) {
    const added = await shopper.graphql(ADD, { input: { itemId: String(mugId), quantity: 1 } });
    expect(added.data.addCartEntry.__typename).toBe("AddCartEntrySuccess");
  }
  const ordersBefore = await store.db.order.count();
  const results = await Promise.all(shoppers.map((shopper, index) => checkout(shopper, `shopper${index}@example.com`)));
  const outcomes = results.map((result) => result.data.checkout.__typename);
  expect(outcomes.filter((outcome) => outcome === "CheckoutSuccess")).toHaveLength(3);
  const refusals = results.map((result) => result.data.checkout).filter((payload) => payload.__typename !== "CheckoutSuccess");
  expect(new Set(refusals.map((payload) => payload.message))).toEqual(new Set(["Sorry, we do not have enough of that item available."]));
  expect((await store.db.order.count()) - ordersBefore).toBe(3);
  const mug = await store.db.variant.findFirstOrThrow({ where: { productId: mugId } });
  expect(mug.qtyInStock).toBe(0);
  // Order numbers stay unique and gapless under concurrency.
  const numbers = (await store.db.order.findMany({ select: { orderNumber: true }, orderBy: { orderNumber: "asc" } })).map((o) => o.orderNumber);
  expect(new Set(numbers).size).toBe(numbers.length);
});

it("checks a cart out at most once, also when the same cart is submitted twice at the same time", async () => {
  const shopper = await store.visitor().arrive();
  const posterId = String(await store.itemId("city-poster"));
  await shopper.graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL", quantity: 1 } });
  const twin = new TestVisitor(store.baseUrl);
  for (const [name, value] of shopper.cookies) twin.cookies.set(name, value);
  const [a, b] = await Promise.all([checkout(shopper, "a@example.com"), checkout(twin, "a@example.com")]);
  expect(a.data.checkout.__typename).toBe("CheckoutSuccess");
  expect(b.data.checkout.__typename).toBe("CheckoutSuccess");
  expect(a.data.checkout.order.orderId).toBe(b.data.checkout.order.orderId);
  expect(await store.db.order.count({ where: { id: a.data.checkout.order.orderId } })).toBe(1);
});

it("replays concurrent first requests that share an idempotency key instead of making two carts", async () => {
  const posterId = String(await store.itemId("city-poster"));
  const cartsBefore = await store.db.cart.count();
  const anonymous = () => new TestVisitor(store.baseUrl);
  const key = `race-${Date.now()}`;
  // Control: without a key, four first adds from cookieless clients make four carts.
  await Promise.all(Array.from({ length: 4 }, () => anonymous().graphql(ADD, { input: { itemId: posterId, sku: "POSTER-SMALL", quantity: 2 } })));
  // Same key, no cookies at all (an integrator retrying): one cart, one answer.
  const keyed = await Promise.all(
    Array.from({ length: 4 }, () =>
      anonymous().graphql(addCartEntryDocument("id totalQuantity", null), {
        input: { itemId: posterId, sku: "POSTER-SMALL", quantity: 2, idempotencyKey: key },
      }),
    ),
  );
  const cartIds = new Set(keyed.map((result) => result.data.addCartEntry.cart.id));
  expect(cartIds.size).toBe(1);
  expect(keyed.every((result) => result.data.addCartEntry.cart.totalQuantity === 2)).toBe(true);
  // 4 un-keyed first adds made 4 carts; the 4 keyed ones made exactly 1.
  expect((await store.db.cart.count()) - cartsBefore).toBe(5);
});
