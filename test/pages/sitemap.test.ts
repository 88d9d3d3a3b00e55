// /sitemap.xml (issue 23, "found by search engines"): each site lists its own indexable pages on the
// host asked: the front page, contact, enabled store pages and visible products (with <lastmod>);
// never hidden products, disabled store pages, locked or members-only pages, nor a closed site's.
// Past the per-file limit the sitemap is an index of /sitemap-N.xml files.
import { send } from "../support/host-client.ts";
import { SITES, startTwoSites, type SiteKey, type TwoSites } from "../support/two-sites.ts";
import { SitemapService } from "../../server/services/storefront/sitemap.ts";
import { sitemapUrl } from "../../server/domain/storefront/sitemap.ts";
import { MEMBER_AREAS_NAVIGATION } from "../../server/domain/site/navigation.ts";

let sites: TwoSites;
beforeAll(async () => {
  sites = await startTwoSites();
  // The EUR site has a poster of its own name; the USD site hides its tote.
  await sites.db.product.updateMany({ where: { websiteId: SITES.eur.websiteId, slug: "city-poster" }, data: { slug: "eur-only-poster" } });
  await sites.db.product.updateMany({ where: { websiteId: SITES.usd.websiteId, slug: "canvas-tote" }, data: { visible: false } });
}, 60_000);
afterAll(() => sites.close());

const get = (site: SiteKey, path: string, method = "GET") => send(sites.port, sites.agent, SITES[site].host, method, path);
const locs = (xml: string) => Array.from(xml.matchAll(/<loc>([^<]*)<\/loc>/g), (match) => match[1]);
const paths = (site: SiteKey, xml: string) => locs(xml).map((loc) => loc.replace(`http://${SITES[site].host}`, ""));
const USD_PRODUCTS = ["linen-shirt", "ceramic-mug", "recipe-ebook", "design-consultation", "gift-card", "coffee-club", "engraved-pen", "city-poster"];

