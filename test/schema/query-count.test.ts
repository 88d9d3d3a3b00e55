// No N+1: a page of products with variants, prices and derived states costs a small, constant number
// of SQL statements, whatever the page size.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { refreshSortPrice } from "../../server/services/catalog/catalog.ts";
import { startTestStore, type TestStore } from "../support/app.ts";

const PRODUCT_PAGE = `query Page($first: Int!) {
  products(first: $first) {
    edges { cursor node {
      id itemId slug name productType soldOut onSale variedPrices unlimitedStock hasVariants totalStock
      quantityInputShown addButtonText url
      price { value currency decimalValue formatted }
      priceDisplay { fromPrice { formatted } salePrice { formatted } normalPrice { formatted } }
      variants { id sku attributes { name value } price { value currency } salePrice { value } onSale unlimited qtyInStock soldOut }
      variantOptions { name values }
      giftCardDenominations { sku amount { value } }
      subscriptionPlan { billingPeriod { value unit } numBillingCycles }
      merchandising { customSoldOutText scarcityEnabled }
    } }
    pageInfo { hasNextPage endCursor }
  }
}`;

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
  // 36 more products with three variants each, so the pages below are full.
  for (let index = 0; index < 36; index++) {
    const product = await store.db.product.create({
      data: {
        websiteId: DEMO_WEBSITE_ID,
        slug: `extra-${index}`,
        name: `Extra ${String(index).padStart(2, "0")}`,
        productType: 1,
        variantOptionOrdering: '["Size"]',
        variants: {
          create: ["S", "M", "L"].map((size, position) => ({
            sku: `EXTRA-${index}-${size}`,
            attributes: JSON.stringify({ Size: size }),
            price: 1000 + position * 100,
            qtyInStock: position,
            position,
          })),
        },
      },
    });
    await refreshSortPrice(store.db, product.id);
  }
}, 60_000);
afterAll(() => store.close());

async function statementsFor(first: number) {
  const visitor = store.visitor();
  store.queries.reset();
  const result = await visitor.graphql(PRODUCT_PAGE, { first });
  expect(result.errors).toBeUndefined();
  expect(result.data.products.edges).toHaveLength(first);
  return store.queries.count();
}

it("lists 20 products with variants and prices in a small constant number of SQL statements", async () => {
  await statementsFor(1); // the store settings load once, then stay cached
  const twenty = await statementsFor(20);
  const forty = await statementsFor(40);
  // products, variants, gift-card denominations, subscription plans, merchandising, and the units
  // held for payments in flight (issue 22: one read per request)
  expect(twenty).toBeLessThanOrEqual(6);
  expect(forty).toBe(twenty);
});

it("reads one product page by slug in a handful of statements", async () => {
  const visitor = store.visitor();
  store.queries.reset();
  const result = await visitor.graphql(
    `{ product(slug: "linen-shirt") { name soldOut variedPrices price { formatted } variants { sku qtyInStock price { value } } variantOptions { name values } merchandising { scarcityText } } }`,
  );
  expect(result.data.product.variants).toHaveLength(6);
  // products, variants, merchandising, the units held for payments in flight, one spare
  expect(store.queries.count()).toBeLessThanOrEqual(5);
});
