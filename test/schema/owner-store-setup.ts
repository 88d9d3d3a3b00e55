// Set-up shared by the owner-operation tests over GraphQL (forms-owner, catalog-owner-products,
// owner-answers, store-preferences, store-owner...): a store with the owner signed in, and steps to
// run an owner operation and to read a product as the public sees it.
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";

export let store: TestStore;
export let owner: Caller;

/** Starts the store for the test file that calls it, and stops it afterwards. */
export function useOwnerStore() {
  beforeAll(async () => {
    store = await startTestStore();
    owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  });
  afterAll(() => store.close());
}

/** Runs an owner operation that must not fail at the GraphQL level; returns its data. */
export async function ok(query: string, variables?: Record<string, unknown>, caller: Caller = owner) {
  const result = await caller.graphql(query, variables);
  expect(result.errors).toBeUndefined();
  return result.data;
}

export const PUBLIC_PRODUCT = `query($slug: String!) { product(slug: $slug) { name onSale soldOut price { value } merchandising { customSoldOutText scarcityEnabled } variants { sku qtyInStock } } }`;
export const publicProduct = async (slug: string) => (await store.visitor().graphql(PUBLIC_PRODUCT, { slug })).data.product;
