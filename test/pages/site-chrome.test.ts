// The owner's header, footer and navigation on every storefront page (issue 10 §1): what the owner
// saves shows on the next page, server-rendered and in the public siteChrome query alike, on other
// server instances too; every link the layout produces resolves; a site without a main navigation
// still renders its pages (the layout call answers 'Unable to find site main navigation').
import { startAnotherInstance, startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";

let store: TestStore;
let owner: Caller;
beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
});
afterAll(() => store.close());

const page = (path: string, baseUrl = store.baseUrl) =>
  fetch(new URL(path, baseUrl)).then(async (response) => ({ status: response.status, body: await response.text() }));
const header = (html: string) => /<header class="sc-header">([\s\S]*?)<\/header>/.exec(html)![1];
const footer = (html: string) => /<footer class="sc-footer">([\s\S]*?)<\/footer>/.exec(html)![1];
const links = (html: string) => [...html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((match) => [match[2], match[1]]);

const SAVE_HEADER_FOOTER = `mutation Save($input: UpdateSiteHeaderFooterInput!) { updateSiteHeaderFooter(input: $input) { __typename ... on Error { message } } }`;
const UPDATE_NAVIGATION = `mutation Nav($input: UpdateNavigationInput!) { updateNavigation(input: $input) { __typename ... on Error { message } } }`;
const LINK = "title url external";
const SITE_CHROME = `{ siteChrome { title footerText mainNavigation { ${LINK} links { ${LINK} links { ${LINK} } } } secondaryNavigation { ${LINK} } } }`;

async function saveHeaderFooter(header: object, footer: object) {
  const result = await owner.graphql(SAVE_HEADER_FOOTER, { input: { header, footer } });
  expect(result.data.updateSiteHeaderFooter.__typename).toBe("UpdateSiteHeaderFooterSuccess");
}

async function saveNavigation(fieldName: string, items: object[]) {
  const result = await owner.graphql(UPDATE_NAVIGATION, { input: { fieldName, items } });
  expect(result.data.updateNavigation).toEqual({ __typename: "UpdateNavigationSuccess" });
}

describe("before the owner saves anything", () => {
  it("the header shows the store's title and the demo store's main navigation; the footer the default line", async () => {
    const { body } = await page("/");
    expect(links(header(body))).toEqual([
      ["Shop", "/shop"],
      ["Contact", "/contact"],
      ["Search", "/search"],
      ["Cart", "/cart"],
    ]);
    expect(header(body)).toContain('<a class="sc-site-title" href="/">Sitecart Demo</a>');
    expect(footer(body)).toContain("Sitecart Demo · a Sitecart store in test mode: no real orders or payments.");
  });

  it("every link of the site layout resolves: /shop is the shop's product page", async () => {
    const layout = (await owner.request("GET", "/api/commondata/GetSiteLayout")).body.layout;
    const urls = layout.flatMap((entry: { links: { url: string | null }[] }) => entry.links.map((link) => link.url));
    expect(urls).toEqual(["/shop", "/contact"]);
    for (const url of urls) expect((await page(url)).status).toBe(200);
    const shop = await page("/shop");
    expect(shop.body).toContain('href="/shop/p/linen-shirt"');
    expect(shop.body).toMatch(/<link rel="canonical" href="[^"]+\/shop">/);
  });
});

describe("after the owner saves", () => {
  it("the header's title and the footer's text show on a product page at once, escaped, and in siteChrome", async () => {
    await page("/shop/p/linen-shirt"); // the chrome is cached now
    await saveHeaderFooter({ title: "Linen & Co" }, { text: "Open <Mon–Fri> · free returns" });
    const { body } = await page("/shop/p/linen-shirt");
    expect(header(body)).toContain('<a class="sc-site-title" href="/">Linen &amp; Co</a>');
    expect(footer(body)).toContain("<p>Open &lt;Mon–Fri&gt; · free returns");
    expect(footer(body)).not.toContain("a Sitecart store in test mode");
    const chrome = (await store.visitor().graphql(SITE_CHROME)).data.siteChrome;
    expect(chrome).toMatchObject({ title: "Linen & Co", footerText: "Open <Mon–Fri> · free returns" });
  });

  it("a navigation with nested items, external links and member areas shows as the layout lists it; member areas and _hidden are not printed", async () => {
    const shop = await store.db.collection.findFirstOrThrow({ where: { urlId: "shop" } });
    await saveNavigation("mainNav", [
      { title: "Shop", collectionId: shop.id, items: [{ title: "Sale", externalLink: "https://example.com/sale" }] },
      { title: "About", items: [{ title: "Contact us", externalLink: "/contact" }] },
      { title: "Members", memberAreaId: "area-1" },
    ]);
    await saveNavigation("_hidden", [{ title: "Secret", externalLink: "/search?q=secret" }]);
    await saveNavigation("secondaryNav", [{ title: "Help", externalLink: "/contact" }]);

    const { body } = await page("/shop/p/ceramic-mug");
    expect(links(header(body))).toEqual([
      ["Shop", "/shop"],
      ["Sale", "https://example.com/sale"],
      ["Contact us", "/contact"],
      ["Search", "/search"],
      ["Cart", "/cart"],
    ]);
    expect(header(body)).toContain("<span>About</span>");
    expect(body).not.toContain("Members");
    expect(body).not.toContain("Secret");
    expect(links(footer(body)).filter(([title]) => title !== "GraphQL API")).toEqual([["Help", "/contact"]]);

    const chrome = (await store.visitor().graphql(SITE_CHROME)).data.siteChrome;
    expect(chrome.mainNavigation).toEqual([
      { title: "Shop", url: "/shop", external: false, links: [{ title: "Sale", url: "https://example.com/sale", external: true, links: [] }] },
      { title: "About", url: null, external: false, links: [{ title: "Contact us", url: "/contact", external: false, links: [] }] },
    ]);
    expect(chrome.secondaryNavigation).toEqual([{ title: "Help", url: "/contact", external: false }]);

    // The layout call and the pages agree: the same navigations, every produced site link resolves.
    const layout = (await owner.request("GET", "/api/commondata/GetSiteLayout")).body.layout;
    expect(layout.map((entry: { identifier: string }) => entry.identifier)).toEqual(["mainNav", "secondaryNav", "_hidden"]);
    const walk = (entries: { url: string | null; links: any[] }[]): string[] =>
      entries.flatMap((link) => [...(link.url ? [link.url] : []), ...walk(link.links)]);
    for (const url of walk(layout.flatMap((entry: { links: any[] }) => entry.links)).filter((url) => url.startsWith("/"))) {
      expect([url, (await page(url)).status]).toEqual([url, 200]);
    }
  });

  it("another server instance shows the save on its next page (its cache dropped by the event)", async () => {
    const other = await startAnotherInstance(store);
    try {
      expect(footer((await page("/", other.baseUrl)).body)).toContain("free returns");
      await saveHeaderFooter({ title: "Linen & Co" }, { text: "Closed for the holidays" });
      expect(footer((await page("/", other.baseUrl)).body)).toContain("Closed for the holidays");
    } finally {
      await other.app.close();
    }
  });

  it("without a main navigation pages still render (no header links of the owner's); the layout call answers 'Unable to find site main navigation'", async () => {
    await store.db.navigation.deleteMany({ where: { fieldName: "mainNav" } });
    await store.bus.pubsub.publish("settingsChanged", { websiteId: store.app.services.websiteId });
    const { status, body } = await page("/");
    expect(status).toBe(200);
    expect(links(header(body))).toEqual([
      ["Search", "/search"],
      ["Cart", "/cart"],
    ]);
    const layout = await owner.graphql("{ siteLayout { __typename ... on Error { message } } }");
    expect(layout.data.siteLayout).toEqual({ __typename: "NotFoundError", message: "Unable to find site main navigation" });
  });
});
