// The product page with uploaded images: the page context's main image (assetUrl, originalSize,
// systemDataVariants) so `image-srcset` lists the widths that exist, the rendered page's <img> at the
// image's real size, and the seeded imageUrl as the fallback of a product without uploads.
import { renderTemplate } from "../../server/template/index.ts";
import { startTestStore, type TestStore } from "../support/app.ts";
import { testImage } from "../support/images.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
}, 60_000);
afterAll(() => store.close());

const pageContext = async (slug: string) =>
  (await store.app.services.storefront.page(new URL(`/shop/p/${slug}`, store.baseUrl), store.baseUrl)).context as Record<string, any>;

it("gives templates the first uploaded image as the item's main image, and every image as its items", async () => {
  const images = store.app.services.productImages;
  const mugId = await store.itemId("ceramic-mug");
  const main = await images.upload(mugId, await testImage(800, 600), { filename: "mug.jpg", altText: "A mug & a saucer" });
  const second = await images.upload(mugId, await testImage(3000, 2000, "png"), { filename: "mug-side.png" });
  const url = `/media/${main.key}/mug.jpg`;
  const { item } = await pageContext("ceramic-mug");
  expect(item).toMatchObject({
    assetUrl: url,
    originalSize: "800x600",
    systemDataVariants: "100w,300w,500w,750w",
    mainImageId: String(main.id),
    image: { src: url, width: 800, height: 600, alt: "A mug & a saucer" },
    socialImage: `${store.baseUrl}${url}`,
  });
  expect(item.items.map((record: any) => [record.assetUrl, record.systemDataVariants, record.altText])).toEqual([
    [url, "100w,300w,500w,750w", "A mug & a saucer"],
    [`/media/${second.key}/mug-side.png`, "100w,300w,500w,750w,1000w,1500w,2500w", "Ceramic Mug"],
  ]);

  // image-srcset: the widths made, then the original as the next size up (800 px serves 1000w).
  expect(renderTemplate("<img{item|image-srcset}>", { item }).html).toBe(
    `<img srcset="${url}?format=100w 100w,${url}?format=300w 300w,${url}?format=500w 500w,${url}?format=750w 750w,${url}?format=original 1000w">`,
  );
  expect(renderTemplate("{.repeated section item.items}{@|image-srcset}|{.end}", { item }).html).toContain(
    `/media/${second.key}/mug-side.png?format=2500w 2500w"|`,
  );

  // The rendered page: the main image at its real size with its srcset and alt text; each URL serves.
  const html = await (await fetch(`${store.baseUrl}/shop/p/ceramic-mug`)).text();
  const img = /<div class="sc-product-media"><img [^>]*>/.exec(html)![0];
  expect(img).toContain(`src="${url}"`);
  expect(img).toContain(
    `srcset="${url}?format=100w 100w, ${url}?format=300w 300w, ${url}?format=500w 500w, ${url}?format=750w 750w, ${url}?format=1000w 1000w"`,
  );
  expect(img).toContain('width="800" height="600" alt="A mug &amp; a saucer"');
  for (const [, src] of img.matchAll(/(\/media\/[^ "]+)/g)) expect([src, (await fetch(store.baseUrl + src.replace(/&amp;/g, "&"))).status]).toEqual([src, 200]);
});

it("keeps the seeded imageUrl for a product without uploaded images", async () => {
  const { item } = await pageContext("canvas-tote");
  const product = await store.db.product.findFirstOrThrow({ where: { slug: "canvas-tote" } });
  expect(product.imageUrl).toBeTruthy();
  expect(item).toMatchObject({ assetUrl: product.imageUrl, originalSize: "1200x1200", image: { src: product.imageUrl, width: 1200, height: 1200 } });
  expect(item.items).toBeUndefined();
});
