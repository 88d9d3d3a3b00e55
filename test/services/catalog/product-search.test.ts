// Product search through the index (FTS5 trigram on SQLite, pg_trgm on PostgreSQL): a name contains
// the text, in any case; the index follows inserts, renames and deletes; operators in the text are
// plain text; the page is read in the list's order.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { searchProductIds } from "../../../server/services/catalog/product-search.ts";
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";
import { testProvider } from "../../support/db.ts";

let store: DemoStoreServices;
beforeAll(async () => {
  store = await createDemoStoreServices();
});
afterAll(() => store.close());

const slugsFor = async (text: string) => {
  const ids = await searchProductIds(store.db, DEMO_WEBSITE_ID, text);
  if (ids === null) throw new Error(`${JSON.stringify(text)} is no search`);
  const rows = await store.db.product.findMany({ where: { id: { in: ids } }, select: { slug: true }, orderBy: { slug: "asc" } });
  return rows.map((row) => row.slug);
};

const addProduct = (slug: string, name: string, visible = true) =>
  store.db.product.create({ data: { websiteId: DEMO_WEBSITE_ID, slug, name, productType: 1, visible } });

describe("searchProductIds", () => {
  it("finds names containing the text, whole words, word starts and inside words, in any case", async () => {
    expect(await slugsFor("shirt")).toEqual(["linen-shirt"]);
    expect(await slugsFor("LINEN SH")).toEqual(["linen-shirt"]);
    expect(await slugsFor("cof")).toEqual(["coffee-club"]);
    // inside a word: "Recipe" holds "cip"
    expect(await slugsFor("cip")).toEqual(["recipe-ebook"]);
    expect(await slugsFor("zebra")).toEqual([]);
  });

  it("answers texts shorter than a trigram too", async () => {
    expect(await slugsFor("ck")).toEqual([]);
    expect(await slugsFor("Mu")).toEqual(["ceramic-mug"]);
    expect((await slugsFor("c")).length).toBe(7);
  });

  it("reads quotes, stars and LIKE wildcards as plain text", async () => {
    for (const text of ['"', '"shirt', "shirt*", "%", "_", "a%b", "NEAR(", "-shirt", "shirt OR mug"]) {
      expect(await slugsFor(text)).toEqual([]);
    }
    await addProduct("fifty-off", '50% "off" mug');
    expect(await slugsFor('50% "off"')).toEqual(["fifty-off"]);
  });

  it("follows new, renamed, hidden and deleted products", async () => {
    const product = await addProduct("walnut-bowl", "Walnut Bowl");
    expect(await slugsFor("walnut")).toEqual(["walnut-bowl"]);
    await store.db.product.update({ where: { id: product.id }, data: { name: "Oak Bowl" } });
    expect(await slugsFor("walnut")).toEqual([]);
    expect(await slugsFor("oak bo")).toEqual(["walnut-bowl"]);
    await addProduct("hidden-oak", "Oak Secret", false);
    expect(await slugsFor("oak")).toEqual(["walnut-bowl"]);
    await store.db.product.delete({ where: { id: product.id } });
    expect(await slugsFor("oak")).toEqual([]);
  });

  it("takes a blank text for no search (null), not for a search that finds nothing", async () => {
    expect(await searchProductIds(store.db, DEMO_WEBSITE_ID, "")).toBeNull();
    expect(await searchProductIds(store.db, DEMO_WEBSITE_ID, " \t ")).toBeNull();
  });

  it("keeps to the site's own products", async () => {
    expect(await searchProductIds(store.db, "another-site", "shirt")).toEqual([]);
  });

  (testProvider() === "sqlite" ? it : it.skip)("ignores accents on SQLite (FTS5 remove_diacritics)", async () => {
    await addProduct("creme-brulee", "Crème Brûlée Set");
    expect(await slugsFor("creme")).toEqual(["creme-brulee"]);
    expect(await slugsFor("BRÛLÉE")).toEqual(["creme-brulee"]);
  });
});

describe("the storefront's products(search:)", () => {
  it("pages the found products in the asked order", async () => {
    for (const name of ["Linen Apron", "Linen Towel", "Linen Napkin"]) await addProduct(name.toLowerCase().replace(" ", "-"), name);
    const names = async (sort: "NAME_ASC" | "NAME_DESC", take: number) =>
      (await store.services.catalog.visibleProducts({ select: { name: true }, take }, { search: "linen", sort })).map((row) => row.name);
    expect(await names("NAME_ASC", 10)).toEqual(["Linen Apron", "Linen Napkin", "Linen Shirt", "Linen Towel"]);
    expect(await names("NAME_DESC", 2)).toEqual(["Linen Towel", "Linen Shirt"]);
  });
});
