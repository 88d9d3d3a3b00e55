// Document limits of the GraphQL endpoint (issue 2, last paragraph): documents deeper than 10 levels,
// with more than 15 aliases, over 5000 tokens or over 5000 cost are rejected before anything touches
// the database; bodies over 1 MB are refused unread.
import { Lexer, Source, TokenKind } from "graphql";
import { DOCUMENT_LIMITS } from "../../server/graphql.ts";
import { aliasDocument, deepDocument, send, store, tokenDocument, useLimitsStore } from "./limits-setup.ts";

useLimitsStore();

it("limits documents to depth 10, 15 aliases, 5000 tokens and cost 5000", () => {
  expect(DOCUMENT_LIMITS).toEqual({ maxDepth: 10, maxAliases: 15, maxTokens: 5000, maxCost: 5000 });
});

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
