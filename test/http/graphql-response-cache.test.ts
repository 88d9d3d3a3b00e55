// Cached catalogue reads stay correct: a checkout's stock change shows at once, a result computed
// across an invalidation is never stored, and visitor data is never shared.
import { GuardedCache } from "../../server/http/graphql-response-cache.ts";
import { startTestStore, type TestStore } from "../support/app.ts";
import { PRODUCT_STOCK as STOCK } from "../support/graphql.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

it("answers a repeated catalogue query from the cache, without SQL", async () => {
  const visitor = store.visitor();
  await visitor.graphql(STOCK, { slug: "ceramic-mug" });
  store.queries.reset();
  const again = await visitor.graphql(STOCK, { slug: "ceramic-mug" });
  expect(again.data.product.variants[0].sku).toBe("MUG-1");
  expect(store.queries.count()).toBe(0);
});

it("shows the stock a checkout took in the very next read", async () => {
  const reader = store.visitor();
  const before = (await reader.graphql(STOCK, { slug: "engraved-pen" })).data.product.totalStock;
  const shopper = await store.visitor().arrive();
  const pen = String(await store.itemId("engraved-pen"));
  await shopper.graphql(`mutation { addCartEntry(input: { itemId: "${pen}", quantity: 2, additionalFields: { engraving: "For Ada" } }) { __typename } }`);
  const checkout = await shopper.graphql(
    `mutation { checkout(input: { email: "ada@example.com", shippingAddress: { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10118", country: "US" } }) { __typename } }`,
  );
  expect(checkout.data.checkout.__typename).toBe("CheckoutSuccess");
  const after = (await reader.graphql(STOCK, { slug: "engraved-pen" })).data.product.totalStock;
  expect(after).toBe(before - 2);
});

it("never shares a visitor's cart through the cache", async () => {
  const alice = await store.visitor().arrive();
  const bob = store.visitor();
  const poster = String(await store.itemId("city-poster"));
  expect((await bob.graphql("{ cart { id } }")).data.cart).toBeNull();
  await alice.graphql(`mutation { addCartEntry(input: { itemId: "${poster}", sku: "POSTER-SMALL" }) { __typename } }`);
  expect((await alice.graphql("{ cart { totalQuantity } }")).data.cart.totalQuantity).toBe(1);
  expect((await bob.graphql("{ cart { id } }")).data.cart).toBeNull();
});

describe("GuardedCache", () => {
  const result = { data: { product: { name: "Mug" } } };
  const entities = [{ typename: "Product", id: "UHJvZHVjdDox" }];

  it("stores a result computed without an invalidation in between", async () => {
    const cache = new GuardedCache();
    expect(await cache.get("k")).toBeFalsy();
    await cache.set("k", result, entities, 60_000);
    expect(await cache.get("k")).toEqual(result);
  });

  it("drops a result whose computation raced an invalidation", async () => {
    const cache = new GuardedCache();
    expect(await cache.get("k")).toBeFalsy(); // miss: the query starts reading the catalogue
    await cache.invalidateCatalog(); // a checkout changes stock meanwhile
    await cache.set("k", result, entities, 60_000); // the query finishes with what it read before
    expect(await cache.get("k")).toBeFalsy();
  });

  it("does not store a result it never saw missed", async () => {
    const cache = new GuardedCache();
    await cache.set("never-looked-up", result, entities, 60_000);
    expect(await cache.get("never-looked-up")).toBeFalsy();
  });
});
