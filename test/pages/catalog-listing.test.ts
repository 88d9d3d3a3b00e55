// Issue 23 part 2, server-rendered: a store page lists one page of its products with the true count
// and links the next and previous pages (crawlers and visitors without script follow them); sort and
// category come from the URL.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { LISTING_PAGE_SIZE } from "../../server/domain/catalog/listing.ts";
import { startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
let category = 0;
const TOTAL = LISTING_PAGE_SIZE + 6;
beforeAll(async () => {
  store = await startTestStore();
  const collection = await store.db.collection.create({ data: { websiteId: DEMO_WEBSITE_ID, title: "Lamps", urlId: "lamps", type: 13 } });
  category = (
    await store.db.storeCategory.create({
      data: { collectionId: collection.id, displayName: "Desk", type: "CATEGORY", pageRendering: "GRID_VIEW", displayIndex: 1 },
    })
  ).id;
  for (let index = 1; index <= TOTAL; index++) {
    const name = `Lamp ${String(index).padStart(2, "0")}`;
    await store.db.product.create({
      data: {
        websiteId: DEMO_WEBSITE_ID,
        collectionId: collection.id,
        slug: `lamp-${index}`,
        name,
        productType: 2,
        price: 100 * index,
        sortPrice: 100 * index,
        ...(index <= 3 ? { categories: { create: { websiteId: DEMO_WEBSITE_ID, categoryId: category } } } : {}),
      },
    });
  }
  await store.db.product.create({
    data: { websiteId: DEMO_WEBSITE_ID, collectionId: collection.id, slug: "lamp-hidden", name: "Lamp Hidden", productType: 2, price: 1, visible: false },
  });
});
afterAll(() => store.close());

const get = async (path: string) => (await store.visitor().request<string>("GET", path)).body;
const names = (html: string) => [...html.matchAll(/<span class="sc-card-title">([^<]*)<\/span>/g)].map((match) => match[1]);

it("lists the first page with the true count and links page 2", async () => {
  const html = await get("/lamps");
  expect(names(html)).toHaveLength(LISTING_PAGE_SIZE);
  expect(names(html)[0]).toBe("Lamp 01");
  expect(html).toContain(`<p class="sc-listing-count">${TOTAL} products</p>`);
  expect(html).toContain('<a rel="next" href="/lamps?page=2">Next</a>');
  expect(html).not.toContain('rel="prev"');
  expect(html).not.toContain("Lamp Hidden");
});

it("lists page 2 with the rest and links back to page 1", async () => {
  const html = await get("/lamps?page=2");
  expect(names(html)).toEqual(Array.from({ length: 6 }, (_, index) => `Lamp ${LISTING_PAGE_SIZE + index + 1}`));
  expect(html).toContain('<a rel="prev" href="/lamps">Previous</a>');
  expect(html).toContain('<span aria-current="page">2</span>');
  expect(html).not.toContain('rel="next"');
});

it("sorts and filters from the URL, keeping them in the page links", async () => {
  const newest = await get("/lamps?sort=price-desc");
  expect(names(newest)[0]).toBe(`Lamp ${TOTAL}`);
  expect(newest).toContain('href="/lamps?sort=price-desc&amp;page=2"');
  expect(newest).toContain('<option value="price-desc" selected>');
  const desk = await get(`/lamps?category=${category}`);
  expect(names(desk)).toEqual(["Lamp 01", "Lamp 02", "Lamp 03"]);
  expect(desk).toContain('<p class="sc-listing-count">3 products</p>');
  expect(desk).not.toContain("sc-pager");
});

it("says an empty store page is empty, and ignores a nonsense page or sort", async () => {
  await store.db.collection.create({ data: { websiteId: DEMO_WEBSITE_ID, title: "Empty", urlId: "empty", type: 13 } });
  expect(await get("/empty")).toContain("There are no products in this store yet.");
  expect(names(await get("/lamps?page=abc&sort=nope"))[0]).toBe("Lamp 01");
});
