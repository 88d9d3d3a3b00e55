// Document limits, error masking and transport rules of the GraphQL endpoint (issue 2, last
// paragraph): documents deeper than 10 levels, with more than 15 aliases, over 5000 tokens or over
// 5000 cost are rejected before anything touches the database; unexpected errors reach clients as
// 'Unexpected error.' without details; mutations are refused over GET. Our own client's queries stay
// far below every limit.
import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { Lexer, parse, Source, TokenKind, validate } from "graphql";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../server/db/urls.ts";
import { DOCUMENT_LIMITS } from "../../server/graphql.ts";
import { schema } from "../../server/schema/index.ts";
import { startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;

beforeAll(async () => {
  store = await startTestStore();
}, 60_000);
afterAll(() => store.close());

it("limits documents to depth 10, 15 aliases, 5000 tokens and cost 5000", () => {
  expect(DOCUMENT_LIMITS).toEqual({ maxDepth: 10, maxAliases: 15, maxTokens: 5000, maxCost: 5000 });
});

/** `{ __type { fields { type { ofType … } } } }` nested to exactly `depth` field levels, beside a product read. */
function deepDocument(depth: number) {
  let inner = "name";
  for (let level = 4; level < depth; level++) inner = `ofType { ${inner} }`;
  return `{ product(slug: "linen-shirt") { name } __type(name: "Product") { fields { ${depth > 2 ? `type { ${inner} }` : "name"} } } }`;
}

const aliasDocument = (count: number) =>
  `{ ${Array.from({ length: count }, (_, index) => `p${index}: product(slug: "${["linen-shirt", "ceramic-mug", "city-poster"][index % 3]}") { name }`).join(" ")} }`;

/**
 * A product read of exactly `tokens` tokens, padded with `name` inside 20 nested `... on Product { }`
 * (101 tokens for one field: few fields, so graphql-js's overlap check and the cost limit stay
 * quiet, and no directive: directives have their own limit).
 */
function tokenDocument(tokens: number) {
  const body = tokens - 10; // `{ product ( slug : "ceramic-mug" ) {` and `} }`
  const nested = `${"... on Product { ".repeat(20)}name ${"} ".repeat(20)}`;
  return `{ product(slug: "ceramic-mug") { ${nested.repeat(Math.floor(body / 101))}${"name ".repeat(body % 101)} } }`;
}

/** Sends a document as a new visitor; returns the response and how many SQL statements it caused. */
async function send(document: string, headers?: Record<string, string>) {
  const visitor = store.visitor();
  store.queries.reset();
  const result = await visitor.graphql(document, undefined, headers);
  return { result, statements: store.queries.count() };
}

describe("document limits: rejected with a clear error before any SQL runs", () => {
  it("rejects a document deeper than 10 levels: 'Query depth limit of 10 exceeded, found 11.'", async () => {
    const { result, statements } = await send(deepDocument(11));
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((error) => error.message)).toEqual([expect.stringContaining("Query depth limit of 10 exceeded, found 11.")]);
    expect(statements).toBe(0);
  });

  it("accepts a document of depth 10 (and it does read the database)", async () => {
    const { result, statements } = await send(deepDocument(10));
    expect(result.errors).toBeUndefined();
    expect(result.data.product).toEqual({ name: "Linen Shirt" });
    expect(statements).toBeGreaterThan(0);
  });

  it("rejects a document with more than 15 aliases: 'Aliases limit of 15 exceeded, found 16.'", async () => {
    const { result, statements } = await send(aliasDocument(16));
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((error) => error.message)).toEqual([expect.stringContaining("Aliases limit of 15 exceeded, found 16.")]);
    expect(statements).toBe(0);
  });

  it("accepts 15 aliases", async () => {
    const { result, statements } = await send(aliasDocument(15));
    expect(result.errors).toBeUndefined();
    expect(result.data.p0).toEqual({ name: "Linen Shirt" });
    expect(result.data.p14).toEqual({ name: "City Poster" });
    expect(statements).toBeGreaterThan(0);
  });

  it("rejects a document over 5000 tokens: 'Token limit of 5000 exceeded.'", async () => {
    const { result, statements } = await send(tokenDocument(5001));
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((error) => error.message)).toEqual([expect.stringContaining("Token limit of 5000 exceeded.")]);
    expect(statements).toBe(0);
  });

  it("accepts 5000 tokens", async () => {
    const document = tokenDocument(5000);
    const lexer = new Lexer(new Source(document));
    let tokens = 0;
    while (lexer.advance().kind !== TokenKind.EOF) tokens++;
    expect(tokens).toBe(5000);
    const { result } = await send(document);
    expect(result.errors).toBeUndefined();
    expect(result.data.product).toEqual({ name: "Ceramic Mug" });
  });

  it("rejects a document whose cost is over 5000 (100 products with variants and prices)", async () => {
    const { result, statements } = await send(
      `{ products(first: 100) { edges { node { name variants { sku price { value currency decimalValue } salePrice { value } qtyInStock } } } } }`,
    );
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((error) => error.message)).toEqual([expect.stringMatching(/Query Cost limit of 5000 exceeded, found \d+/)]);
    expect(statements).toBe(0);
  });

  it("rejects an over-limit mutation without running it (no cart is made)", async () => {
    const itemId = String(await store.itemId("ceramic-mug"));
    const mutation = `mutation { ${Array.from({ length: 16 }, (_, index) => `a${index}: addCartEntry(input: { itemId: "${itemId}" }) { __typename }`).join(" ")} }`;
    const visitor = store.visitor();
    store.queries.reset();
    const result = await visitor.graphql(mutation);
    expect(result.errors?.map((error) => error.message)).toEqual([expect.stringContaining("Aliases limit of 15 exceeded, found 16.")]);
    expect(store.queries.count()).toBe(0);
    expect(visitor.cartToken).toBeUndefined();
  });

  it.each`
    limit        | document
    ${"depth"}   | ${deepDocument(11)}
    ${"aliases"} | ${aliasDocument(16)}
    ${"tokens"}  | ${tokenDocument(5001)}
  `(
    "answers a document over the $limit limit with a 4xx, as any invalid document (GraphQL over HTTP, application/graphql-response+json)",
    async ({ document }) => {
      const { result } = await send(document, { accept: "application/graphql-response+json" });
      expect(result.status).toBe(400);
      expect(result.errors?.length).toBe(1);
    },
  );
});

