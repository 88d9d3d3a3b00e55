// The head of storefront pages (page-context.ts pageMeta, template/defaults/site.html): canonical
// addresses of lists (domain/storefront/canonical.ts), robots, Open Graph and Twitter tags.
import type { Services } from "../../../server/services/index.ts";
import { createDemoStoreServices } from "../../support/services.ts";

const BASE_URL = "https://demo.sitecart.test";
let close: () => Promise<void>;
let services: Services;
beforeAll(async () => {
  ({ services, close } = await createDemoStoreServices());
}, 30_000);
afterAll(() => close());

const page = async (path: string) => (await services.storefront.page(new URL(path, BASE_URL), BASE_URL)).context as Record<string, any>;
const head = async (path: string) => {
  const built = await services.storefront.page(new URL(path, BASE_URL), BASE_URL);
  const html = await services.storefront.render(built);
  return html.slice(0, html.indexOf("</head>"));
};
const meta = (html: string, name: string) => new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1];

it("gives a store page's list one canonical address: category and a page above 1 kept, sort and tracking dropped", async () => {
  expect((await page("/shop?sort=price&utm_source=mail&page=2&category=mugs")).canonicalUrl).toBe(`${BASE_URL}/shop?category=mugs&page=2`);
  expect((await page("/shop?page=1&fbclid=abc")).canonicalUrl).toBe(`${BASE_URL}/shop`);
  expect((await page("/?gclid=x&page=3")).canonicalUrl).toBe(`${BASE_URL}/?page=3`);
});

it("keeps search results out of the index but lets crawlers follow them; their canonical keeps the query", async () => {
  const search = await page("/search?q=mug&sort=name&utm_campaign=x");
  expect(search.robots).toBe("noindex, follow");
  expect(search.canonicalUrl).toBe(`${BASE_URL}/search?q=mug`);
  const html = await head("/search?q=mug");
  expect(meta(html, "robots")).toBe("noindex, follow");
  expect("robots" in (await page("/shop"))).toBe(false);
  expect(meta(await head("/shop/p/ceramic-mug"), "robots")).toBeUndefined();
});

it("gives a product page no query in its canonical address, and the large image card", async () => {
  const product = await page("/shop/p/canvas-tote?utm_source=ad&sku=x");
  expect(product.canonicalUrl).toBe(`${BASE_URL}/shop/p/canvas-tote`);
  expect(product.twitter).toEqual({
    card: "summary_large_image",
    title: "Canvas Tote",
    description: "A heavy cotton canvas tote with long handles and an inside pocket.",
    image: `${BASE_URL}/images/products/canvas-tote.svg`,
  });
  const html = await head("/shop/p/canvas-tote");
  expect(html).toContain(`<link rel="canonical" href="${BASE_URL}/shop/p/canvas-tote">`);
  expect([meta(html, "og:type"), meta(html, "og:image"), meta(html, "og:price:amount"), meta(html, "og:price:currency")]).toEqual([
    "product",
    `${BASE_URL}/images/products/canvas-tote.svg`,
    "25.00",
    "USD",
  ]);
  expect([meta(html, "twitter:card"), meta(html, "twitter:title"), meta(html, "twitter:image")]).toEqual([
    "summary_large_image",
    "Canvas Tote",
    `${BASE_URL}/images/products/canvas-tote.svg`,
  ]);
});

it("gives a page without an image the summary card and no image tags", async () => {
  const html = await head("/contact");
  expect(meta(html, "twitter:card")).toBe("summary");
  expect(meta(html, "twitter:title")).toBe((await page("/contact")).pageTitle);
  expect(meta(html, "twitter:image")).toBeUndefined();
  expect(meta(html, "og:image")).toBeUndefined();
  expect(meta(html, "og:price:amount")).toBeUndefined();
});

it("gives the gift card page the gift card product's canonical address", async () => {
  expect((await page("/gift-card/gift-card?sku=GIFT-5000")).canonicalUrl).toBe(`${BASE_URL}/shop/p/gift-card`);
});
