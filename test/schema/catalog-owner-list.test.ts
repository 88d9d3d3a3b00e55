// The owner's product list (issue 9, screens 2 and 3): search by name or SKU in any case, filters by
// type and visibility, ordering by name, stock and price with keyset paging that holds across pages.
import { ok, owner, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

const LIST = `query($first: Int, $after: String, $search: String, $type: ProductType, $visible: Boolean, $sort: OwnerProductSort) {
  ownerProducts(first: $first, after: $after, search: $search, type: $type, visible: $visible, sort: $sort) {
    edges { cursor node { slug } } pageInfo { hasNextPage endCursor } } }`;

async function slugs(variables: Record<string, unknown>): Promise<string[]> {
  const data = await ok(LIST, { first: 100, ...variables });
  return data.ownerProducts.edges.map((edge: { node: { slug: string } }) => edge.node.slug);
}

/** Every page of `first` products, followed by endCursor to the end. */
async function pagedSlugs(variables: Record<string, unknown>, first: number): Promise<string[]> {
  const all: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 50; page++) {
    const data = await ok(LIST, { ...variables, first, after });
    all.push(...data.ownerProducts.edges.map((edge: { node: { slug: string } }) => edge.node.slug));
    if (!data.ownerProducts.pageInfo.hasNextPage) return all;
    after = data.ownerProducts.pageInfo.endCursor;
  }
  throw new Error("no last page");
}

describe("ownerProducts", () => {
  it("searches names and SKUs in any case", async () => {
    expect(await slugs({ search: "SHIRT" })).toEqual(["linen-shirt"]);
    expect(await slugs({ search: "mug-1" })).toEqual(["ceramic-mug"]);
    expect(await slugs({ search: "poster-LARGE" })).toEqual(["city-poster"]);
    expect(await slugs({ search: "  ceramic " })).toEqual(["ceramic-mug"]);
    // LIKE's wildcards are taken literally.
    expect(await slugs({ search: "%" })).toEqual([]);
    expect(await slugs({ search: "_" })).toEqual([]);
  });

  it("filters by type and by visibility", async () => {
    expect(await slugs({ type: "DIGITAL" })).toEqual(["recipe-ebook"]);
    expect(await slugs({ type: "GIFT_CARD" })).toEqual(["gift-card"]);
    expect(await slugs({ type: "SERVICE" })).toEqual(["design-consultation"]);
    const penId = await store.itemId("engraved-pen");
    await store.db.product.update({ where: { id: penId }, data: { visible: false } });
    try {
      expect(await slugs({ visible: false })).toEqual(["engraved-pen"]);
      expect(await slugs({ visible: true })).not.toContain("engraved-pen");
      expect(await slugs({ visible: false, type: "DIGITAL" })).toEqual([]);
    } finally {
      await store.db.product.update({ where: { id: penId }, data: { visible: true } });
    }
  });

  it("orders by name, price and stock; unlimited stock comes after every number going up, first going down", async () => {
    const byName = await slugs({ sort: "NAME_ASC" });
    expect(byName.slice(0, 4)).toEqual(["canvas-tote", "ceramic-mug", "city-poster", "coffee-club"]);
    expect(await slugs({ sort: "NAME_DESC" })).toEqual([...byName].reverse());
    const byPrice = await slugs({ sort: "PRICE_ASC" });
    // Sort price is the lowest price a shopper pays: the eBook on sale at 900, the mug 1800...
    expect(byPrice.slice(0, 2)).toEqual(["recipe-ebook", "ceramic-mug"]);
    expect(byPrice.at(-1)).toBe("design-consultation");
    expect(await slugs({ sort: "PRICE_DESC" })).toEqual([...byPrice].reverse());
    const byStock = await slugs({ sort: "STOCK_ASC" });
    // Tote 0 units, mug 3, pen 4; then the unlimited products (the shirt last: it also has 18 limited units).
    expect(byStock.slice(0, 3)).toEqual(["canvas-tote", "ceramic-mug", "engraved-pen"]);
    expect(byStock.at(-1)).toBe("linen-shirt");
    expect(new Set(byStock.slice(3, -1))).toEqual(new Set(["recipe-ebook", "design-consultation", "gift-card", "coffee-club", "city-poster"]));
    expect(await slugs({ sort: "STOCK_DESC" })).toEqual([...byStock].reverse());
  });

  it.each(["NAME_ASC", "NAME_DESC", "STOCK_ASC", "STOCK_DESC", "PRICE_ASC", "PRICE_DESC"])(
    "pages of 2 in %s order list every product once, in the order of one long page",
    async (sort) => {
      expect(await pagedSlugs({ sort }, 2)).toEqual(await slugs({ sort }));
    },
  );

  it("keeps its place when the last product of a page is deleted before the next page", async () => {
    const created = await ok(
      `mutation { createProduct(input: { name: "Cursor Test", productType: PHYSICAL, variants: [{ sku: "CT-1", price: 1850, qtyInStock: 3 }] }) { ... on CreateProductSuccess { product { itemId } } } }`,
    );
    const all = await slugs({ sort: "STOCK_ASC" });
    const index = all.indexOf("cursor-test");
    const first = await ok(LIST, { sort: "STOCK_ASC", first: index + 1 });
    expect(first.ownerProducts.edges.at(-1).node.slug).toBe("cursor-test");
    await ok(`mutation { deleteProduct(input: { id: "${created.createProduct.product.itemId}" }) { __typename } }`);
    const next = await ok(LIST, { sort: "STOCK_ASC", first: 100, after: first.ownerProducts.pageInfo.endCursor });
    expect(next.ownerProducts.edges.map((edge: { node: { slug: string } }) => edge.node.slug)).toEqual(all.slice(index + 1));
  });

  it("refuses a cursor of another ordering and paging backwards", async () => {
    const first = await ok(LIST, { sort: "NAME_ASC", first: 1 });
    const mixed = await owner.graphql(LIST, { sort: "PRICE_ASC", after: first.ownerProducts.pageInfo.endCursor });
    expect(mixed.errors?.[0].message).toBe("That page cursor belongs to another list or ordering: start again from the first page.");
    const backwards = await owner.graphql("{ ownerProducts(last: 2) { edges { node { slug } } } }");
    expect(backwards.errors?.[0].message).toBe("Page forward with first and after.");
  });
});

describe("ownerProduct", () => {
  const ONE = `query($id: ID!) { ownerProduct(id: $id) { slug visible } }`;

  it("reads one product by itemId, hidden ones too; null for an unknown or malformed id", async () => {
    const penId = await store.itemId("engraved-pen");
    await store.db.product.update({ where: { id: penId }, data: { visible: false } });
    try {
      expect((await ok(ONE, { id: String(penId) })).ownerProduct).toEqual({ slug: "engraved-pen", visible: false });
    } finally {
      await store.db.product.update({ where: { id: penId }, data: { visible: true } });
    }
    expect((await ok(ONE, { id: "999999" })).ownerProduct).toBeNull();
    expect((await ok(ONE, { id: "not an id" })).ownerProduct).toBeNull();
  });
});
