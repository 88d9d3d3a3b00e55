// GET /api/commerce/inventory/stock/?itemId= (spec storefront-and-commerce.md §7: results, each with
// unlimited and qtyInStock; §4 digital and gift-card stock is treated as unlimited; demo-store.md stock).
import { startTestStore, type TestStore } from "../support/app.ts";
import { STOCK, expectClientError } from "./helpers.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

const stockOf = async (itemId: string | number) => {
  const response = await store.visitor().request("GET", `${STOCK}?itemId=${itemId}`);
  return response;
};

it("answers linen-shirt's six variants with the demo stock", async () => {
  const response = await stockOf(await store.itemId("linen-shirt"));
  expect(response.status).toBe(200);
  expect(Object.keys(response.body)).toEqual(["results"]);
  const bySku = Object.fromEntries(response.body.results.map((result: any) => [result.sku, { unlimited: result.unlimited, qtyInStock: result.qtyInStock }]));
  expect(bySku).toEqual({
    "LINEN-S-WHITE": { unlimited: false, qtyInStock: 10 },
    "LINEN-M-WHITE": { unlimited: false, qtyInStock: 1 },
    "LINEN-L-WHITE": { unlimited: false, qtyInStock: 0 },
    "LINEN-S-BLUE": { unlimited: true, qtyInStock: expect.any(Number) },
    "LINEN-M-BLUE": { unlimited: false, qtyInStock: 5 },
    "LINEN-L-BLUE": { unlimited: false, qtyInStock: 2 },
  });
  for (const result of response.body.results) {
    expect(typeof result.unlimited).toBe("boolean");
    expect(typeof result.qtyInStock).toBe("number");
  }
});

it.each([
  ["ceramic-mug", [{ unlimited: false, qtyInStock: 3 }]],
  [
    "canvas-tote",
    [
      { unlimited: false, qtyInStock: 0 },
      { unlimited: false, qtyInStock: 0 },
    ],
  ],
  ["engraved-pen", [{ unlimited: false, qtyInStock: 4 }]],
])("answers the limited stock of %s", async (slug, expected) => {
  const response = await stockOf(await store.itemId(slug));
  expect(response.status).toBe(200);
  expect(response.body.results.map(({ unlimited, qtyInStock }: any) => ({ unlimited, qtyInStock }))).toEqual(expected);
});

it.each(["recipe-ebook", "gift-card", "design-consultation", "city-poster", "coffee-club"])("answers only unlimited results for %s", async (slug) => {
  const response = await stockOf(await store.itemId(slug));
  expect(response.status).toBe(200);
  expect(response.body.results.length).toBeGreaterThan(0);
  for (const result of response.body.results) expect(result).toMatchObject({ unlimited: true, qtyInStock: expect.any(Number) });
});

it("answers the gift card's three denominations", async () => {
  const response = await stockOf(await store.itemId("gift-card"));
  expect(response.body.results.map((result: any) => result.sku)).toEqual(["GIFT-2500", "GIFT-5000", "GIFT-10000"]);
});

it("answers 400 without itemId", async () => {
  expectClientError(await store.visitor().request("GET", STOCK), 400);
  expectClientError(await store.visitor().request("GET", `${STOCK}?itemId=`), 400);
});

it.each(["987654", "abc", "-1", "1.5", "99999999999999999999999"])("answers 404 for the unknown itemId %s", async (itemId) => {
  expectClientError(await stockOf(itemId), 404);
});

it("does not change with what is in carts (carts do not reserve stock)", async () => {
  const visitor = await store.visitor().arrive();
  const mug = await store.itemId("ceramic-mug");
  expect((await visitor.request("POST", "/api/commerce/shopping-cart/entries", { body: { itemId: String(mug), sku: "MUG-1", quantity: 2 } })).status).toBe(200);
  expect((await stockOf(mug)).body.results.map(({ unlimited, qtyInStock }: any) => ({ unlimited, qtyInStock }))).toEqual([{ unlimited: false, qtyInStock: 3 }]);
});

it("needs no crumb (it changes nothing)", async () => {
  const response = await store.visitor().request("GET", `${STOCK}?itemId=${await store.itemId("ceramic-mug")}`);
  expect(response.status).toBe(200);
});