it("lists the site's open pages and visible products on the host asked, with each product's last change", async () => {
  const answer = await get("usd", "/sitemap.xml");
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toBe("application/xml; charset=utf-8");
  expect(answer.headers["cache-control"]).toBe("public, max-age=300");
  expect(answer.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')).toBe(true);
  expect(answer.text.endsWith("</urlset>\n")).toBe(true);
  expect(paths("usd", answer.text).sort()).toEqual(["/", "/contact", "/shop", ...USD_PRODUCTS.map((slug) => `/shop/p/${slug}`)].sort());
  // Every product has its <lastmod>; pages whose last change is not known have none.
  const shirt = await sites.db.product.findFirstOrThrow({ where: { websiteId: SITES.usd.websiteId, slug: "linen-shirt" }, select: { updatedAt: true } });
  expect(answer.text).toContain(`<url><loc>http://usd.shops.test/shop/p/linen-shirt</loc><lastmod>${shirt.updatedAt.toISOString()}</lastmod></url>`);
  expect(answer.text).toContain("<url><loc>http://usd.shops.test/contact</loc></url>");
});

it("never lists a hidden product", async () => {
  expect((await get("usd", "/sitemap.xml")).text).not.toContain("canvas-tote");
  expect(paths("eur", (await get("eur", "/sitemap.xml")).text)).toContain("/shop/p/canvas-tote");
});

it("gives each site only its own addresses", async () => {
  const usd = (await get("usd", "/sitemap.xml")).text;
  const eur = (await get("eur", "/sitemap.xml")).text;
  expect(locs(eur).every((loc) => loc.startsWith("http://eur.shops.test/"))).toBe(true);
  expect(locs(usd).every((loc) => loc.startsWith("http://usd.shops.test/"))).toBe(true);
  expect(eur).toContain("/shop/p/eur-only-poster");
  expect(usd).not.toContain("eur-only-poster");
  expect(eur).not.toContain("/shop/p/city-poster<");
});

it("answers HEAD without a body, and has no /sitemap-1.xml while one file holds every address", async () => {
  const head = await get("usd", "/sitemap.xml", "HEAD");
  expect(head.status).toBe(200);
  expect(head.text).toBe("");
  expect((await get("usd", "/sitemap-1.xml")).status).toBe(404);
});

it("escapes the addresses it writes: a slug with & is percent-encoded, any & left is XML-escaped", async () => {
  await sites.db.product.updateMany({ where: { websiteId: SITES.eur.websiteId, slug: "engraved-pen" }, data: { slug: "pen & ink" } });
  try {
    const xml = (await get("eur", "/sitemap.xml")).text;
    expect(xml).toContain("<loc>http://eur.shops.test/shop/p/pen%20%26%20ink</loc>");
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  } finally {
    await sites.db.product.updateMany({ where: { websiteId: SITES.eur.websiteId, slug: "pen & ink" }, data: { slug: "engraved-pen" } });
  }
  expect(sitemapUrl("https://shop.example/a?b=1&c=<2>")).toBe("  <url><loc>https://shop.example/a?b=1&amp;c=&lt;2&gt;</loc></url>\n");
});

it("leaves out disabled store pages, password-protected pages and members-only pages", async () => {
  await sites.db.collection.create({ data: { websiteId: SITES.eur.websiteId, title: "Old", urlId: "old-store", enabled: false } });
  await sites.db.collection.create({ data: { websiteId: SITES.eur.websiteId, title: "New", urlId: "new-store" } });
  await sites.withServices("eur", async (services) => {
    await services.pageLocks.setPagePassword("/shop/p/coffee-club", "a long secret 123");
    await services.siteSettings.updateNavigation({
      fieldName: MEMBER_AREAS_NAVIGATION,
      navigation: { items: [{ title: "Contact", externalLink: "/contact" }] },
    });
  });
  const listed = paths("eur", (await get("eur", "/sitemap.xml")).text);
  expect(listed).toContain("/new-store");
  expect(listed).not.toContain("/old-store");
  expect(listed).not.toContain("/shop/p/coffee-club");
  expect(listed).not.toContain("/contact");
  expect(listed).toContain("/shop/p/linen-shirt");
  // A lock over every product page leaves them all out; the site lock leaves out everything.
  await sites.withServices("eur", (services) => services.pageLocks.setPagePassword("/shop", "a long secret 123"));
  expect(paths("eur", (await get("eur", "/sitemap.xml")).text).filter((path) => path.startsWith("/shop"))).toEqual([]);
  await sites.withServices("eur", (services) => services.pageLocks.setSitePassword("a long secret 123"));
  expect(locs((await get("eur", "/sitemap.xml")).text)).toEqual([]);
  await sites.withServices("eur", async (services) => {
    await services.pageLocks.setSitePassword(null);
    await services.pageLocks.setPagePassword("/shop", null);
    await services.pageLocks.setPagePassword("/shop/p/coffee-club", null);
    await services.siteSettings.updateNavigation({ fieldName: MEMBER_AREAS_NAVIGATION, navigation: { items: [] } });
  });
  expect(paths("eur", (await get("eur", "/sitemap.xml")).text)).toEqual(expect.arrayContaining(["/contact", "/shop/p/coffee-club"]));
});

it("becomes an index of files of at most the per-file limit past it, read in pages by id", async () => {
  const whole = await sites.withServices("usd", async (services) => {
    const sitemap = new SitemapService(services.db, services.websiteId, services.siteChrome, services.pageLocks, 3);
    const read = async (file: number | null) => {
      const document = await sitemap.document("https://usd.example", file);
      if (!document) return null;
      let text = "";
      for await (const chunk of document) text += chunk;
      return text;
    };
    // 3 pages and 8 visible products: 11 addresses, 4 files of at most 3.
    const index = (await read(null))!;
    expect(index).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        [1, 2, 3, 4].map((n) => `  <sitemap><loc>https://usd.example/sitemap-${n}.xml</loc></sitemap>\n`).join("") +
        "</sitemapindex>\n",
    );
    const files = await Promise.all([1, 2, 3, 4].map((n) => read(n)));
    expect(files.map((file) => locs(file!).length)).toEqual([3, 3, 3, 2]);
    expect(await read(5)).toBeNull();
    return files.flatMap((file) => locs(file!));
  });
  expect(new Set(whole).size).toBe(whole.length);
  expect(whole.map((loc) => loc.replace("https://usd.example", "")).sort()).toEqual(paths("usd", (await get("usd", "/sitemap.xml")).text).sort());
});

it("answers a closed site's unavailable page", async () => {
  await sites.db.website.update({ where: { id: SITES.eur.websiteId }, data: { status: 1 } });
  sites.pubsub.publish("siteChanged", { websiteId: SITES.eur.websiteId });
  try {
    const answer = await get("eur", "/sitemap.xml");
    expect(answer.status).toBe(503);
    expect(answer.text).not.toContain("<urlset");
  } finally {
    await sites.db.website.update({ where: { id: SITES.eur.websiteId }, data: { status: 8 } });
    sites.pubsub.publish("siteChanged", { websiteId: SITES.eur.websiteId });
  }
});
