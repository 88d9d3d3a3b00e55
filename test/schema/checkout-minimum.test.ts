// Cart.checkoutMinimumMet (spec storefront §3: the store's minimum order subtotal for checkout): the
// server says whether the cart reaches it, so the client need not compare amounts; checkout agrees.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { run, startTestStore, type TestStore } from "../support/app.ts";
import { addToCart, addCartEntryDocument, cartWriteDocument, checkoutDocument } from "../support/graphql.ts";

let store: TestStore;
let mug: string;

beforeAll(async () => {
  store = await startTestStore();
  mug = String(await store.itemId("ceramic-mug"));
}, 60_000);
afterAll(() => store.close());

const CART_FIELDS = "totalQuantity subtotal { value } checkoutMinimum { value } checkoutMinimumMet";

async function setMinimum(minimum: number) {
  await store.db.website.update({ where: { id: DEMO_WEBSITE_ID }, data: { checkoutMinimumSubtotal: minimum } });
  store.app.services.settings.invalidate();
}

it("is met when the subtotal reaches the minimum, not below it, and checkout agrees", async () => {
  const visitor = store.visitor();
  const added = await addToCart(visitor, { itemId: mug }, addCartEntryDocument(CART_FIELDS, "id"));
  const unit = added.cart.subtotal.value;
  const entryId = added.newlyAdded.id;
  // No minimum (0): any cart meets it.
  expect(added.cart.checkoutMinimumMet).toBe(true);

  await setMinimum(2 * unit);
  const update = cartWriteDocument("updateCartEntryQuantity", CART_FIELDS);
  const one = (await run(visitor, update, { input: { entryId, quantity: 1 } })).updateCartEntryQuantity.cart;
  expect(one).toEqual({ totalQuantity: 1, subtotal: { value: unit }, checkoutMinimum: { value: 2 * unit }, checkoutMinimumMet: false });
  const checkout = (await run(visitor, checkoutDocument("orderNumber"), { input: { email: "buyer@example.com" } })).checkout;
  expect(checkout).toEqual(expect.objectContaining({ __typename: "CheckoutError", code: "MINIMUM_SUBTOTAL" }));

  // Exactly the minimum meets it.
  const two = (await run(visitor, update, { input: { entryId, quantity: 2 } })).updateCartEntryQuantity.cart;
  expect(two).toEqual({ totalQuantity: 2, subtotal: { value: 2 * unit }, checkoutMinimum: { value: 2 * unit }, checkoutMinimumMet: true });
});
