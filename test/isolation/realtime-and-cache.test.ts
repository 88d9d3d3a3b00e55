// Isolation beyond single calls (issue 21 "Proof of isolation"): one browser visiting two stores has
// two carts; live subscriptions of one site never carry the other site's events; a catalogue answer
// cached for one site is never served to the other (the same slug, another price).
import { subscribe } from "../support/ws.ts";
import { cookieHeader, wsClientOn } from "../support/host-client.ts";
import { browserOf, LINEN_PRICE, SITES, startTwoSites, type TwoSites } from "../support/two-sites.ts";
import { buy } from "./site-objects.ts";

let sites: TwoSites;
beforeAll(async () => {
  sites = await startTwoSites();
}, 60_000);
afterAll(() => sites.close());

const { usd, eur } = { usd: SITES.usd.host, eur: SITES.eur.host };
const ADD = `mutation($input: AddCartEntryInput!) { addCartEntry(input: $input) { __typename ... on AddCartEntrySuccess { cart { id } } } }`;
const CART = "{ cart { id entries { title quantity purchasePrice { value currency } } } }";
const itemId = async (site: "usd" | "eur", slug: string) =>
  String((await sites.db.product.findFirstOrThrow({ where: { websiteId: SITES[site].websiteId, slug } })).id);

describe("one browser, two stores", () => {
  it("has a cart on each site: what it adds on one does not show on the other", async () => {
    const browser = await (await sites.client().arrive(usd)).arrive(eur);
    await browser.graphql(usd, ADD, { input: { itemId: await itemId("usd", "linen-shirt"), sku: "LINEN-S-WHITE" } });
    await browser.graphql(eur, ADD, { input: { itemId: await itemId("eur", "ceramic-mug") } });
    await browser.graphql(usd, ADD, { input: { itemId: await itemId("usd", "linen-shirt"), sku: "LINEN-S-WHITE" } });
    const onUsd = (await browser.graphql(usd, CART)).data.cart;
    const onEur = (await browser.graphql(eur, CART)).data.cart;
    expect(onUsd.entries).toEqual([{ title: "Linen Shirt", quantity: 2, purchasePrice: { value: LINEN_PRICE.usd, currency: "USD" } }]);
    expect(onEur.entries).toEqual([{ title: "Ceramic Mug", quantity: 1, purchasePrice: { value: 1800, currency: "EUR" } }]);
    expect(onUsd.id).not.toBe(onEur.id);
  });

  it("does not open one site's cart with its cookie sent to the other site", async () => {
    const browser = await sites.client().arrive(usd);
    await browser.graphql(usd, ADD, { input: { itemId: await itemId("usd", "linen-shirt"), sku: "LINEN-S-WHITE" } });
    const carried = await browser.request(eur, "POST", "/graphql", { body: { query: CART }, carrying: usd });
    expect(carried.body).toEqual({ data: { cart: null } });
  });
});

describe("live subscriptions", () => {
  it("never tell a cart's subscriber of the other site's carts", async () => {
    const browser = await sites.client().arrive(usd);
    await browser.graphql(usd, ADD, { input: { itemId: await itemId("usd", "ceramic-mug") } });
    const ws = wsClientOn(sites, usd, { cookie: cookieHeader(browser.jar(usd)) });
    const listening = sites.listening("cartUpdated");
    const updates = subscribe<{ cartUpdated: { id: string; totalQuantity: number } }>(ws, "subscription { cartUpdated { id totalQuantity } }");
    try {
      await listening;
      const other = await sites.client().arrive(eur);
      await other.graphql(eur, ADD, { input: { itemId: await itemId("eur", "ceramic-mug") } });
      const own = await browser.graphql(usd, ADD, { input: { itemId: await itemId("usd", "ceramic-mug") } });
      // Events reach a subscriber in the order they were published: the other site's came first.
      expect((await updates.next()).cartUpdated).toEqual({ id: own.data.addCartEntry.cart.id, totalQuantity: 2 });
      expect(updates.values).toHaveLength(1);
    } finally {
      updates.dispose();
      await ws.dispose();
    }
  });

  it("do not follow the other site's cart named by its cookie", async () => {
    const other = await sites.client().arrive(eur);
    await other.graphql(eur, ADD, { input: { itemId: await itemId("eur", "ceramic-mug") } });
    const ws = wsClientOn(sites, usd, { cookie: cookieHeader(other.jar(eur)) });
    const listening = sites.listening("cartUpdated");
    const updates = subscribe(ws, "subscription { cartUpdated { id } }");
    try {
      const first = await Promise.race([updates.error.then(() => "refused"), listening.then(() => "following")]);
      expect(first).toBe("refused");
    } finally {
      updates.dispose();
      await ws.dispose();
    }
  });

  const ORDERS = "subscription { ownerOrderActivity { orderId placed order { customerEmail } } }";

  it("never tell an owner of the other site's orders", async () => {
    const owner = await browserOf(sites, "usd", "owner");
    const ws = wsClientOn(sites, usd, { cookie: cookieHeader(owner.client.jar(usd)) }, { xsrfToken: owner.xsrf["x-siteuser-xsrf-token"] });
    const listening = sites.listening("orderPlaced");
    const activity = subscribe<{ ownerOrderActivity: { orderId: string } }>(ws, ORDERS);
    try {
      await listening;
      await buy(sites, "eur", { itemId: await itemId("eur", "ceramic-mug") }, { email: "eur-buyer@example.com", fullName: "Eur Buyer" });
      const own = await buy(sites, "usd", { itemId: await itemId("usd", "ceramic-mug") }, { email: "usd-buyer@example.com", fullName: "Usd Buyer" });
      expect((await activity.next()).ownerOrderActivity.orderId).toBe(own);
      expect(activity.values).toHaveLength(1);
    } finally {
      activity.dispose();
      await ws.dispose();
    }
  });

  it("refuse an owner's cookies on the other site's host", async () => {
    const owner = await browserOf(sites, "usd", "owner");
    const ws = wsClientOn(sites, eur, { cookie: cookieHeader(owner.client.jar(usd)) }, { xsrfToken: owner.xsrf["x-siteuser-xsrf-token"] });
    const activity = subscribe(ws, ORDERS);
    try {
      expect(await activity.error).toEqual([expect.objectContaining({ extensions: { code: "UNAUTHENTICATED" } })]);
    } finally {
      activity.dispose();
      await ws.dispose();
    }
  });
});

describe("the catalogue cache", () => {
  const PRODUCT = `query Shirt($slug: String!) { product(slug: $slug) { name variants { sku price { value currency } } } }`;
  const priceOn = async (host: string) => {
    sites.queries.reset();
    const answer = await (await sites.client().arrive(host)).graphql(host, PRODUCT, { slug: "linen-shirt" });
    return { price: answer.data.product.variants[0].price, statements: sites.queries.count() };
  };

  it.each([
    ["usd", "eur"],
    ["eur", "usd"],
  ] as const)("serves an answer warmed on %s to %s never: the same slug has its own price there", async (warmed, other) => {
    // Nothing cached yet: what the first case warmed is dropped as a catalogue change drops it.
    sites.pubsub.publish("catalogChanged", { productIds: null });
    const first = await priceOn(SITES[warmed].host);
    const cached = await priceOn(SITES[warmed].host);
    expect(cached).toEqual({ price: first.price, statements: 0 });
    const elsewhere = await priceOn(SITES[other].host);
    expect(elsewhere.price).toEqual({ value: LINEN_PRICE[other], currency: SITES[other].currency });
    expect(elsewhere.statements).toBeGreaterThan(0);
  });
});
