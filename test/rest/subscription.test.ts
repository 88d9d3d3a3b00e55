// POST /api/3/commerce/cart/subscription (spec storefront-and-commerce.md §4 "Subscription products go
// to a subscription checkout with the returned cart token", §5 Subscriptions, §7).
import { startTestStore, type TestStore } from "../support/app.ts";
import { CART, SUBSCRIPTION, addEntry, cartOf, countCarts, expectClientError, setCookieNames } from "./helpers.ts";

let store: TestStore;
const ids: Record<string, string> = {};

beforeAll(async () => {
  store = await startTestStore();
  for (const slug of ["coffee-club", "city-poster", "recipe-ebook", "gift-card", "design-consultation"]) ids[slug] = String(await store.itemId(slug));
});
afterAll(() => store.close());

const shopper = () => store.visitor().arrive();

it("answers { cartToken } for a subscribable product (coffee-club)", async () => {
  const visitor = await shopper();
  const response = await visitor.request("POST", SUBSCRIPTION, { body: { itemId: ids["coffee-club"], sku: "COFFEE-CLUB", qty: 1, additionalFields: null } });
  expect(response.status).toBe(200);
  expect(Object.keys(response.body)).toEqual(["cartToken"]);
  expect(response.body.cartToken).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
});

it("opens a one-item cart of its own with the returned token, apart from the visitor's cart", async () => {
  const visitor = await shopper();
  await addEntry(visitor, { itemId: ids["city-poster"], sku: "POSTER-SMALL", quantity: 1 });
  const before = await cartOf(visitor);
  const response = await visitor.request("POST", SUBSCRIPTION, { body: { itemId: ids["coffee-club"], sku: "COFFEE-CLUB", qty: 2, additionalFields: "" } });
  expect(response.status).toBe(200);
  expect(setCookieNames(response.headers)).not.toContain("sc_cart");
  // The visitor's own cart is not touched...
  expect(await cartOf(visitor)).toEqual(before);
  // ...and the token opens the subscription's cart.
  const subscriptionCart = await store.visitor().request("GET", CART, { headers: { "x-cart-token": response.body.cartToken } });
  expect(subscriptionCart.status).toBe(200);
  expect(subscriptionCart.body.entries).toEqual([
    expect.objectContaining({
      itemId: ids["coffee-club"],
      chosenVariant: expect.objectContaining({ sku: "COFFEE-CLUB" }),
      quantity: 2,
      purchasePriceCents: 2000,
    }),
  ]);
  expect(subscriptionCart.body.id).not.toBe(before.id);
});

it("gives a new cart token for each subscription checkout", async () => {
  const visitor = await shopper();
  const body = { itemId: ids["coffee-club"], sku: "COFFEE-CLUB", qty: 1, additionalFields: null };
  const first = await visitor.request("POST", SUBSCRIPTION, { body });
  const second = await visitor.request("POST", SUBSCRIPTION, { body });
  expect([first.status, second.status]).toEqual([200, 200]);
  expect(first.body.cartToken).not.toBe(second.body.cartToken);
});

it.each([
  ["a physical product that is not subscribable", "city-poster", "POSTER-SMALL"],
  ["a digital product", "recipe-ebook", null],
  ["a gift card", "gift-card", "GIFT-5000"],
  ["a service that is not subscribable", "design-consultation", "CONSULT-1H"],
])("refuses %s with a 4xx and makes no cart", async (_case, slug, sku) => {
  const visitor = await shopper();
  const cartsBefore = await countCarts(store);
  const response = await visitor.request("POST", SUBSCRIPTION, { body: { itemId: ids[slug], sku, qty: 1, additionalFields: null } });
  expectClientError(response, 409, /subscription/i);
  expect(response.body.cartToken).toBeUndefined();
  expect(await countCarts(store)).toBe(cartsBefore);
});

it.each([
  ["Quantity must be a number.", "abc"],
  ["Quantity must be a whole number", 1.5],
  ["Quantity must be between 1 and 9999.", 0],
  ["Quantity must be between 1 and 9999.", 10000],
])("applies the quantity rules to qty: '%s' for %j", async (message, qty) => {
  const visitor = await shopper();
  const cartsBefore = await countCarts(store);
  const response = await visitor.request("POST", SUBSCRIPTION, { body: { itemId: ids["coffee-club"], sku: "COFFEE-CLUB", qty, additionalFields: null } });
  expectClientError(response, 400, message);
  expect(await countCarts(store)).toBe(cartsBefore);
});

it("refuses an unknown sku with 'Sorry, that item variant is unavailable. Please select another variant.'", async () => {
  const visitor = await shopper();
  const response = await visitor.request("POST", SUBSCRIPTION, { body: { itemId: ids["coffee-club"], sku: "COFFEE-NOPE", qty: 1 } });
  expectClientError(response, 400, "Sorry, that item variant is unavailable. Please select another variant.");
});

it("answers 404 for an unknown itemId and 400 for a missing one", async () => {
  const visitor = await shopper();
  expectClientError(await visitor.request("POST", SUBSCRIPTION, { body: { itemId: "987654", sku: "COFFEE-CLUB", qty: 1 } }), 404);
  expectClientError(await visitor.request("POST", SUBSCRIPTION, { body: { sku: "COFFEE-CLUB", qty: 1 } }), 400);
});

it("needs the crumb like every state-changing call", async () => {
  const visitor = await shopper();
  const cartsBefore = await countCarts(store);
  const response = await visitor.request("POST", SUBSCRIPTION, { body: { itemId: ids["coffee-club"], sku: "COFFEE-CLUB", qty: 1 }, crumb: false });
  expect(response.status).toBe(403);
  expect(response.body).toEqual({ crumbFail: true, error: "Your session has expired. Please reload the page and try again." });
  expect(await countCarts(store)).toBe(cartsBefore);
});
