// Set-up shared by the REST cart tests (test/rest/shopping-cart-*.test.ts): a store, the demo
// products' ids, and checks of the cart totals of spec storefront-and-commerce.md §3.
import { DEMO_PRODUCT_SLUGS, startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { cartOf } from "./helpers.ts";

export let store: TestStore;
export const ids: Record<string, string> = {};

/** Starts the store for the test file that calls it, and stops it afterwards. */
export function useShoppingCartStore() {
  beforeAll(async () => {
    store = await startTestStore();
    for (const slug of DEMO_PRODUCT_SLUGS) ids[slug] = String(await store.itemId(slug));
  });
  afterAll(() => store.close());
}

export const shopper = () => store.visitor().arrive();

/** The cart totals of spec §3, for exact comparison. */
export const totalsOf = (cart: any) => ({
  subtotalCents: cart.subtotalCents,
  discountCents: cart.discountCents,
  taxCents: cart.taxCents,
  shippingCostCents: cart.shippingCostCents,
  grandTotalCents: cart.grandTotalCents,
  totalQuantity: cart.totalQuantity,
  hasDigital: cart.hasDigital,
  purelyDigital: cart.purelyDigital,
  requiresShipping: cart.requiresShipping,
});

export const expectTotalsIdentity = (cart: any) =>
  expect(cart.grandTotalCents).toBe(cart.subtotalCents - cart.discountCents + cart.taxCents + cart.shippingCostCents);

/** Checks a failed call left the visitor's cart exactly as it was. */
export async function expectCartUnchanged(visitor: TestVisitor, before: any) {
  expect(await cartOf(visitor)).toEqual(before);
}
