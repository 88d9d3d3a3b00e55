// The catalogue over GraphQL: the demo store of demo-store.md exactly as integrators see it through
// Query.product, Query.products and Query.node (spec storefront-and-commerce.md §3, §4, §5, §8).
import { startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";

let store: TestStore;
let visitor: TestVisitor;

beforeAll(async () => {
  store = await startTestStore();
  visitor = store.visitor();
}, 60_000);
afterAll(() => store.close());

/** Runs a query that must succeed and returns its data. */
async function query<T = any>(document: string, variables?: Record<string, unknown>): Promise<T> {
  const result = await visitor.graphql<T>(document, variables);
  expect(result.errors).toBeUndefined();
  expect(result.status).toBe(200);
  return result.data as T;
}

const usd = (value: number, decimalValue: string) => ({ value, currency: "USD", decimalValue, currencyCode: "USD" });

const PRODUCT = `query Product($slug: String!) {
  product(slug: $slug) {
    id itemId slug name productType soldOut onSale variedPrices unlimitedStock totalStock hasVariants
    isSubscribable quantityInputShown addButtonText subscriptionPriceText url
    price { value currency decimalValue currencyCode formatted }
    priceDisplay { fromPrice { value formatted } salePrice { value formatted } normalPrice { value formatted } }
    priceMoney { value currency decimalValue currencyCode }
    salePriceMoney { value currency decimalValue currencyCode }
    variants { sku attributes { name value } price { value currency decimalValue currencyCode } salePrice { value currency decimalValue currencyCode } onSale unlimited qtyInStock soldOut }
    variantOptionOrdering
    variantOptions { name values selectText }
    giftCardDenominations { sku amount { value currency decimalValue currencyCode } }
    subscriptionPlan { billingPeriod { value unit } numBillingCycles }
    merchandising { customSoldOutText scarcityEnabled scarcityText restockNotificationsEnabled mailingListSignUpEnabled mailingListOptInByDefault }
    additionalFieldsForm { name fields { fieldId type title required maxLength } }
  }
}`;

async function product(slug: string) {
  const data = await query(PRODUCT, { slug });
  expect(data.product).not.toBeNull();
  return data.product;
}

const ALL_SLUGS = [
  "linen-shirt",
  "ceramic-mug",
  "canvas-tote",
  "recipe-ebook",
  "design-consultation",
  "gift-card",
  "coffee-club",
  "engraved-pen",
  "city-poster",
];

describe("product(slug): the derived states of every demo product", () => {
  it.each`
    slug                     | productType    | soldOut  | onSale   | variedPrices | unlimitedStock | totalStock | quantityInputShown | addButtonText    | price
    ${"linen-shirt"}         | ${"PHYSICAL"}  | ${false} | ${true}  | ${true}      | ${true}        | ${null}    | ${true}            | ${"Add To Cart"} | ${3900}
    ${"ceramic-mug"}         | ${"PHYSICAL"}  | ${false} | ${false} | ${false}     | ${false}       | ${3}       | ${true}            | ${"Add To Cart"} | ${1800}
    ${"canvas-tote"}         | ${"PHYSICAL"}  | ${true}  | ${false} | ${false}     | ${false}       | ${0}       | ${false}           | ${"Add To Cart"} | ${2500}
    ${"recipe-ebook"}        | ${"DIGITAL"}   | ${false} | ${true}  | ${false}     | ${true}        | ${null}    | ${false}           | ${"Add To Cart"} | ${1200}
    ${"design-consultation"} | ${"SERVICE"}   | ${false} | ${false} | ${false}     | ${true}        | ${null}    | ${true}            | ${"Add To Cart"} | ${6000}
    ${"gift-card"}           | ${"GIFT_CARD"} | ${false} | ${false} | ${true}      | ${true}        | ${null}    | ${false}           | ${"Add To Cart"} | ${2500}
    ${"coffee-club"}         | ${"PHYSICAL"}  | ${false} | ${false} | ${false}     | ${true}        | ${null}    | ${false}           | ${"Subscribe"}   | ${2000}
    ${"engraved-pen"}        | ${"PHYSICAL"}  | ${false} | ${false} | ${false}     | ${false}       | ${4}       | ${true}            | ${"Add To Cart"} | ${3200}
    ${"city-poster"}         | ${"PHYSICAL"}  | ${false} | ${false} | ${true}      | ${true}        | ${null}    | ${true}            | ${"Add To Cart"} | ${2000}
  `(
    "$slug is $productType: soldOut $soldOut, onSale $onSale, variedPrices $variedPrices, unlimitedStock $unlimitedStock, quantity input $quantityInputShown, '$addButtonText'",
    async ({ slug, productType, soldOut, onSale, variedPrices, unlimitedStock, totalStock, quantityInputShown, addButtonText, price }) => {
      const p = await product(slug);
      expect(p).toMatchObject({ slug, productType, soldOut, onSale, variedPrices, unlimitedStock, totalStock, quantityInputShown, addButtonText });
      expect(p.price.value).toBe(price);
      expect(p.url).toBe(`/shop/p/${slug}`);
      expect(String(p.itemId)).toBe(String(await store.itemId(slug)));
    },
  );

  it("gives the raw product id as itemId (the id REST takes) and a global Relay id as id", async () => {
    const p = await product("ceramic-mug");
    expect(p.itemId).toBe(String(await store.itemId("ceramic-mug")));
    expect(Buffer.from(p.id, "base64").toString("utf8")).toBe(`Product:${p.itemId}`);
  });

  it("answers null for a slug that names no product", async () => {
    const data = await query(`{ product(slug: "no-such-product") { id } }`);
    expect(data.product).toBeNull();
  });
});

describe("prices", () => {
  it("shows linen-shirt 'from $39.00' because L/Blue is on sale at 3900 (varied prices), normal price $45.00", async () => {
    const p = await product("linen-shirt");
    expect(p.price).toEqual({ value: 3900, currency: "USD", decimalValue: "39.00", currencyCode: "USD", formatted: "$39.00" });
    expect(p.priceDisplay).toEqual({
      fromPrice: { value: 3900, formatted: "$39.00" },
      salePrice: { value: 3900, formatted: "$39.00" },
      normalPrice: { value: 4500, formatted: "$45.00" },
    });
  });

  it("shows city-poster 'from $20.00' (Small 2000, Large 3500), with no sale price", async () => {
    const p = await product("city-poster");
    expect(p.price).toMatchObject({ value: 2000, formatted: "$20.00" });
    expect(p.priceDisplay).toEqual({
      fromPrice: { value: 2000, formatted: "$20.00" },
      salePrice: null,
      normalPrice: { value: 3500, formatted: "$35.00" },
    });
  });

  it("gives the digital recipe-ebook priceMoney 12.00 and salePriceMoney 9.00, on sale; its from price is its own price (template spec §12.3.1)", async () => {
    const p = await product("recipe-ebook");
    expect(p.priceMoney).toEqual(usd(1200, "12.00"));
    expect(p.salePriceMoney).toEqual(usd(900, "9.00"));
    expect(p.variants).toEqual([]);
    expect(p.priceDisplay).toEqual({ fromPrice: null, salePrice: { value: 900, formatted: "$9.00" }, normalPrice: { value: 1200, formatted: "$12.00" } });
  });

  it("gives priceMoney and salePriceMoney only to digital products", async () => {
    for (const slug of ALL_SLUGS.filter((slug) => slug !== "recipe-ebook")) {
      const p = await product(slug);
      expect({ slug, priceMoney: p.priceMoney, salePriceMoney: p.salePriceMoney }).toEqual({ slug, priceMoney: null, salePriceMoney: null });
    }
  });

  it("shows a single price (no 'from') for products whose variants do not differ", async () => {
    const p = await product("ceramic-mug");
    expect(p.priceDisplay).toEqual({ fromPrice: null, salePrice: null, normalPrice: { value: 1800, formatted: "$18.00" } });
  });
});

describe("variants match the demo stock exactly", () => {
  const shirt = (size: string, color: string, qtyInStock: number | null, sale?: number) => ({
    sku: `LINEN-${size}-${color.toUpperCase()}`,
    attributes: [
      { name: "Size", value: size },
      { name: "Color", value: color },
    ],
    price: usd(4500, "45.00"),
    salePrice: sale ? usd(sale, (sale / 100).toFixed(2)) : usd(0, "0.00"),
    onSale: sale !== undefined,
    unlimited: qtyInStock === null,
    qtyInStock: qtyInStock ?? 0,
    soldOut: qtyInStock === 0,
  });

  it("linen-shirt: Size S/M/L × Color White/Blue, all 4500, L/Blue on sale at 3900; S/White 10, M/White 1, L/White 0, S/Blue unlimited, M/Blue 5, L/Blue 2", async () => {
    const p = await product("linen-shirt");
    expect(p.variants).toEqual([
      shirt("S", "White", 10),
      shirt("M", "White", 1),
      shirt("L", "White", 0),
      shirt("S", "Blue", null),
      shirt("M", "Blue", 5),
      shirt("L", "Blue", 2, 3900),
    ]);
  });

  it.each`
    slug                     | sku              | attributes | price   | unlimited | qtyInStock
    ${"ceramic-mug"}         | ${"MUG-1"}       | ${[]}      | ${1800} | ${false}  | ${3}
    ${"design-consultation"} | ${"CONSULT-1H"}  | ${[]}      | ${6000} | ${true}   | ${0}
    ${"coffee-club"}         | ${"COFFEE-CLUB"} | ${[]}      | ${2000} | ${true}   | ${0}
    ${"engraved-pen"}        | ${"PEN-BRASS"}   | ${[]}      | ${3200} | ${false}  | ${4}
  `("$slug has one variant $sku at $price, unlimited $unlimited, stock $qtyInStock", async ({ slug, sku, attributes, price, unlimited, qtyInStock }) => {
    const p = await product(slug);
    expect(p.variants).toEqual([
      {
        sku,
        attributes,
        price: usd(price, (price / 100).toFixed(2)),
        salePrice: usd(0, "0.00"),
        onSale: false,
        unlimited,
        qtyInStock,
        soldOut: false,
      },
    ]);
  });

  it("canvas-tote: Color Natural/Black, 2500 each, both limited with stock 0 (sold out)", async () => {
    const p = await product("canvas-tote");
    expect(p.variants.map((v: any) => [v.sku, v.attributes, v.price.value, v.unlimited, v.qtyInStock, v.soldOut])).toEqual([
      ["TOTE-NATURAL", [{ name: "Color", value: "Natural" }], 2500, false, 0, true],
      ["TOTE-BLACK", [{ name: "Color", value: "Black" }], 2500, false, 0, true],
    ]);
  });

  it("city-poster: Size Small 2000 / Large 3500, both unlimited", async () => {
    const p = await product("city-poster");
    expect(p.variants.map((v: any) => [v.sku, v.attributes, v.price.value, v.unlimited])).toEqual([
      ["POSTER-SMALL", [{ name: "Size", value: "Small" }], 2000, true],
      ["POSTER-LARGE", [{ name: "Size", value: "Large" }], 3500, true],
    ]);
  });

  it("gift-card: denominations 2500, 5000, 10000", async () => {
    const p = await product("gift-card");
    expect(p.giftCardDenominations).toEqual([
      { sku: "GIFT-2500", amount: usd(2500, "25.00") },
      { sku: "GIFT-5000", amount: usd(5000, "50.00") },
      { sku: "GIFT-10000", amount: usd(10000, "100.00") },
    ]);
  });
});

describe("variant options", () => {
  it("lists linen-shirt's options in variantOptionOrdering: Size (S, M, L) then Color (White, Blue)", async () => {
    const p = await product("linen-shirt");
    expect(p.variantOptionOrdering).toEqual(["Size", "Color"]);
    expect(p.hasVariants).toBe(true);
    expect(p.variantOptions).toEqual([
      { name: "Size", values: ["S", "M", "L"], selectText: "Select Size" },
      { name: "Color", values: ["White", "Blue"], selectText: "Select Color" },
    ]);
  });

  it("shows variant selectors only when there is more than one variant", async () => {
    expect((await product("city-poster")).variantOptions).toEqual([{ name: "Size", values: ["Small", "Large"], selectText: "Select Size" }]);
    for (const slug of ["ceramic-mug", "design-consultation", "coffee-club", "engraved-pen", "recipe-ebook"]) {
      const p = await product(slug);
      expect({ slug, hasVariants: p.hasVariants, variantOptions: p.variantOptions }).toEqual({ slug, hasVariants: false, variantOptions: [] });
    }
  });
});

describe("subscriptions, merchandising and forms", () => {
  it("coffee-club is subscribable, billed every 1 MONTH indefinitely: '{price} every month', button 'Subscribe'", async () => {
    const p = await product("coffee-club");
    expect(p.isSubscribable).toBe(true);
    expect(p.subscriptionPlan).toEqual({ billingPeriod: { value: 1, unit: "MONTH" }, numBillingCycles: 0 });
    expect(p.subscriptionPriceText).toBe("{price} every month");
    expect(p.addButtonText).toBe("Subscribe");
  });

  it("gives no subscription wording to products that are not subscribable", async () => {
    for (const slug of ALL_SLUGS.filter((slug) => slug !== "coffee-club")) {
      const p = await product(slug);
      expect({ slug, isSubscribable: p.isSubscribable, subscriptionPlan: p.subscriptionPlan, text: p.subscriptionPriceText }).toEqual({
        slug,
        isSubscribable: false,
        subscriptionPlan: null,
        text: null,
      });
    }
  });

  it("canvas-tote is sold out with the custom sold-out text 'Back soon', waitlist and mailing-list sign-up on", async () => {
    const p = await product("canvas-tote");
    expect(p.soldOut).toBe(true);
    expect(p.merchandising).toMatchObject({
      customSoldOutText: "Back soon",
      restockNotificationsEnabled: true,
      mailingListSignUpEnabled: true,
    });
  });

  it("linen-shirt has scarcity on with 'Only {qty} left!'", async () => {
    const p = await product("linen-shirt");
    expect(p.merchandising).toMatchObject({ scarcityEnabled: true, scarcityText: "Only {qty} left!" });
  });

  it("engraved-pen carries its additional-fields form: 'Engraving' text, required, maxLength 20", async () => {
    const p = await product("engraved-pen");
    expect(p.additionalFieldsForm).toEqual({
      name: "Engraving",
      fields: [{ fieldId: "engraving", type: "text", title: "Engraving", required: true, maxLength: 20 }],
    });
    expect((await product("ceramic-mug")).additionalFieldsForm).toBeNull();
  });
});

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
    expect(new Set(page.edges.map((edge: any) => edge.node.slug))).toEqual(new Set(ALL_SLUGS));
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
