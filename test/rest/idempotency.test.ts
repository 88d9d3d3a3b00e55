// The Idempotency-Key header on REST cart writes (issue 2 §4 "Carts that never lose a write": a retry
// with the same key replays the first answer and changes nothing; the same key with different input
// is refused).
import { randomUUID } from "node:crypto";
import { startTestStore, type TestStore } from "../support/app.ts";
import {
  ENTRIES,
  SUBSCRIPTION,
  additionalFieldsPath,
  cartOf,
  countCarts,
  expectNoStackTrace,
  rawRequest,
  setCookieNames,
  withOnlyTheCrumbOf,
} from "./helpers.ts";

let store: TestStore;
let posterId: string;
let penId: string;
beforeAll(async () => {
  store = await startTestStore();
  posterId = String(await store.itemId("city-poster"));
  penId = String(await store.itemId("engraved-pen"));
});
afterAll(() => store.close());

const keyed = (key: string) => ({ "idempotency-key": key });
const poster = (quantity: number, sku = "POSTER-SMALL") => ({ itemId: posterId, sku, quantity, additionalFields: null });

it("replays the first answer byte for byte to a retry with the same key and body, and the cart does not change", async () => {
  const visitor = await store.visitor().arrive();
  await rawRequest(visitor, "POST", ENTRIES, { body: poster(1, "POSTER-LARGE") });
  const key = randomUUID();
  const first = await rawRequest(visitor, "POST", ENTRIES, { body: poster(2), headers: keyed(key) });
  expect(first.status).toBe(200);
  expect(JSON.parse(first.text).shoppingCart.totalQuantity).toBe(3);

  const retry = await rawRequest(visitor, "POST", ENTRIES, { body: poster(2), headers: keyed(key) });
  expect(retry.status).toBe(200);
  expect(retry.text).toBe(first.text);
  expect((await cartOf(visitor)).totalQuantity).toBe(3);

  const again = await rawRequest(visitor, "POST", ENTRIES, { body: poster(2), headers: keyed(key) });
  expect(again.text).toBe(first.text);
  expect((await cartOf(visitor)).totalQuantity).toBe(3);
});

it("still adds for requests without a key, or with a new key", async () => {
  const visitor = await store.visitor().arrive();
  await rawRequest(visitor, "POST", ENTRIES, { body: poster(1) });
  await rawRequest(visitor, "POST", ENTRIES, { body: poster(1) });
  await rawRequest(visitor, "POST", ENTRIES, { body: poster(1), headers: keyed(randomUUID()) });
  await rawRequest(visitor, "POST", ENTRIES, { body: poster(1), headers: keyed(randomUUID()) });
  expect((await cartOf(visitor)).totalQuantity).toBe(4);
});

it("refuses the same key with a different body (4xx with an error message) and changes nothing", async () => {
  const visitor = await store.visitor().arrive();
  const key = randomUUID();
  const first = await rawRequest(visitor, "POST", ENTRIES, { body: poster(2), headers: keyed(key) });
  expect(first.status).toBe(200);
  const before = await cartOf(visitor);

  for (const body of [poster(5), poster(2, "POSTER-LARGE"), { ...poster(2), itemId: penId, sku: "PEN-BRASS", additionalFields: '{"engraving":"Ada"}' }]) {
    const reused = await rawRequest(visitor, "POST", ENTRIES, { body, headers: keyed(key) });
    expect(reused.status).toBeGreaterThanOrEqual(400);
    expect(reused.status).toBeLessThan(500);
    expect(JSON.parse(reused.text).error).toMatch(/Idempotency-Key/);
    expectNoStackTrace(reused.text);
  }
  expect(await cartOf(visitor)).toEqual(before);
  // The first answer is still what the key replays.
  expect((await rawRequest(visitor, "POST", ENTRIES, { body: poster(2), headers: keyed(key) })).text).toBe(first.text);
});

it("replays a first add (no cart yet) to the same visitor retrying without the cart cookie, and makes no second cart", async () => {
  const visitor = await store.visitor().arrive();
  const key = randomUUID();
  const cartsBefore = await countCarts(store);
  const first = await rawRequest(visitor, "POST", ENTRIES, { body: poster(2), headers: keyed(key) });
  expect(first.status).toBe(200);
  expect(setCookieNames(first.headers)).toContain("sc_cart");
  expect(await countCarts(store)).toBe(cartsBefore + 1);

  // The first answer's Set-Cookie was lost: the browser retries with only its crumb.
  const retrying = withOnlyTheCrumbOf(visitor);
  expect(retrying.cartToken).toBeUndefined();
  const retry = await rawRequest(retrying, "POST", ENTRIES, { body: poster(2), headers: keyed(key) });
  expect(retry.status).toBe(200);
  expect(retry.text).toBe(first.text);
  expect(await countCarts(store)).toBe(cartsBefore + 1);
  // The retry hands the visitor the same cart.
  expect(retrying.cartToken).toBe(visitor.cartToken);
  expect((await cartOf(retrying)).totalQuantity).toBe(2);
});