describe("errors reach clients without internals", () => {
  const leaks = (body: unknown) => {
    const text = JSON.stringify(body);
    return {
      stack: /stack/i.test(text),
      paths: /\/work\/|node_modules|\.ts:\d+|at [A-Za-z]+ \(/.test(text),
      originalError: /originalError/.test(text),
      prisma: /prisma|Invalid `/i.test(text),
    };
  };
  const clean = { stack: false, paths: false, originalError: false, prisma: false };

  it("masks an unexpected error as 'Unexpected error.' with no stack, path or original error", async () => {
    // A genuine failure below the API: the merchandising table is gone from this store's database.
    const broken = await startTestStore();
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      await broken.db.$executeRawUnsafe('DROP TABLE "Merchandising"');
      const result = await broken.visitor().graphql(`{ product(slug: "canvas-tote") { name merchandising { customSoldOutText } } }`);
      expect(result.errors).toEqual([
        { message: "Unexpected error.", locations: expect.any(Array), path: ["product"], extensions: { code: "INTERNAL_SERVER_ERROR" } },
      ]);
      expect(leaks(result)).toEqual(clean);
    } finally {
      consoleError.mockRestore();
      await broken.close();
    }
  });

  it("answers an unknown locale with a clear error, not a crash", async () => {
    const { result } = await send(`{ product(slug: "linen-shirt") { name price { formatted(locale: "!!") } } }`);
    expect(result.errors?.[0]).toMatchObject({ message: "That is not a locale (try en-US or de-DE).", extensions: { code: "INVALID_INPUT" } });
  });

  it("never puts a stack trace, file path or database detail in an error, whatever the request", async () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      const itemId = String(await store.itemId("ceramic-mug"));
      const documents = [
        `{ node(id: "${Buffer.from("Product:987654").toString("base64")}") { id } }`,
        `{ node(id: "garbage") { id } }`,
        `{ products(first: -5) { edges { node { id } } } }`,
        `{ product(slug: "x") { nope } }`,
        `{ product(slug: `,
        `mutation { addCartEntry(input: { itemId: "${itemId}", quantity: 0 }) { __typename ... on Error { message code } } }`,
        `mutation { addCartEntry(input: { itemId: "999999999999999" }) { __typename ... on Error { message code } } }`,
        `mutation { updateCartEntryQuantity(input: { entryId: "x", quantity: 99999999999 }) { __typename } }`,
        `mutation { checkout(input: { email: "a@b.co", cartToken: "${"x".repeat(40)}" }) { __typename ... on Error { message code } } }`,
      ];
      for (const document of documents) {
        const { result } = await send(document);
        expect({ document, leaks: leaks(result) }).toEqual({ document, leaks: clean });
      }
    } finally {
      consoleError.mockRestore();
    }
  });

  it("gives domain errors their message and code, not the mask", async () => {
    const { result } = await send(`mutation { addCartEntry(input: { itemId: "987654" }) { __typename ... on Error { message code } } }`);
    expect(result.data.addCartEntry).toEqual({ __typename: "NotFoundError", message: "That product could not be found.", code: "NOT_FOUND" });
  });
});

describe("malformed requests", () => {
  it("answers a body that is not JSON with a 400 and runs nothing", async () => {
    const visitor = store.visitor();
    store.queries.reset();
    const response = await visitor.request("POST", "/graphql", { rawBody: '{"query": "{ product(slug: ', headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(response.body.errors?.length).toBe(1);
    expect(store.queries.count()).toBe(0);
  });

  it("answers a request without a query with a 400 'Must provide query string.' (application/graphql-response+json)", async () => {
    const response = await store.visitor().request("POST", "/graphql", { body: { variables: {} }, headers: { accept: "application/graphql-response+json" } });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((error: any) => error.message)).toEqual(["Must provide query string."]);
  });
});

describe("mutations over GET", () => {
  it("refuses a mutation sent with GET (405) and runs nothing", async () => {
    const itemId = String(await store.itemId("ceramic-mug"));
    const visitor = store.visitor();
    store.queries.reset();
    const query = `mutation { addCartEntry(input: { itemId: "${itemId}" }) { __typename } }`;
    const response = await visitor.request("GET", `/graphql?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(405);
    expect(response.body.errors.map((error: any) => error.message)).toEqual(["Can only perform a mutation operation from a POST request."]);
    expect(store.queries.count()).toBe(0);
    expect(visitor.cartToken).toBeUndefined();
  });

  it("answers queries over GET", async () => {
    const response = await store.visitor().request("GET", `/graphql?query=${encodeURIComponent(`{ product(slug: "ceramic-mug") { name } }`)}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ product: { name: "Ceramic Mug" } });
  });
});

// ——— Our own client's queries, as the Relay screens will send them ————————————————————————————

const PRODUCT_SCREEN = `query ProductScreenQuery($slug: String!) {
  product(slug: $slug) {
    id itemId slug name description imageUrl productType soldOut onSale variedPrices hasVariants
    quantityInputShown isSubscribable subscriptionPriceText
    subscriptionPlan { billingPeriod { value unit } numBillingCycles }
    merchandising { customSoldOutText scarcityEnabled scarcityText scarcityShownByDefault restockNotificationsEnabled restockNotificationMessages mailingListSignUpEnabled mailingListOptInByDefault }
    additionalFieldsForm { id name fields { fieldId type title description placeholder required maxLength options questions } }
    ...ProductPrice_product
    ...VariantSelector_product
    ...AddToCartButton_product
  }
}
fragment ProductPrice_product on Product {
  price { value currency decimalValue currencyCode formatted }
  priceDisplay { fromPrice { value formatted } salePrice { value formatted } normalPrice { value formatted } }
  priceMoney { value formatted } salePriceMoney { value formatted }
}
fragment VariantSelector_product on Product {
  variantOptionOrdering
  variantOptions { name values selectText }
  variants { id sku attributes { name value } optionValues price { value currency decimalValue currencyCode formatted } salePrice { value currency decimalValue currencyCode formatted } onSale unlimited qtyInStock soldOut }
  giftCardDenominations { sku amount { value formatted } }
}
fragment AddToCartButton_product on Product { id itemId addButtonText soldOut productType isSubscribable }`;

const CART_SCREEN = `query CartScreenQuery {
  cart {
    id token totalQuantity isPurchased
    ...CartTotals_cart
    entries {
      id itemId title quantity additionalFields
      purchasePrice { value formatted } subtotal { value formatted }
      chosenVariant { sku attributes { name value } }
      product { id slug imageUrl url quantityInputShown additionalFieldsForm { id fields { fieldId type title required maxLength } } }
    }
    shippingOptions { id name price { value formatted } }
    selectedShippingOption { id name price { formatted } }
    shippingLocation { country region postalCode }
    coupons validCoupons invalidCoupons
    applicableTaxRules { name ratePercent }
  }
}
fragment CartTotals_cart on Cart {
  subtotal { value formatted } discount { value formatted } tax { value formatted } shippingCost { value formatted }
  grandTotal { value formatted } requiresShipping purelyDigital hasDigital
}`;

// Relay writes a fragment's @arguments(count: 20) into the query text as a literal.
const PRODUCT_LIST_WITH_VARIANTS = `query IntegratorProductList {
  products(first: 20) {
    edges { cursor node { id ...ProductCard_product } }
    pageInfo { hasNextPage endCursor }
  }
}
fragment ProductCard_product on Product {
  id itemId slug name url imageUrl productType soldOut onSale variedPrices unlimitedStock
  price { value currency decimalValue formatted }
  variants { sku price { value currency decimalValue } salePrice { value } onSale unlimited qtyInStock }
}`;

interface Measures {
  depth: number;
  aliases: number;
  tokens: number;
  cost: number;
}

/** The document's measures as the server's limit plugins count them (same rules, same options). */
function measure(document: string): Measures {
  const parsed = parse(document);
  const invalid = validate(schema, parsed);
  if (invalid.length) throw new Error(invalid.map((error) => error.message).join("\n"));
  const measures: Partial<Measures> = {};
  const errors = validate(schema, parsed, [
    maxDepthRule({ n: Infinity, flattenFragments: true, onAccept: [(_context, { n }) => (measures.depth = n)] }),
    maxAliasesRule({ n: Infinity, onAccept: [(_context, { n }) => (measures.aliases = n)] }),
    costLimitRule({ maxCost: Infinity, flattenFragments: true, onAccept: [(_context, { n }) => (measures.cost = n)] }),
  ]);
  if (errors.length) throw new Error(errors.map((error) => error.message).join("\n"));
  const lexer = new Lexer(new Source(document));
  let tokens = 0;
  while (lexer.advance().kind !== TokenKind.EOF) tokens++;
  return { ...(measures as Omit<Measures, "tokens">), tokens };
}

describe("our client's queries stay well under the limits (depth at most 7 of 10, at most a third of the aliases, half the tokens and half the cost)", () => {
  it("measures as the server does: the rejected 11-deep document measures depth 11", () => {
    expect(measure(deepDocument(11)).depth).toBe(11);
    expect(measure(aliasDocument(16)).aliases).toBe(16);
  });

  // Every operation the client ships, as relay-compiler wrote it (client/__generated__), and the
  // screens still to come (sketched above).
  const compiled = readdirSync(join(projectRoot, "client/__generated__"))
    .filter((file) => /(Query|Mutation|Subscription)\.graphql\.ts$/.test(file))
    .map((file) => {
      const source = readFileSync(join(projectRoot, "client/__generated__", file), "utf8");
      const text = JSON.parse(/"text": ("(?:[^"\\]|\\.)*")/.exec(source)![1]) as string;
      // Run the queries that need no variables; every operation is measured.
      return {
        name: `${file.replace(".graphql.ts", "")} (compiled)`,
        document: text,
        variables: {},
        withCart: false,
        run: /^query/.test(text) && !/\$\w+: [\w[\]]+!/.test(text),
      };
    });
  const screens = [
    {
      name: "ProductScreenQuery (product by slug with variants and prices)",
      document: PRODUCT_SCREEN,
      variables: { slug: "linen-shirt" },
      withCart: false,
      run: true,
    },
    { name: "CartScreenQuery (the cart page)", document: CART_SCREEN, variables: {}, withCart: true, run: true },
    ...compiled,
  ].map((screen) => ({ ...screen, ...measure(screen.document) }));

  it("finds the client's compiled operations", () => {
    expect(compiled.map((operation) => operation.name)).toContain("HomeScreenQuery (compiled)");
  });

  it("accepts an integrator's list of 20 products with their variants and prices (under every limit)", async () => {
    const measured = measure(PRODUCT_LIST_WITH_VARIANTS);
    expect(measured.cost).toBeLessThan(DOCUMENT_LIMITS.maxCost);
    const result = await store.visitor().graphql(PRODUCT_LIST_WITH_VARIANTS);
    expect(result.errors).toBeUndefined();
    expect(result.data.products.edges).toHaveLength(9);
  });

  it.each(screens)(
    "$name: depth $depth, aliases $aliases, tokens $tokens, cost $cost",
    async ({ document, variables, withCart, run, depth, aliases, tokens, cost }) => {
      expect(depth).toBeLessThanOrEqual(DOCUMENT_LIMITS.maxDepth - 3);
      expect(aliases).toBeLessThanOrEqual(DOCUMENT_LIMITS.maxAliases / 3);
      expect(tokens).toBeLessThanOrEqual(DOCUMENT_LIMITS.maxTokens / 2);
      expect(cost).toBeLessThanOrEqual(DOCUMENT_LIMITS.maxCost / 2);

      if (!run) return;
      const visitor = store.visitor();
      if (withCart) {
        const itemId = String(await store.itemId("engraved-pen"));
        await visitor.graphql(`mutation($input: AddCartEntryInput!) { addCartEntry(input: $input) { __typename } }`, {
          input: { itemId, additionalFields: { engraving: "Ada" } },
        });
      }
      const result = await visitor.graphql(document, variables);
      expect(result.errors).toBeUndefined();
      expect(result.status).toBe(200);
    },
  );
});

describe("request size", () => {
  it("refuses a GraphQL body over 1 MB with 413 before reading it", async () => {
    const padding = " ".repeat(1024 * 1024 + 1);
    const result = await store
      .visitor()
      .request("POST", "/graphql", { rawBody: `{"query":"{ __typename }"${padding}}`, headers: { "content-type": "application/json" } });
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ errors: [{ message: "The request body is too large." }] });
  });
});
