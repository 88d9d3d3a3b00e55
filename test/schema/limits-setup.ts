// Set-up shared by the GraphQL endpoint's limit tests (test/schema/limits*.test.ts): a store, documents
// built to an exact depth, alias count or token count, and a step that counts the SQL a request runs.
import { startTestStore, type TestStore } from "../support/app.ts";

export let store: TestStore;

/** Starts the store for the test file that calls it, and stops it afterwards. */
export function useLimitsStore() {
  beforeAll(async () => {
    store = await startTestStore();
  }, 60_000);
  afterAll(() => store.close());
}

/** `{ __type { fields { type { ofType … } } } }` nested to exactly `depth` field levels, beside a product read. */
export function deepDocument(depth: number) {
  let inner = "name";
  for (let level = 4; level < depth; level++) inner = `ofType { ${inner} }`;
  return `{ product(slug: "linen-shirt") { name } __type(name: "Product") { fields { ${depth > 2 ? `type { ${inner} }` : "name"} } } }`;
}

export const aliasDocument = (count: number) =>
  `{ ${Array.from({ length: count }, (_, index) => `p${index}: product(slug: "${["linen-shirt", "ceramic-mug", "city-poster"][index % 3]}") { name }`).join(" ")} }`;

/**
 * A product read of exactly `tokens` tokens, padded with `name` inside 20 nested `... on Product { }`
 * (101 tokens for one field: few fields, so graphql-js's overlap check and the cost limit stay
 * quiet, and no directive: directives have their own limit).
 */
export function tokenDocument(tokens: number) {
  const body = tokens - 10; // `{ product ( slug : "ceramic-mug" ) {` and `} }`
  const nested = `${"... on Product { ".repeat(20)}name ${"} ".repeat(20)}`;
  return `{ product(slug: "ceramic-mug") { ${nested.repeat(Math.floor(body / 101))}${"name ".repeat(body % 101)} } }`;
}

/** Sends a document as a new visitor; returns the response and how many SQL statements it caused. */
export async function send(document: string, headers?: Record<string, string>) {
  const visitor = store.visitor();
  store.queries.reset();
  const result = await visitor.graphql(document, undefined, headers);
  return { result, statements: store.queries.count() };
}
