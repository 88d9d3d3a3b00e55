// Issue 23 part 2 over GraphQL: the owner lists a product on a store page and its categories; the
// storefront's `products` pages by number with a true totalCount, sorts, filters by category, and
// leaves hidden products out; a taken slug is a field error.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { ownerMessages } from "../../server/domain/messages/owner.ts";
import { MAX_LISTING_PAGE } from "../../server/domain/catalog/listing.ts";
import { messages } from "../../server/domain/messages/storefront.ts";
import { ok, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

const CREATE = `mutation($input: CreateProductInput!) { createProduct(input: $input) { __typename
  ... on CreateProductSuccess { product { slug visible collectionId categoryIds } }
  ... on Error { message code } } }`;
const LIST = `query($collection: String, $category: Int, $page: Int, $sort: ProductSort!, $first: Int) {
  products(first: $first, page: $page, collection: $collection, category: $category, sort: $sort) {
    totalCount edges { node { slug } } pageInfo { hasNextPage } } }`;

let bench: { id: number; legs: number };
beforeAll(async () => {
  const collection = await store.db.collection.create({ data: { websiteId: DEMO_WEBSITE_ID, title: "Benches", urlId: "benches", type: 13 } });
  const legs = await store.db.storeCategory.create({
    data: { collectionId: collection.id, displayName: "Legs", type: "CATEGORY", pageRendering: "GRID_VIEW", displayIndex: 1 },
  });
  bench = { id: collection.id, legs: legs.id };
});

const list = async (variables: Record<string, unknown>) => {
  const result = await store.visitor().graphql(LIST, { sort: "FEATURED", ...variables });
  return result;
};

it("offers the owner the store pages and their categories", async () => {
  const data = await ok("{ productStorePages { title urlId categories { categoryId displayName } } }");
  expect(data.productStorePages).toContainEqual({ title: "Benches", urlId: "benches", categories: [{ categoryId: bench.legs, displayName: "Legs" }] });
});

it("creates a product on a store page under a category: listed there and counted at once", async () => {
  const data = await ok(CREATE, { input: { name: "Oak Bench", productType: "DIGITAL", price: 900, collectionId: bench.id, categoryIds: [bench.legs] } });
  expect(data.createProduct).toEqual({
    __typename: "CreateProductSuccess",
    product: { slug: "oak-bench", visible: true, collectionId: bench.id, categoryIds: [bench.legs] },
  });
  const listed = await list({ collection: "benches", category: bench.legs });
  expect(listed.data.products).toEqual({ totalCount: 1, edges: [{ node: { slug: "oak-bench" } }], pageInfo: { hasNextPage: false } });
  const page = await store.visitor().graphql(`{ storePage(urlId: "benches") { categories { categoryId displayName } } }`);
  expect(page.data.storePage.categories).toEqual([{ categoryId: bench.legs, displayName: "Legs" }]);
});

it("answers a taken slug with ConflictError and a category of another store page with InvalidInputError", async () => {
  const taken = await ok(CREATE, { input: { name: "Mug", productType: "DIGITAL", price: 100, slug: "ceramic-mug" } });
  expect(taken.createProduct).toEqual({ __typename: "ConflictError", message: ownerMessages.productSlugTaken, code: "CONFLICT" });
  const stray = await ok(CREATE, { input: { name: "Stray", productType: "DIGITAL", price: 100, categoryIds: [bench.legs] } });
  expect(stray.createProduct).toMatchObject({ __typename: "InvalidInputError", message: ownerMessages.productCategoryNotOnStorePage });
});

it("pages by number with a true totalCount, leaving hidden products out", async () => {
  for (let index = 1; index <= 5; index++) {
    await ok(CREATE, { input: { name: `Bench ${index}`, productType: "DIGITAL", price: 100 * index, collectionId: bench.id } });
  }
  await ok(CREATE, { input: { name: "Bench Hidden", productType: "DIGITAL", price: 1, collectionId: bench.id, visible: false } });
  const pages = [await list({ collection: "benches", first: 4 }), await list({ collection: "benches", first: 4, page: 2 })];
  expect(pages.map((page) => page.data.products.totalCount)).toEqual([6, 6]);
  expect(pages.map((page) => page.data.products.edges.map((edge: any) => edge.node.slug))).toEqual([
    ["oak-bench", "bench-1", "bench-2", "bench-3"],
    ["bench-4", "bench-5"],
  ]);
  expect(pages.map((page) => page.data.products.pageInfo.hasNextPage)).toEqual([true, false]);
  const cheapest = await list({ collection: "benches", first: 2, sort: "PRICE_ASC" });
  expect(cheapest.data.products.edges.map((edge: any) => edge.node.slug)).toEqual(["bench-1", "bench-2"]);
});

it("refuses a page out of bounds or with a cursor, with a clear message", async () => {
  for (const variables of [{ page: 0 }, { page: MAX_LISTING_PAGE + 1 }]) {
    const result = await list(variables);
    expect(result.errors?.map((error: any) => error.message)).toEqual([messages.listingPageInvalid(MAX_LISTING_PAGE)]);
  }
  const withCursor = await store.visitor().graphql(`{ products(first: 2, after: "x", page: 2) { totalCount } }`);
  expect(withCursor.errors?.map((error: any) => error.message)).toEqual([messages.listingPageInvalid(MAX_LISTING_PAGE)]);
});
