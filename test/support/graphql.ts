// GraphQL documents and steps the tests share: one spelling of each operation (docs/api.md names),
// parameterised by the fields a test reads, so a schema rename is one edit here.
import { run, type TestVisitor } from "./app.ts";

/** The union member's name, and the message and code of any error (the form's field errors too). */
export const ERROR_FIELDS = `__typename ... on Error { message code } ... on FormInvalidError { fieldErrors { fieldId message } }`;

/** The union member's name, and the message and code of any error. */
export const ERROR = `__typename ... on Error { message code }`;

const capitalize = (name: string) => name[0].toUpperCase() + name.slice(1);

/** addCartEntry, reading `cart { cartFields }` and `newlyAdded { entryFields }` (null: not read) on success. */
export const addCartEntryDocument = (cartFields = "id totalQuantity", entryFields: string | null = "id quantity") =>
  `mutation AddCartEntry($input: AddCartEntryInput!) { addCartEntry(input: $input) {
    ${ERROR_FIELDS} ... on AddCartEntrySuccess { ${entryFields ? `newlyAdded { ${entryFields} }` : ""} cart { ${cartFields} } } } }`;

/** addCartEntry reading the cart's id and quantity. */
export const ADD = addCartEntryDocument();

/** The visitor's cart (Query.cart), reading `cartFields`. */
export const cartDocument = (cartFields = "id totalQuantity") => `query Cart { cart { ${cartFields} } }`;

/** The visitor's cart reading its id and quantity. */
export const CART = cartDocument();

/**
 * A cart write whose success is `<Mutation>Success { cart }` (updateCartEntryQuantity,
 * removeCartEntry, applyCoupon, removeCoupon, selectShippingOption, setShippingLocation).
 */
export const cartWriteDocument = (mutation: string, cartFields = "id totalQuantity") =>
  `mutation ${capitalize(mutation)}($input: ${capitalize(mutation)}Input!) { ${mutation}(input: $input) {
    ${ERROR} ... on ${capitalize(mutation)}Success { cart { ${cartFields} } } } }`;

/** checkout, reading `order { orderFields }` on success. */
export const checkoutDocument = (orderFields = "id orderId") =>
  `mutation Checkout($input: CheckoutInput!) { checkout(input: $input) { ${ERROR} ... on CheckoutSuccess { order { ${orderFields} } } } }`;

/** startSubscriptionCheckout, reading the subscription cart's token on success. */
export const START_SUBSCRIPTION_CHECKOUT = `mutation StartSubscriptionCheckout($input: StartSubscriptionCheckoutInput!) {
  startSubscriptionCheckout(input: $input) { ${ERROR_FIELDS} ... on StartSubscriptionCheckoutSuccess { cartToken } } }`;

/** The cartUpdated subscription, reading `cartFields`. */
export const cartUpdatedDocument = (cartFields = "id totalQuantity") => `subscription CartUpdated { cartUpdated { ${cartFields} } }`;

/** A product page's stock: sold out, total and per variant. */
export const PRODUCT_STOCK = `query ProductStock($slug: String!) { product(slug: $slug) { soldOut totalStock variants { sku qtyInStock } } }`;

/** Adds to the visitor's cart and expects success; answers the AddCartEntrySuccess. */
export async function addToCart(visitor: TestVisitor, input: Record<string, unknown>, document = ADD) {
  const payload = (await run(visitor, document, { input })).addCartEntry;
  expect(payload.__typename).toBe("AddCartEntrySuccess");
  return payload;
}

/** The visitor's cart (null before anything was added). */
export async function cartOf(visitor: TestVisitor, cartFields?: string, headers?: Record<string, string>) {
  return (await run(visitor, cartDocument(cartFields), undefined, headers)).cart;
}

/** Units in stock per sku of a product, as its page reads them. */
export async function stockOf(visitor: TestVisitor, slug: string): Promise<Record<string, number>> {
  const data = await run(visitor, PRODUCT_STOCK, { slug });
  return Object.fromEntries(data.product.variants.map((variant: { sku: string; qtyInStock: number }) => [variant.sku, variant.qtyInStock]));
}

/** A full New York address (the demo store's Standard/Express zone and its 8.875 % NY tax), as checkout's `shippingAddress`. */
export const NY_ADDRESS = {
  fullName: "Ada Lovelace",
  line1: "350 5th Ave",
  city: "New York",
  region: "NY",
  postalCode: "10118",
  country: "US",
} as const;

/** A full Berlin address: the demo store's rest-of-the-world zone, no tax. */
export const BERLIN_ADDRESS = { fullName: "Ada Lovelace", line1: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "DE" } as const;
