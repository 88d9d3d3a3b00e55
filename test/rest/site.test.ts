// The owner-area REST paths of the site (platform-support §3, §4, §7, §8): header/footer, languages,
// navigation update and the site layout.
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { CRUMB_FAIL } from "./helpers.ts";

let store: TestStore;
let owner: Caller;
beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
});
afterAll(() => store.close());

describe("/api/site-header-footer", () => {
  it("GET returns data (empty objects before any save); PUT saves {header, footer}", async () => {
    expect((await owner.request("GET", "/api/site-header-footer")).body).toEqual({ data: { header: {}, footer: {} } });
    const header = { layout: "centered", showCart: true, links: [{ title: "Shop", url: "/shop" }] };
    const footer = { text: "© Sitecart Demo" };
    const saved = await owner.request("PUT", "/api/site-header-footer", { body: { header, footer } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ data: { header, footer } });
    expect((await owner.request("GET", "/api/site-header-footer")).body).toEqual({ data: { header, footer } });
  });

  it.each([
    ["no footer", { header: {} }],
    ["a header that is text", { header: "<header>", footer: {} }],
    ["a list", { header: [], footer: {} }],
  ])("PUT refuses %s with 400 and keeps what was saved", async (_case, body) => {
    const before = (await owner.request("GET", "/api/site-header-footer")).body;
    const response = await owner.request("PUT", "/api/site-header-footer", { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("header and footer must be JSON objects.");
    expect((await owner.request("GET", "/api/site-header-footer")).body).toEqual(before);
  });

  it("PUT needs the crumb", async () => {
    const response = await owner.request("PUT", "/api/site-header-footer", { body: { header: {}, footer: {} }, crumb: false });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(CRUMB_FAIL);
  });
});

describe("/api/multilingual", () => {
  it("GET settings, status and languages of a site with one language", async () => {
    expect((await owner.request("GET", "/api/multilingual/settings")).body).toEqual({ defaultLanguage: "en-US", transactionalEmailsEnabled: false });
    expect((await owner.request("GET", "/api/multilingual/status")).body).toEqual({ connected: false, languageCount: 1 });
    expect((await owner.request("GET", "/api/multilingual/languages")).body).toEqual({ languages: [{ code: "en-US", isDefault: true }] });
  });

  it("PUT languages saves them (canonical, the first the default) and connects translation; DELETE connection disconnects", async () => {
    const saved = await owner.request("PUT", "/api/multilingual/languages", { body: { languages: ["en-us", "fr-FR", { code: "de_DE" }, "fr-FR"] } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      languages: [
        { code: "en-US", isDefault: true },
        { code: "fr-FR", isDefault: false },
        { code: "de-DE", isDefault: false },
      ],
    });
    expect((await owner.request("GET", "/api/multilingual/status")).body).toEqual({ connected: true, languageCount: 3 });
    const disconnected = await owner.request("DELETE", "/api/multilingual/connection");
    expect(disconnected.status).toBe(200);
    expect(disconnected.body).toEqual({ connected: false, languageCount: 1 });
    expect((await owner.request("GET", "/api/multilingual/languages")).body).toEqual({ languages: [{ code: "en-US", isDefault: true }] });
  });

  it.each([
    ["no languages", {}],
    ["an empty list", { languages: [] }],
    ["something that is not a locale", { languages: ["en-US", "not a locale"] }],
    ["a number", { languages: [1] }],
  ])("PUT refuses %s with 400 'languages must be a list of locales such as en-US.'", async (_case, body) => {
    const response = await owner.request("PUT", "/api/multilingual/languages", { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("languages must be a list of locales such as en-US.");
  });
});

describe("navigation and the site layout", () => {
  it("GET /api/commondata/GetSiteLayout: layout[0] is the main navigation with identifier and links", async () => {
    const response = await owner.request("GET", "/api/commondata/GetSiteLayout");
    expect(response.status).toBe(200);
    expect(response.body.layout[0]).toMatchObject({
      identifier: "mainNav",
      links: [
        { title: "Shop", url: "/shop", collectionId: expect.any(Number), externalLink: null, links: [] },
        { title: "Contact", url: "/contact", collectionId: null, externalLink: "/contact", links: [] },
      ],
    });
  });

  it("POST /api/widget/UpdateNavigation replaces a navigation's items (nested items, external links, member areas)", async () => {
    const shop = await store.db.collection.findFirstOrThrow({ where: { urlId: "shop" } });
    const navigation = {
      items: [
        { title: "Shop", collectionId: shop.id, items: [{ title: "Sale", externalLink: "https://example.com/sale" }] },
        { title: "Members", memberAreaId: "area-1" },
      ],
    };
    const response = await owner.request("POST", "/api/widget/UpdateNavigation", { body: { fieldName: "secondaryNav", templateId: "tmpl-1", navigation } });
    expect(response.status).toBe(200);
    expect(response.body.fieldName).toBe("secondaryNav");
    const layout = (await owner.request("GET", "/api/commondata/GetSiteLayout")).body.layout;
    expect(layout.map((entry: any) => entry.identifier)).toEqual(["mainNav", "secondaryNav"]);
    expect(layout[1]).toMatchObject({
      templateId: "tmpl-1",
      links: [
        { title: "Shop", url: "/shop", links: [{ title: "Sale", url: "https://example.com/sale", externalLink: "https://example.com/sale", links: [] }] },
        { title: "Members", memberAreaId: "area-1", url: null },
      ],
    });
  });

  it.each([
    ["an unknown navigation", { fieldName: "sideNav", navigation: { items: [] } }, "The navigation is not valid."],
    ["no items", { fieldName: "mainNav", navigation: {} }, "The navigation is not valid."],
    [
      "an item with two targets",
      { fieldName: "mainNav", navigation: { items: [{ collectionId: 1, externalLink: "/x" }] } },
      "A navigation item links to exactly one of a collection, an external link or a member area.",
    ],
    [
      "an item with no target",
      { fieldName: "mainNav", navigation: { items: [{ title: "Nothing" }] } },
      "A navigation item links to exactly one of a collection, an external link or a member area.",
    ],
    ["an unknown collection", { fieldName: "mainNav", navigation: { items: [{ collectionId: 999_999 }] } }, "That collection could not be found."],
    [
      "a link that is not a URL",
      { fieldName: "mainNav", navigation: { items: [{ externalLink: "javascript:alert(1)" }] } },
      "javascript:alert(1) is not a valid page URL",
    ],
    [
      "items nested 4 deep",
      { fieldName: "mainNav", navigation: { items: [{ title: "a", items: [{ title: "b", items: [{ title: "c", items: [{ externalLink: "/d" }] }] }] }] } },
      "Navigation items nest at most 3 levels deep.",
    ],
    [
      "251 items",
      { fieldName: "mainNav", navigation: { items: Array.from({ length: 251 }, () => ({ externalLink: "/x" })) } },
      "A navigation holds at most 250 items.",
    ],
  ])("refuses %s with 400 and changes nothing", async (_case, body, error) => {
    const before = (await owner.request("GET", "/api/commondata/GetSiteLayout")).body;
    const response = await owner.request("POST", "/api/widget/UpdateNavigation", { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(error);
    expect((await owner.request("GET", "/api/commondata/GetSiteLayout")).body).toEqual(before);
  });

  it("GraphQL createStore runs the three steps in order, adding the store to the main navigation", async () => {
    const result = await owner.graphql(`mutation { createStore(input: { title: "Outlet", addToMainNavigation: true }) { __typename
      ... on CreateStoreSuccess { collection { urlId title } rootCategory { displayName type pageRendering displayIndex parentCategoryId } addedToNavigation }
      ... on Error { message } } }`);
    expect(result.data.createStore).toEqual({
      __typename: "CreateStoreSuccess",
      collection: { urlId: "outlet", title: "Outlet" },
      rootCategory: { displayName: "All", type: "ROOT", pageRendering: "LIST_VIEW", displayIndex: 1, parentCategoryId: null },
      addedToNavigation: true,
    });
    const layout = (await owner.request("GET", "/api/commondata/GetSiteLayout")).body.layout;
    expect(layout[0].links.at(-1)).toMatchObject({ title: "Outlet", url: "/outlet" });
  });

  it("answers 'Unable to find site main navigation' when the site has none: GetSiteLayout 404, and createStore creates nothing", async () => {
    await store.db.navigation.deleteMany({ where: { fieldName: "mainNav" } });
    const layout = await owner.request("GET", "/api/commondata/GetSiteLayout");
    expect(layout.status).toBe(404);
    expect(layout.body.error).toBe("Unable to find site main navigation");
    const collections = await store.db.collection.count();
    const result = await owner.graphql(
      'mutation { createStore(input: { title: "Nowhere", addToMainNavigation: true }) { __typename ... on Error { message code } } }',
    );
    expect(result.data.createStore).toEqual({ __typename: "NotFoundError", message: "Unable to find site main navigation", code: "NOT_FOUND" });
    expect(await store.db.collection.count()).toBe(collections);
    const without = await owner.graphql(
      'mutation { createStore(input: { title: "Nowhere" }) { __typename ... on CreateStoreSuccess { addedToNavigation collection { urlId } } } }',
    );
    expect(without.data.createStore).toEqual({ __typename: "CreateStoreSuccess", addedToNavigation: false, collection: { urlId: "nowhere" } });
  });
});