it("replays a first add to parallel retries with the same key, and makes one cart", async () => {
  const visitor = await store.visitor().arrive();
  const key = randomUUID();
  const cartsBefore = await countCarts(store);
  const answers = await Promise.all([0, 1, 2, 3].map(() => rawRequest(withOnlyTheCrumbOf(visitor), "POST", ENTRIES, { body: poster(1), headers: keyed(key) })));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
  expect(await countCarts(store)).toBe(cartsBefore + 1);
  expect(JSON.parse(answers[0].text).shoppingCart.totalQuantity).toBe(1);
});

it("applies parallel requests with the same key to an existing cart once, and answers them all alike", async () => {
  const visitor = await store.visitor().arrive();
  await rawRequest(visitor, "POST", ENTRIES, { body: poster(1) });
  const key = randomUUID();
  const answers = await Promise.all([0, 1, 2, 3, 4].map(() => rawRequest(visitor, "POST", ENTRIES, { body: poster(3), headers: keyed(key) })));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
  expect((await cartOf(visitor)).totalQuantity).toBe(4);
});

it("does not replay a visitor's answer (and cart) to another visitor using the same key", async () => {
  const owner = await store.visitor().arrive();
  const key = randomUUID();
  const first = await rawRequest(owner, "POST", ENTRIES, { body: poster(1), headers: keyed(key) });
  expect(first.status).toBe(200);
  const stranger = await store.visitor().arrive();
  const cartsBefore = await countCarts(store);
  const response = await rawRequest(stranger, "POST", ENTRIES, { body: poster(1), headers: keyed(key) });
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(response.text).not.toContain(JSON.parse(first.text).shoppingCart.id);
  expect(setCookieNames(response.headers)).not.toContain("sc_cart");
  expect(stranger.cartToken).toBeUndefined();
  expect(await countCarts(store)).toBe(cartsBefore);
});

it("replays a PUT additionalFields retry with the same key", async () => {
  const visitor = await store.visitor().arrive();
  const added = await rawRequest(visitor, "POST", ENTRIES, { body: { itemId: penId, sku: "PEN-BRASS", quantity: 1, additionalFields: '{"engraving":"Ada"}' } });
  const entryId = JSON.parse(added.text).newlyAdded.id;
  const key = randomUUID();
  const first = await rawRequest(visitor, "PUT", additionalFieldsPath(entryId), { body: { additionalFields: '{"engraving":"Bea"}' }, headers: keyed(key) });
  expect(first.status).toBe(200);
  const retry = await rawRequest(visitor, "PUT", additionalFieldsPath(entryId), { body: { additionalFields: '{"engraving":"Bea"}' }, headers: keyed(key) });
  expect(retry.text).toBe(first.text);
  const other = await rawRequest(visitor, "PUT", additionalFieldsPath(entryId), { body: { additionalFields: '{"engraving":"Cy"}' }, headers: keyed(key) });
  expect(other.status).toBeGreaterThanOrEqual(400);
  expect(other.status).toBeLessThan(500);
  expect((await cartOf(visitor)).entries[0].additionalFields).toEqual({ engraving: "Bea" });
});

it("replays a subscription checkout retry with the same key: the same cart token, no second cart", async () => {
  const visitor = await store.visitor().arrive();
  const coffeeId = String(await store.itemId("coffee-club"));
  const key = randomUUID();
  const cartsBefore = await countCarts(store);
  const body = { itemId: coffeeId, sku: "COFFEE-CLUB", qty: 1, additionalFields: null };
  const first = await rawRequest(visitor, "POST", SUBSCRIPTION, { body, headers: keyed(key) });
  const retry = await rawRequest(visitor, "POST", SUBSCRIPTION, { body, headers: keyed(key) });
  expect(first.status).toBe(200);
  expect(retry.text).toBe(first.text);
  expect(await countCarts(store)).toBe(cartsBefore + 1);
});

it("refuses an Idempotency-Key longer than 255 characters with 400 and changes nothing", async () => {
  const visitor = await store.visitor().arrive();
  const cartsBefore = await countCarts(store);
  const response = await rawRequest(visitor, "POST", ENTRIES, { body: poster(1), headers: keyed("k".repeat(256)) });
  expect(response.status).toBe(400);
  expect(JSON.parse(response.text).error).toMatch(/Idempotency-Key/);
  expect(await countCarts(store)).toBe(cartsBefore);
});
