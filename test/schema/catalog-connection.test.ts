// The catalogue over GraphQL: Query.node and the Query.products connection (spec
// storefront-and-commerce.md §3, §8).
import { DEMO_PRODUCT_SLUGS } from "../support/app.ts";
import { product, query, useCatalogStore, visitor } from "./catalog-setup.ts";

useCatalogStore();

describe("node(id)", () => {
  it("round-trips a Product global id", async () => {
    const p = await product("linen-shirt");
    const data = await query(`query($id: ID!) { node(id: $id) { __typename id ... on Product { slug itemId } } }`, { id: p.id });
    expect(data.node).toEqual({ __typename: "Product", id: p.id, slug: "linen-shirt", itemId: p.itemId });
  });

  it("round-trips a Variant global id", async () => {
    const data = await query(`{ product(slug: "ceramic-mug") { variants { id sku } } }`);
    const [variant] = data.product.variants;
    const node = await query(`query($id: ID!) { node(id: $id) { __typename ... on Variant { sku } } }`, { id: variant.id });
    expect(node.node).toEqual({ __typename: "Variant", sku: "MUG-1" });
  });

  it("answers null (not an error) for the global id of a product that does not exist (Relay: node of an unknown id is null)", async () => {
    const id = Buffer.from("Product:987654").toString("base64");
    const result = await visitor.graphql(`query($id: ID!) { node(id: $id) { id } }`, { id });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ node: null });
  });

  it("answers null for each unknown id in nodes(ids) and still returns the known ones", async () => {
    const p = await product("ceramic-mug");
    const unknown = Buffer.from("Product:987654").toString("base64");
    const result = await visitor.graphql(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: [p.id, unknown] });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ nodes: [{ id: p.id }, null] });
  });

  it("refuses an id that is not a global id with a clear error", async () => {
    const result = await visitor.graphql(`{ node(id: "garbage") { id } }`);
    expect(result.data).toEqual({ node: null });
    expect(result.errors?.map((error) => error.message)).toEqual(["Invalid global ID: garbage"]);
  });
});

describe("products connection", () => {
  const NAMES_ASC = [
    "Canvas Tote",
    "Ceramic Mug",
    "City Poster",
    "Coffee Club",
    "Design Consultation",
    "Engraved Pen",
    "Gift Card",
    "Linen Shirt",
    "Recipe eBook",
  ];

  const LIST = `query List($first: Int, $after: String, $type: ProductType, $sort: ProductSort) {
    products(first: $first, after: $after, type: $type, sort: $sort) {
      edges { cursor node { slug name productType price { value } } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }`;

  const list = async (variables: Record<string, unknown>) => (await query(LIST, variables)).products;

  it("returns all 9 demo products with first: 20, sorted by name by default", async () => {
    const page = await list({ first: 20 });
    expect(page.edges.map((edge: any) => edge.node.name)).toEqual(NAMES_ASC);
    expect(new Set(page.edges.map((edge: any) => edge.node.slug))).toEqual(new Set(DEMO_PRODUCT_SLUGS));
    expect(page.pageInfo.hasNextPage).toBe(false);
  });

  it("returns every demo product without first (the default page of 20 holds all 9)", async () => {
    const data = await query(`{ products { edges { node { slug } } } }`);
    expect(data.products.edges).toHaveLength(9);
  });

  it("sorts by NAME_DESC", async () => {
    const page = await list({ first: 20, sort: "NAME_DESC" });
    expect(page.edges.map((edge: any) => edge.node.name)).toEqual([...NAMES_ASC].reverse());
  });

  it("sorts by PRICE_ASC on the from price (recipe-ebook 1200 first, design-consultation 6000 last)", async () => {
    const prices = (await list({ first: 20, sort: "PRICE_ASC" })).edges.map((edge: any) => [edge.node.slug, edge.node.price.value]);
    expect(prices).toHaveLength(9);
    expect(prices[0]).toEqual(["recipe-ebook", 1200]);
    expect(prices[1]).toEqual(["ceramic-mug", 1800]);
    expect(prices[8]).toEqual(["design-consultation", 6000]);
    const values = prices.map(([, value]: [string, number]) => value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values).toEqual([1200, 1800, 2000, 2000, 2500, 2500, 3200, 3900, 6000]);
  });

  it("sorts by PRICE_DESC", async () => {
    const values = (await list({ first: 20, sort: "PRICE_DESC" })).edges.map((edge: any) => edge.node.price.value);
    expect(values).toEqual([6000, 3900, 3200, 2500, 2500, 2000, 2000, 1800, 1200]);
  });

  it.each`
    type           | slugs
    ${"PHYSICAL"}  | ${["canvas-tote", "ceramic-mug", "city-poster", "coffee-club", "engraved-pen", "linen-shirt"]}
    ${"DIGITAL"}   | ${["recipe-ebook"]}
    ${"SERVICE"}   | ${["design-consultation"]}
    ${"GIFT_CARD"} | ${["gift-card"]}
    ${"PAYWALL"}   | ${[]}
  `("filters by type $type", async ({ type, slugs }) => {
    const page = await list({ first: 20, type });
    expect(page.edges.map((edge: any) => edge.node.slug)).toEqual(slugs);
    expect(page.edges.every((edge: any) => edge.node.productType === type)).toBe(true);
  });

  it("pages with first/after: disjoint pages that together cover every product, in order", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page: any = await list({ first: 4, after });
      pages++;
      expect(page.edges.length).toBeLessThanOrEqual(4);
      for (const edge of page.edges) expect(seen).not.toContain(edge.node.name);
      seen.push(...page.edges.map((edge: any) => edge.node.name));
      if (!page.pageInfo.hasNextPage) break;
      expect(page.pageInfo.endCursor).toBe(page.edges[page.edges.length - 1].cursor);
      after = page.pageInfo.endCursor;
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(NAMES_ASC);
  });

  it("pages the same way under another sort order (PRICE_DESC)", async () => {
    const first = await list({ first: 5, sort: "PRICE_DESC" });
    const second = await list({ first: 5, after: first.pageInfo.endCursor, sort: "PRICE_DESC" });
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const slugs = [...first.edges, ...second.edges].map((edge: any) => edge.node.slug);
    expect(new Set(slugs).size).toBe(9);
    const values = [...first.edges, ...second.edges].map((edge: any) => edge.node.price.value);
    expect(values).toEqual([6000, 3900, 3200, 2500, 2500, 2000, 2000, 1800, 1200]);
  });

  it("refuses first over 100 (at most 100 per page) with a clear error", async () => {
    const result = await visitor.graphql(`{ products(first: 101) { edges { node { slug } } } }`);
    expect(result.errors?.map((error) => error.message)).toEqual([expect.stringMatching(/100/)]);
  });

  it("refuses a negative first with a clear error", async () => {
    const result = await visitor.graphql(`{ products(first: -1) { edges { node { slug } } } }`);
    expect(result.errors?.map((error) => error.message)).toEqual(['Argument "first" must be a non-negative integer']);
  });
});
