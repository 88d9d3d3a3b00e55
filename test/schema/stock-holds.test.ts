// Stock held for a payment in flight (issue 22), as other shoppers meet it through the storefront's
// GraphQL: the held units are shown as gone, cannot be added to a cart nor bought, and come back when
// the hold is released or lapses. Runs on the suite's database (SQLite, or PostgreSQL with DATABASE_URL).
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { holdStock, releaseHolds } from "../../server/services/cart/stock-holds.ts";
import { createJobs, JOB_NAMES } from "../../server/services/jobs/index.ts";
import { startTestStore, run, type TestStore, type TestVisitor } from "../support/app.ts";
import { addCartEntryDocument, cartWriteDocument, checkoutDocument } from "../support/graphql.ts";

const MINUTE = 60_000;
const STOCK = `query Stock($slug: String!) { product(slug: $slug) { soldOut totalStock variants { sku soldOut } } }`;
const ADD = addCartEntryDocument("totalQuantity", null);
const CHECKOUT = checkoutDocument("orderId");
const UPDATE_QUANTITY = cartWriteDocument("updateCartEntryQuantity", "totalQuantity");
const NY = { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" };
const NOT_ENOUGH = "Sorry, we do not have enough of that item available.";

let store: TestStore;
let mug: { id: number; productId: number };
beforeAll(async () => {
  store = await startTestStore();
  const productId = await store.itemId("ceramic-mug");
  mug = await store.db.variant.findFirstOrThrow({ where: { productId, sku: "MUG-1" }, select: { id: true, productId: true } });
});
afterAll(() => store.close());
beforeEach(async () => {
  await store.db.stockHold.deleteMany({});
  await store.db.variant.update({ where: { id: mug.id }, data: { qtyInStock: 3 } });
});

/** Another shopper's payment holds `quantity` mugs from `now` (the app's clock is the real one), announced after commit as payments do. */
async function holdMugs(cartId: string, quantity: number, now = new Date()) {
  const { productIds } = await store.app.services.db.$transaction((tx) =>
    holdStock(tx, { websiteId: DEMO_WEBSITE_ID, cartId, lines: [{ variantId: mug.id, productId: mug.productId, quantity }] }, now),
  );
  store.app.services.stockHolds.announce(productIds);
}
async function release(cartId: string) {
  const productIds = await store.app.services.db.$transaction((tx) => releaseHolds(tx, cartId));
  store.app.services.stockHolds.announce(productIds);
  return productIds;
}
const stock = async (visitor: TestVisitor) => (await run(visitor, STOCK, { slug: "ceramic-mug" })).product;
const add = async (visitor: TestVisitor, quantity: number) => (await run(visitor, ADD, { input: { itemId: String(mug.productId), quantity } })).addCartEntry;
const checkout = async (visitor: TestVisitor) => (await run(visitor, CHECKOUT, { input: { email: "shopper@example.com", shippingAddress: NY } })).checkout;
const cartIdOf = async (visitor: TestVisitor) => (await store.db.cart.findFirstOrThrow({ where: { token: visitor.cartToken }, select: { id: true } })).id;

it("shows units held for another shopper's payment as gone", async () => {
  const shopper = store.visitor();
  await holdMugs("paying-cart", 2);
  expect(await stock(shopper)).toEqual({ soldOut: false, totalStock: 1, variants: [{ sku: "MUG-1", soldOut: false }] });
  await holdMugs("paying-cart", 3);
  expect(await stock(shopper)).toEqual({ soldOut: true, totalStock: 0, variants: [{ sku: "MUG-1", soldOut: true }] });
});

it("refuses to add held units to another cart, with the stock message", async () => {
  const shopper = await store.visitor().arrive();
  await holdMugs("paying-cart", 2);
  expect(await add(shopper, 2)).toEqual({ __typename: "NotEnoughStockError", message: NOT_ENOUGH, code: "NOT_ENOUGH_STOCK" });
  expect(await add(shopper, 1)).toMatchObject({ __typename: "AddCartEntrySuccess", cart: { totalQuantity: 1 } });
  expect(await add(shopper, 1)).toMatchObject({ __typename: "NotEnoughStockError", message: NOT_ENOUGH });
});

it("refuses to raise a cart entry's quantity into held units", async () => {
  const shopper = await store.visitor().arrive();
  const added = (await run(shopper, addCartEntryDocument("totalQuantity", "id"), { input: { itemId: String(mug.productId), quantity: 1 } })).addCartEntry;
  await holdMugs("paying-cart", 1);
  const update = (quantity: number) => run(shopper, UPDATE_QUANTITY, { input: { entryId: added.newlyAdded.id, quantity } });
  expect((await update(3)).updateCartEntryQuantity).toEqual({ __typename: "NotEnoughStockError", message: NOT_ENOUGH, code: "NOT_ENOUGH_STOCK" });
  expect((await update(2)).updateCartEntryQuantity).toMatchObject({ __typename: "UpdateCartEntryQuantitySuccess", cart: { totalQuantity: 2 } });
});

it("shows the units again once the hold is released", async () => {
  const shopper = await store.visitor().arrive();
  await holdMugs("paying-cart", 3);
  expect(await add(shopper, 1)).toMatchObject({ __typename: "NotEnoughStockError" });
  expect(await release("paying-cart")).toEqual(new Set([mug.productId]));
  expect(await stock(shopper)).toMatchObject({ soldOut: false, totalStock: 3 });
  expect(await add(shopper, 3)).toMatchObject({ __typename: "AddCartEntrySuccess" });
});

it("lets other shoppers add the units once the hold lapsed, before the expiry job deletes it", async () => {
  const shopper = await store.visitor().arrive();
  await holdMugs("paying-cart", 3, new Date(Date.now() - 16 * MINUTE));
  expect(await add(shopper, 3)).toMatchObject({ __typename: "AddCartEntrySuccess" });
});

it("shows the units again once the expiry job deleted the lapsed hold", async () => {
  const shopper = store.visitor();
  await holdMugs("paying-cart", 3);
  expect(await stock(shopper)).toMatchObject({ soldOut: true, totalStock: 0 });
  const jobs = createJobs(store.app.services, { now: () => new Date(Date.now() + 16 * MINUTE), onTimers: false, holder: "stock-hold-schema-test" });
  expect(await jobs.run(jobs.jobs.find((job) => job.name === JOB_NAMES.stockHolds)!)).toBe(true);
  expect(await stock(shopper)).toMatchObject({ soldOut: false, totalStock: 3 });
});

it("does not let another cart's checkout take held units", async () => {
  const shopper = await store.visitor().arrive();
  expect(await add(shopper, 2)).toMatchObject({ __typename: "AddCartEntrySuccess" });
  await holdMugs("paying-cart", 2);
  expect(await checkout(shopper)).toEqual({ __typename: "NotEnoughStockError", message: NOT_ENOUGH, code: "NOT_ENOUGH_STOCK" });
  expect((await store.db.variant.findUniqueOrThrow({ where: { id: mug.id } })).qtyInStock).toBe(3);
  await release("paying-cart");
  expect(await checkout(shopper)).toMatchObject({ __typename: "CheckoutSuccess" });
  expect((await store.db.variant.findUniqueOrThrow({ where: { id: mug.id } })).qtyInStock).toBe(1);
});

it("lets a cart's checkout take the units its own payment holds, and leaves other carts' holds intact", async () => {
  const shopper = await store.visitor().arrive();
  expect(await add(shopper, 2)).toMatchObject({ __typename: "AddCartEntrySuccess" });
  await holdMugs(await cartIdOf(shopper), 2);
  await holdMugs("paying-cart", 1);
  expect(await checkout(shopper)).toMatchObject({ __typename: "CheckoutSuccess" });
  expect((await store.db.variant.findUniqueOrThrow({ where: { id: mug.id } })).qtyInStock).toBe(1);
  expect(await store.db.stockHold.findMany({ where: { cartId: "paying-cart" }, select: { quantity: true } })).toEqual([{ quantity: 1 }]);
  expect(await stock(store.visitor())).toMatchObject({ soldOut: true, totalStock: 0 });
});

describe("beyond GraphQL, the same units are gone", () => {
  it("answers the REST stock check with the units not held", async () => {
    await holdMugs("paying-cart", 2);
    const response = await store.visitor().request("GET", `/api/commerce/inventory/stock/?itemId=${mug.productId}`);
    expect(response.body.results).toEqual([expect.objectContaining({ sku: "MUG-1", unlimited: false, qtyInStock: 1 })]);
  });

  it("renders the product page sold out while every unit is held, and in stock again after release", async () => {
    const item = async () =>
      ((await store.app.services.storefront.page(new URL("/shop/p/ceramic-mug", store.baseUrl), store.baseUrl)).context as Record<string, any>).item;
    await holdMugs("paying-cart", 3);
    expect(await item()).toMatchObject({ soldOut: true, totalStock: 0 });
    await release("paying-cart");
    expect(await item()).toMatchObject({ soldOut: false, totalStock: 3 });
  });
});
