// Issue 23 part 2: a product the owner saves with a store page, categories, visibility and a slug is
// listed there at once (and found by search); listings page by numbered pages with true totals, in
// every sort order, filtered by category, hidden products left out.
import { ConflictError, InvalidInputError } from "../../../server/domain/errors.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { ProductListFilter } from "../../../server/services/catalog/catalog.ts";
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";

let store: DemoStoreServices;
let garden: { id: number; tools: number; seeds: number };
const PAGE = 24;

beforeAll(async () => {
  store = await createDemoStoreServices();
  const collection = await store.db.collection.create({ data: { websiteId: DEMO_WEBSITE_ID, title: "Garden", urlId: "garden", type: 13 } });
  const category = (displayName: string, displayIndex: number) =>
    store.db.storeCategory.create({ data: { collectionId: collection.id, displayName, type: "CATEGORY", pageRendering: "GRID_VIEW", displayIndex } });
  garden = { id: collection.id, tools: (await category("Tools", 1)).id, seeds: (await category("Seeds", 2)).id };
}, 60_000);
afterAll(() => store.close());

const owner = () => store.services.ownerProducts;
const catalog = () => store.services.catalog;
const select = { select: { slug: true, sortPrice: true, name: true } };

/** A page as the storefront's connection reads it: Pothos asks one more row than the page. */
async function page(filter: ProductListFilter, size = PAGE) {
  const rows = (await catalog().visibleProducts({ ...select, take: size + 1 }, filter)) as { slug: string; sortPrice: number; name: string }[];
  return rows.slice(0, size);
}

const digital = (name: string, extra: Record<string, unknown> = {}) => owner().createProduct({ name, productType: 2, price: 1000, ...extra });

describe("the product editor's store page, categories, visibility and slug", () => {
  it("lists a product saved visible with a store page on that page at once, and search finds it", async () => {
    await digital("Trowel Guide", { collectionId: garden.id, categoryIds: [garden.tools] });
    expect((await page({ collection: "garden" })).map((row) => row.slug)).toEqual(["trowel-guide"]);
    expect((await page({ search: "trowel" })).map((row) => row.slug)).toEqual(["trowel-guide"]);
    expect((await page({ collection: "garden", category: garden.tools })).map((row) => row.slug)).toEqual(["trowel-guide"]);
    expect(await page({ collection: "garden", category: garden.seeds })).toEqual([]);
  });

  it("leaves a hidden product out of its store page, search and counts, and lists it again once shown", async () => {
    const { id } = await digital("Hidden Rake", { collectionId: garden.id, visible: false });
    expect((await page({ collection: "garden" })).map((row) => row.slug)).not.toContain("hidden-rake");
    expect(await page({ search: "hidden rake" })).toEqual([]);
    const before = await catalog().countVisibleProducts({ collection: "garden" });
    await owner().updateProduct(id, { visible: true });
    expect((await page({ collection: "garden" })).map((row) => row.slug)).toContain("hidden-rake");
    expect(await catalog().countVisibleProducts({ collection: "garden" })).toBe(before + 1);
    await owner().updateProduct(id, { visible: false });
  });

  it("refuses a slug another product uses, on create and on update, with a clear error, and writes nothing", async () => {
    const count = await store.db.product.count();
    await expect(digital("Another Mug", { slug: "ceramic-mug" })).rejects.toEqual(new ConflictError(ownerMessages.productSlugTaken));
    expect(await store.db.product.count()).toBe(count);
    const { id } = await digital("Seed Book", { slug: "seed-book" });
    await expect(owner().updateProduct(id, { slug: "Ceramic Mug" })).rejects.toEqual(new ConflictError(ownerMessages.productSlugTaken));
    await expect(owner().updateProduct(id, { slug: "!!!" })).rejects.toEqual(new InvalidInputError(ownerMessages.productSlugInvalid));
    expect((await store.db.product.findUniqueOrThrow({ where: { id } })).slug).toBe("seed-book");
    // The slug rule is the store's one (lower case, dashes): "Seed Book 2" becomes seed-book-2.
    await owner().updateProduct(id, { slug: "Seed Book 2" });
    expect((await store.db.product.findUniqueOrThrow({ where: { id } })).slug).toBe("seed-book-2");
  });

  it("links categories of the product's store page only, and drops them when the store page changes", async () => {
    const shop = await store.db.collection.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID, urlId: "shop" } });
    await expect(digital("Stray", { collectionId: shop.id, categoryIds: [garden.seeds] })).rejects.toEqual(
      new InvalidInputError(ownerMessages.productCategoryNotOnStorePage),
    );
    await expect(digital("Stray", { categoryIds: [garden.seeds] })).rejects.toEqual(new InvalidInputError(ownerMessages.productCategoryNotOnStorePage));
    await expect(digital("Stray", { categoryIds: ["x"] })).rejects.toEqual(new InvalidInputError(ownerMessages.productCategoryInvalid));
    const { id } = await digital("Seed Packet", { collectionId: garden.id, categoryIds: [garden.seeds, garden.tools, garden.seeds] });
    const links = () => store.db.productCategory.findMany({ where: { productId: id }, orderBy: { categoryId: "asc" } });
    expect((await links()).map((link) => link.categoryId)).toEqual([garden.tools, garden.seeds].sort((a, b) => a - b));
    await owner().updateProduct(id, { categoryIds: [garden.seeds] });
    expect((await links()).map((link) => link.categoryId)).toEqual([garden.seeds]);
    await owner().updateProduct(id, { collectionId: shop.id });
    expect(await links()).toEqual([]);
    await owner().deleteProduct(id);
  });

  it("answers the store pages and their categories for the editor", async () => {
    const pages = await owner().storePages();
    expect(pages.map((storePage) => storePage.urlId)).toEqual(["shop", "garden"]);
    expect(pages[1].categories).toEqual([
      { categoryId: garden.tools, displayName: "Tools" },
      { categoryId: garden.seeds, displayName: "Seeds" },
    ]);
  });

  it("drops the catalogue caches when a product is saved (catalogChanged)", async () => {
    const events = store.bus.pubsub.subscribe("catalogChanged");
    const next = events.next();
    const { id } = await digital("Watering Can");
    expect((await next).value).toEqual({ productIds: [id] });
    await events.return?.();
  });
});

