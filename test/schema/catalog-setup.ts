// Set-up shared by the catalogue tests over GraphQL (test/schema/catalog-*.test.ts): a store with the
// demo store of demo-store.md, one visitor, and the product document reading every field.
import { startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";

export let store: TestStore;
export let visitor: TestVisitor;

/** Starts the store for the test file that calls it, and stops it afterwards. */
export function useCatalogStore() {
  beforeAll(async () => {
    store = await startTestStore();
    visitor = store.visitor();
  }, 60_000);
  afterAll(() => store.close());
}

/** Runs a query that must succeed and returns its data. */
export async function query<T = any>(document: string, variables?: Record<string, unknown>): Promise<T> {
  const result = await visitor.graphql<T>(document, variables);
  expect(result.errors).toBeUndefined();
  expect(result.status).toBe(200);
  return result.data as T;
}

export const usd = (value: number, decimalValue: string) => ({ value, currency: "USD", decimalValue, currencyCode: "USD" });

export const PRODUCT = `query Product($slug: String!) {
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

export async function product(slug: string) {
  const data = await query(PRODUCT, { slug });
  expect(data.product).not.toBeNull();
  return data.product;
}
