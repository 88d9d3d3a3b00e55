// The owner-area REST paths of the store set-up (platform-support §3, §6, §7): commerce preferences
// and store creation in the spec's order.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";

const PRODUCTS = `/api/content-service/product/1.1/websites/${DEMO_WEBSITE_ID}/products`;
const categoriesPath = (collectionId: number | string) => `${PRODUCTS}/${collectionId}/categories`;
const PREFERENCES = "/api/v1/commerce-preferences";

let store: TestStore;
let owner: Caller;
beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
});
afterAll(() => store.close());

describe("/api/v1/commerce-preferences/{namespace}", () => {
  it("GET answers an unsaved namespace with only the server's websiteId", async () => {
    const response = await owner.request("GET", `${PREFERENCES}/checkout`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ websiteId: DEMO_WEBSITE_ID });
  });

  it("PUT drops a websiteId field and filters out empty values", async () => {
    const response = await owner.request("PUT", `${PREFERENCES}/checkout`, {
      body: { websiteId: "someone-else", expressCheckout: true, minimumOrder: 0, note: "", blank: "   ", none: null, tags: [], options: {}, currency: "USD" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ websiteId: DEMO_WEBSITE_ID, expressCheckout: true, minimumOrder: 0, currency: "USD" });
    expect((await owner.request("GET", `${PREFERENCES}/checkout`)).body).toEqual({
      websiteId: DEMO_WEBSITE_ID,
      expressCheckout: true,
      minimumOrder: 0,
      currency: "USD",
    });
  });

  it("skips an unchanged save (no new version) and keeps namespaces apart", async () => {
    await owner.request("PUT", `${PREFERENCES}/inventory`, { body: { lowStockThreshold: 3 } });
    const version = async () => (await store.db.commercePreference.findFirstOrThrow({ where: { namespace: "inventory" } })).version;
    const before = await version();
    await owner.request("PUT", `${PREFERENCES}/inventory`, { body: { lowStockThreshold: 3, note: "" } });
    expect(await version()).toBe(before);
    await owner.request("PUT", `${PREFERENCES}/inventory`, { body: { lowStockThreshold: 4 } });
    expect(await version()).toBe(before + 1);
    expect((await owner.request("GET", `${PREFERENCES}/inventory`)).body).toEqual({ websiteId: DEMO_WEBSITE_ID, lowStockThreshold: 4 });
  });

  it("broadcasts every save that changed something to subscribers, once per save", async () => {
    const events = store.bus.pubsub.subscribe("commercePreferencesChanged");
    const received: { namespace: string }[] = [];
    const reading = (async () => {
      for await (const event of events) received.push(event);
    })();
    await owner.request("PUT", `${PREFERENCES}/broadcast`, { body: { a: 1 } });
    await owner.request("PUT", `${PREFERENCES}/broadcast`, { body: { a: 1 } });
    await owner.request("PUT", `${PREFERENCES}/broadcast`, { body: { a: 2 } });
    await new Promise((resolve) => setImmediate(resolve));
    await events.return?.();
    await reading;
    expect(received).toEqual([
      { websiteId: DEMO_WEBSITE_ID, namespace: "broadcast" },
      { websiteId: DEMO_WEBSITE_ID, namespace: "broadcast" },
    ]);
  });

  it.each([
    ["a namespace with a space", `${PREFERENCES}/bad%20name`, {}, "A preferences namespace is 1 to 64 letters, digits, dots, dashes or underscores."],
    ["a body that is a list", `${PREFERENCES}/checkout`, [1], "Preferences must be a JSON object."],
  ])("PUT refuses %s with 400", async (_case, path, body, error) => {
    const response = await owner.request("PUT", path, { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(error);
  });
});

describe("store creation (product collection, then root category, then navigation)", () => {
  it("POST .../products makes a product collection with a URL id from the title; enabled is always true", async () => {
    const response = await owner.request("POST", PRODUCTS, {
      body: { navigationTitle: "Summer Shop", title: "Summer Shop", urlId: "", description: "Warm days", enabled: true },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: expect.stringMatching(/^\d+$/), urlId: "summer-shop", title: "Summer Shop", navigationTitle: "Summer Shop" });
    const collection = await store.db.collection.findUniqueOrThrow({ where: { id: Number(response.body.id) } });
    expect(collection).toMatchObject({ type: 13, enabled: true, description: "Warm days" });
  });

  it("adds -1, -2 on a URL id collision and uses the fallback under 3 characters", async () => {
    const ids = [];
    for (const title of ["Gear", "Gear", "Gear", "AB", ""])
      ids.push((await owner.request("POST", PRODUCTS, { body: { title, navigationTitle: title || "x", enabled: true } })).body.urlId);
    expect(ids).toEqual(["gear", "gear-1", "gear-2", "store", "store-1"]);
  });

  it("the demo shop's url id is taken: a store titled Shop gets shop-1", async () => {
    expect((await owner.request("POST", PRODUCTS, { body: { title: "Shop", enabled: true } })).body.urlId).toBe("shop-1");
  });

  it("POST .../categories makes the root category: ROOT, LIST_VIEW, display index 1, no parent; a second ROOT is refused", async () => {
    const { body: collection } = await owner.request("POST", PRODUCTS, { body: { title: "Winter", enabled: true } });
    const root = { displayName: "All", type: "ROOT", pageRendering: "LIST_VIEW", displayIndex: 1 };
    const response = await owner.request("POST", categoriesPath(collection.id), { body: root });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(String),
      collectionId: collection.id,
      displayName: "All",
      parentCategoryId: null,
      type: "ROOT",
      pageRendering: "LIST_VIEW",
      displayIndex: 1,
    });
    const second = await owner.request("POST", categoriesPath(collection.id), { body: root });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("This category already exists");
  });

  it.each([
    [
      400,
      "a root category with a parent",
      { displayName: "All", type: "ROOT", pageRendering: "LIST_VIEW", displayIndex: 1, parentCategoryId: 5 },
      "A root category has no parent category.",
    ],
    [
      400,
      "no display name",
      { type: "ROOT", pageRendering: "LIST_VIEW", displayIndex: 1 },
      "A category needs a display name, a type (ROOT or CATEGORY) and a page rendering (LIST_VIEW or GRID_VIEW).",
    ],
    [
      400,
      "an unknown page rendering",
      { displayName: "All", type: "ROOT", pageRendering: "TABLE", displayIndex: 1 },
      "A category needs a display name, a type (ROOT or CATEGORY) and a page rendering (LIST_VIEW or GRID_VIEW).",
    ],
    [
      400,
      "a name over 25 characters",
      { displayName: "x".repeat(26), type: "ROOT", pageRendering: "LIST_VIEW", displayIndex: 1 },
      "A category needs a display name, a type (ROOT or CATEGORY) and a page rendering (LIST_VIEW or GRID_VIEW).",
    ],
  ])("refuses %s with %i", async (status, _case, body, error) => {
    const { body: collection } = await owner.request("POST", PRODUCTS, { body: { title: "Refusals", enabled: true } });
    const response = await owner.request("POST", categoriesPath(collection.id), { body });
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(error);
    expect(await store.db.storeCategory.count({ where: { collectionId: Number(collection.id) } })).toBe(0);
  });

  it("answers 404 for an unknown collection or another website", async () => {
    const unknown = await owner.request("POST", categoriesPath(999_999), {
      body: { displayName: "All", type: "ROOT", pageRendering: "LIST_VIEW", displayIndex: 1 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("That collection could not be found.");
    const other = await owner.request("POST", "/api/content-service/product/1.1/websites/another-site/products", { body: { title: "X", enabled: true } });
    expect(other.status).toBe(404);
  });

  it("refuses enabled false and a title that is not text", async () => {
    expect((await owner.request("POST", PRODUCTS, { body: { title: "Off", enabled: false } })).status).toBe(400);
    const response = await owner.request("POST", PRODUCTS, { body: { title: 5 } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("A store needs a title.");
  });
});