describe("paging a store page", () => {
  let crates: { id: number; name: string; price: number }[] = [];
  beforeAll(async () => {
    const collection = await store.db.collection.create({ data: { websiteId: DEMO_WEBSITE_ID, title: "Crates", urlId: "crates", type: 13 } });
    const odd = await store.db.storeCategory.create({
      data: { collectionId: collection.id, displayName: "Odd", type: "CATEGORY", pageRendering: "GRID_VIEW", displayIndex: 1 },
    });
    crates = [];
    for (let index = 1; index <= 50; index++) {
      // Prices out of name order, so each sort gives its own order.
      const price = ((index * 37) % 50) * 100 + 100;
      const name = `Crate ${String(index).padStart(2, "0")}`;
      const { id } = await digital(name, { price, collectionId: collection.id, categoryIds: index % 2 ? [odd.id] : [] });
      crates.push({ id, name, price });
    }
    await digital("Crate Hidden", { collectionId: collection.id, visible: false });
    oddCategory = odd.id;
  }, 120_000);
  let oddCategory = 0;

  it("reads 50 products as pages of 24, 24 and 2, and counts 50", async () => {
    const pages = [await page({ collection: "crates", sort: "FEATURED" }), await page({ collection: "crates", sort: "FEATURED", page: 2 })];
    pages.push(await page({ collection: "crates", sort: "FEATURED", page: 3 }));
    expect(pages.map((rows) => rows.length)).toEqual([24, 24, 2]);
    expect(pages.flat().map((row) => row.name)).toEqual(crates.map((crate) => crate.name));
    expect(await page({ collection: "crates", page: 4 })).toEqual([]);
    expect(await catalog().countVisibleProducts({ collection: "crates" })).toBe(50);
  });

  it.each([
    ["FEATURED", (list: typeof crates) => list],
    ["NEWEST", (list: typeof crates) => [...list].reverse()],
    ["NAME_ASC", (list: typeof crates) => [...list].sort((a, b) => a.name.localeCompare(b.name))],
    ["PRICE_ASC", (list: typeof crates) => [...list].sort((a, b) => a.price - b.price || a.id - b.id)],
    ["PRICE_DESC", (list: typeof crates) => [...list].sort((a, b) => b.price - a.price || b.id - a.id)],
  ] as const)("pages in the %s order without overlap", async (sort, expected) => {
    const read = [];
    for (let number = 1; number <= 3; number++) read.push(...(await page({ collection: "crates", sort, page: number })));
    expect(read.map((row) => row.name)).toEqual(expected(crates).map((crate) => crate.name));
  });

  it("filters by category, with the category's true count", async () => {
    const odd = crates.filter((_crate, index) => index % 2 === 0).map((crate) => crate.name);
    expect(await catalog().countVisibleProducts({ collection: "crates", category: oddCategory })).toBe(25);
    const read = [...(await page({ collection: "crates", category: oddCategory })), ...(await page({ collection: "crates", category: oddCategory, page: 2 }))];
    expect(read.map((row) => row.name)).toEqual(odd);
  });

  it("pages the whole shop and search the same way (fast reads without a store page)", async () => {
    const total = await catalog().countVisibleProducts({ search: "crate" });
    expect(total).toBe(50);
    const second = await page({ search: "crate", sort: "NAME_ASC", page: 2 });
    expect(second.map((row) => row.name)).toEqual(crates.slice(24, 48).map((crate) => crate.name));
  });
});
