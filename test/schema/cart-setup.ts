// Set-up shared by the cart tests over GraphQL (test/schema/cart-*.test.ts): a store with one more
// product of three options, the demo products' ids, and the cart documents reading every field.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { refreshSortPrice } from "../../server/services/catalog/catalog.ts";
import { DEMO_PRODUCT_SLUGS, run, startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { addCartEntryDocument, addToCart, cartDocument, cartOf as cartReading, cartWriteDocument, ERROR_FIELDS } from "../support/graphql.ts";

/** The running store of the test file (set by `useCartStore`). */
export let store: TestStore;
export const ids: Record<string, string> = {};

/** Starts the store for the test file that calls it, and stops it afterwards. */
export function useCartStore() {
  beforeAll(async () => {
    store = await startTestStore();
    // A product with three options, for the many-option form of 'Please select …'.
    const product = await store.db.product.create({
      data: {
        websiteId: DEMO_WEBSITE_ID,
        slug: "tri-option-shirt",
        name: "Tri Option Shirt",
        productType: 1,
        variantOptionOrdering: JSON.stringify(["Size", "Color", "Fit"]),
        variants: {
          create: [
            { sku: "TRI-1", attributes: JSON.stringify({ Size: "S", Color: "Red", Fit: "Slim" }), price: 3000, qtyInStock: 5, position: 0 },
            { sku: "TRI-2", attributes: JSON.stringify({ Size: "M", Color: "Red", Fit: "Slim" }), price: 3000, qtyInStock: 5, position: 1 },
          ],
        },
      },
    });
    await refreshSortPrice(store.db, product.id);
    for (const slug of [...DEMO_PRODUCT_SLUGS, "tri-option-shirt"]) {
      ids[slug] = String(await store.itemId(slug));
    }
  }, 60_000);
  afterAll(() => store.close());
}

export const CART_FIELDS = `
  id token isPurchased orderId totalQuantity hasDigital purelyDigital requiresShipping
  coupons validCoupons invalidCoupons
  subtotal { value currency } discount { value } tax { value } shippingCost { value } grandTotal { value decimalValue }
  shippingOptions { id name price { value } }
  selectedShippingOption { id name price { value } }
  shippingLocation { country region postalCode }
  applicableTaxRules { name ratePercent }
  entries { id itemId title quantity additionalFields chosenVariant { sku attributes { name value } } purchasePrice { value } subtotal { value } }
`;

export const ENTRY_FIELDS =
  "id itemId title quantity additionalFields chosenVariant { sku attributes { name value } } purchasePrice { value } subtotal { value }";
export const ADD = addCartEntryDocument(CART_FIELDS, ENTRY_FIELDS);
export const CART = cartDocument(CART_FIELDS);
export const UPDATE_QUANTITY = cartWriteDocument("updateCartEntryQuantity", CART_FIELDS);
export const REMOVE = cartWriteDocument("removeCartEntry", CART_FIELDS);
export const APPLY_COUPON = cartWriteDocument("applyCoupon", CART_FIELDS);
export const REMOVE_COUPON = cartWriteDocument("removeCoupon", CART_FIELDS);
export const SELECT_SHIPPING = cartWriteDocument("selectShippingOption", CART_FIELDS);
export const SET_LOCATION = cartWriteDocument("setShippingLocation", CART_FIELDS);
export const UPDATE_FIELDS = `mutation($input: UpdateCartEntryAdditionalFieldsInput!) {
  updateCartEntryAdditionalFields(input: $input) {
    ${ERROR_FIELDS}
    ... on UpdateCartEntryAdditionalFieldsSuccess { updatedEntry { id additionalFields quantity } cart { ${CART_FIELDS} } }
  }
}`;

export async function add(visitor: TestVisitor, slug: string, input: Record<string, unknown> = {}) {
  return (await run(visitor, ADD, { input: { itemId: ids[slug], ...input } })).addCartEntry;
}

/** Adds and expects success; returns the payload. */
export const added = (visitor: TestVisitor, slug: string, input: Record<string, unknown> = {}) => addToCart(visitor, { itemId: ids[slug], ...input }, ADD);

/** The visitor's cart, every field (null before anything was added). */
export const cartOf = (visitor: TestVisitor) => cartReading(visitor, CART_FIELDS);

/** grand total = subtotal - discount + tax + shipping */
export function expectTotalsIdentity(cart: any) {
  expect(cart.grandTotal.value).toBe(cart.subtotal.value - cart.discount.value + cart.tax.value + cart.shippingCost.value);
}
