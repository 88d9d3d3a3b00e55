// The CSRF crumb and the per-visitor rate limit of state-changing REST calls (issue 2 §5; spec
// storefront-and-commerce.md §8 Add to cart failure: the crumb and HTTP 429 messages).
import { startTestStore, TestVisitor, type TestStore } from "../support/app.ts";
import { CART, CRUMB_FAIL, ENTRIES, RATE_LIMITED, STOCK, SUBSCRIPTION, addEntry, additionalFieldsPath, cartOf, countCarts, setCookieNames } from "./helpers.ts";

describe("CSRF crumb", () => {
  let store: TestStore;
  let posterId: string;
  let penId: string;
  beforeAll(async () => {
    store = await startTestStore();
    posterId = String(await store.itemId("city-poster"));
    penId = String(await store.itemId("engraved-pen"));
  });
  afterAll(() => store.close());

  const poster = (quantity = 1) => ({ itemId: posterId, sku: "POSTER-SMALL", quantity });

  /** A visitor with a cart of one poster, and the cart as it stands. */
  async function visitorWithCart() {
    const visitor = await store.visitor().arrive();
    expect((await addEntry(visitor, poster(1))).status).toBe(200);
    return { visitor, before: await cartOf(visitor) };
  }

  it.each([
    ["a page (/)", "GET", "/"],
    ["the health check", "GET", "/healthz"],
    ["the cart API", "GET", CART],
    ["the stock API", "GET", `${STOCK}?itemId=1`],
    ["an unknown API path", "GET", "/api/no-such-thing"],
    ["a refused state-changing call", "POST", ENTRIES],
    ["a refused PUT", "PUT", additionalFieldsPath("some-entry")],
    ["a wrong method (405)", "DELETE", CART],
    ["GraphQL", "POST", "/graphql"],
  ])("sets a crumb cookie on any response to a visitor without one: %s", async (_case, method, path) => {
    const visitor = store.visitor();
    const body = method === "GET" ? undefined : path === "/graphql" ? { query: "{ __typename }" } : poster();
    const response = await visitor.request(method, path, { body });
    expect(setCookieNames(response.headers)).toContain("crumb");
    expect(visitor.crumb).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
  });

  it("sets the crumb for the whole site and readable by the page's script (not HttpOnly)", async () => {
    const response = await store.visitor().request("GET", CART);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("crumb="))!;
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it("replaces a crumb cookie that is not a crumb the server could have made", async () => {
    const visitor = store.visitor();
    visitor.cookies.set("crumb", "x");
    const response = await visitor.request("POST", ENTRIES, { body: poster(), headers: { "x-csrf-token": "x" } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(CRUMB_FAIL);
    expect(visitor.crumb).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
  });

  it("does not replace a crumb the visitor already holds", async () => {
    const visitor = await store.visitor().arrive();
    const crumb = visitor.crumb;
    const response = await visitor.request("GET", CART);
    expect(setCookieNames(response.headers)).not.toContain("crumb");
    expect(visitor.crumb).toBe(crumb);
  });

  it("gives different visitors different crumbs", async () => {
    const a = await store.visitor().arrive();
    const b = await store.visitor().arrive();
    expect(a.crumb).not.toBe(b.crumb);
  });

  it("refuses an add without X-CSRF-Token with 403 crumbFail and changes nothing", async () => {
    const { visitor, before } = await visitorWithCart();
    const response = await visitor.request("POST", ENTRIES, { body: poster(2), crumb: false });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(CRUMB_FAIL);
    expect(await cartOf(visitor)).toEqual(before);
  });

  it("refuses an add with a wrong X-CSRF-Token with 403 crumbFail and changes nothing", async () => {
    const { visitor, before } = await visitorWithCart();
    const other = await store.visitor().arrive();
    for (const wrong of [other.crumb!, "not-the-crumb", ""]) {
      const response = await visitor.request("POST", ENTRIES, { body: poster(2), headers: { "x-csrf-token": wrong } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(CRUMB_FAIL);
    }
    expect(await cartOf(visitor)).toEqual(before);
  });

  it("refuses a visitor with no crumb cookie at all, whatever token they send, and makes no cart", async () => {
    const arrived = await store.visitor().arrive();
    const cartsBefore = await countCarts(store);
    const visitor = new TestVisitor(store.baseUrl);
    const response = await visitor.request("POST", ENTRIES, { body: poster(1), headers: { "x-csrf-token": arrived.crumb! } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(CRUMB_FAIL);
    expect(setCookieNames(response.headers)).not.toContain("sc_cart");
    expect(await countCarts(store)).toBe(cartsBefore);
  });

  it("refuses a crumb sent in the query that does not match", async () => {
    const { visitor, before } = await visitorWithCart();
    const response = await visitor.request("POST", `${ENTRIES}?crumb=wrong-crumb-value-123456`, { body: poster(2), crumb: false });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(CRUMB_FAIL);
    expect(await cartOf(visitor)).toEqual(before);
  });

  it("accepts ?crumb= instead of the header", async () => {
    const { visitor } = await visitorWithCart();
    const response = await visitor.request("POST", `${ENTRIES}?crumb=${encodeURIComponent(visitor.crumb!)}`, { body: poster(2), crumb: false });
    expect(response.status).toBe(200);
    expect(response.body.shoppingCart.totalQuantity).toBe(3);
  });

  it("checks the crumb on PUT additionalFields and on the subscription call", async () => {
    const visitor = await store.visitor().arrive();
    const added = await addEntry(visitor, { itemId: penId, sku: "PEN-BRASS", quantity: 1, additionalFields: '{"engraving":"Ada"}' });
    expect(added.status).toBe(200);
    const before = await cartOf(visitor);
    const put = await visitor.request("PUT", additionalFieldsPath(added.body.newlyAdded.id), {
      body: { additionalFields: '{"engraving":"Eve"}' },
      crumb: false,
    });
    expect(put.status).toBe(403);
    expect(put.body).toEqual(CRUMB_FAIL);
    expect(await cartOf(visitor)).toEqual(before);
    const cartsBefore = await countCarts(store);
    const coffee = String(await store.itemId("coffee-club"));
    const subscription = await visitor.request("POST", SUBSCRIPTION, {
      body: { itemId: coffee, sku: "COFFEE-CLUB", qty: 1 },
      headers: { "x-csrf-token": "nope-nope-nope-nope" },
    });
    expect(subscription.status).toBe(403);
    expect(subscription.body).toEqual(CRUMB_FAIL);
    expect(await countCarts(store)).toBe(cartsBefore);
  });

  it("checks the crumb before reading the body: a bad body without a crumb still answers 403", async () => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", ENTRIES, { rawBody: "{not json", headers: { "content-type": "application/json" }, crumb: false });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(CRUMB_FAIL);
  });

  it("needs no crumb for reading the cart", async () => {
    const { visitor, before } = await visitorWithCart();
    const response = await visitor.request("GET", CART, { crumb: false });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(before);
  });
});

describe("rate limiting per visitor (burst 3)", () => {
  let store: TestStore;
  let posterId: string;
  beforeAll(async () => {
    store = await startTestStore({ config: { rateLimit: { burst: 3, perSecond: 0.001 } } });
    posterId = String(await store.itemId("city-poster"));
  });
  afterAll(() => store.close());

  const poster = { itemId: "", sku: "POSTER-SMALL", quantity: 1 };

  it("answers the 4th state-changing call with 429 'Please try again in a few seconds.' and a Retry-After header; another visitor is not affected", async () => {
    const visitor = await store.visitor().arrive();
    for (let call = 1; call <= 3; call++) {
      const response = await addEntry(visitor, { ...poster, itemId: posterId });
      expect({ call, status: response.status }).toEqual({ call, status: 200 });
    }
    const before = await cartOf(visitor);
    expect(before.totalQuantity).toBe(3);

    const fourth = await addEntry(visitor, { ...poster, itemId: posterId });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual(RATE_LIMITED);
    const retryAfter = fourth.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Nothing changed...
    expect(await cartOf(visitor)).toEqual(before);

    // ...and another visitor still has their own budget.
    const other = await store.visitor().arrive();
    const theirs = await addEntry(other, { ...poster, itemId: posterId });
    expect(theirs.status).toBe(200);
    expect(theirs.body.shoppingCart.totalQuantity).toBe(1);
  });

  it("counts every state-changing call of the visitor, whichever endpoint, and leaves reads alone", async () => {
    const visitor = await store.visitor().arrive();
    const penId = String(await store.itemId("engraved-pen"));
    const coffeeId = String(await store.itemId("coffee-club"));
    const added = await addEntry(visitor, { itemId: penId, sku: "PEN-BRASS", quantity: 1, additionalFields: '{"engraving":"Ada"}' });
    expect(added.status).toBe(200);
    expect((await visitor.request("PUT", additionalFieldsPath(added.body.newlyAdded.id), { body: { additionalFields: '{"engraving":"Bea"}' } })).status).toBe(
      200,
    );
    expect((await visitor.request("POST", SUBSCRIPTION, { body: { itemId: coffeeId, sku: "COFFEE-CLUB", qty: 1 } })).status).toBe(200);
    const cartsBefore = await countCarts(store);
    const limited = await visitor.request("POST", SUBSCRIPTION, { body: { itemId: coffeeId, sku: "COFFEE-CLUB", qty: 1 } });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(RATE_LIMITED);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await countCarts(store)).toBe(cartsBefore);
    const put = await visitor.request("PUT", additionalFieldsPath(added.body.newlyAdded.id), { body: { additionalFields: '{"engraving":"Cy"}' } });
    expect(put.status).toBe(429);
    // Reads are not state-changing.
    const cart = await visitor.request("GET", CART);
    expect(cart.status).toBe(200);
    expect(cart.body.entries[0].additionalFields).toEqual({ engraving: "Bea" });
    expect((await visitor.request("GET", `${STOCK}?itemId=${penId}`)).status).toBe(200);
  });
});
