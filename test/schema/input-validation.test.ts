// GraphQL inputs validated at the edge (domain/*/inputs.ts through @pothos/plugin-validation): each
// rule's accepted and refused values, refused with the spec's message as the typed error the service
// gives for the same input; authorization is decided before any input is judged.
import { createRoleAccounts, PASSWORD, roleEmail, signedIn, type Caller } from "../authz/principals.ts";
import { run, startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { addCartEntryDocument, addToCart, cartWriteDocument, checkoutDocument, ERROR } from "../support/graphql.ts";

let store: TestStore;
let owner: Caller;
let reporting: Caller;
let mug: string;
let tote: number;
let natural: number;

beforeAll(async () => {
  store = await startTestStore();
  await createRoleAccounts(store);
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  reporting = await signedIn(store, "reporting", roleEmail(3), PASSWORD, 3);
  mug = String(await store.itemId("ceramic-mug"));
  tote = await store.itemId("canvas-tote");
  natural = (await store.db.variant.findFirstOrThrow({ where: { sku: "TOTE-NATURAL" } })).id;
}, 60_000);
afterAll(() => store.close());

const ADD = addCartEntryDocument("id", "id quantity");
const refused = (typename: string, message: string, code?: string) => expect.objectContaining({ __typename: typename, message, ...(code ? { code } : {}) });

/** A visitor with a mug in the cart; answers the visitor and the entry's id. */
async function visitorWithMug(): Promise<{ visitor: TestVisitor; entryId: string }> {
  const visitor = store.visitor();
  const payload = await addToCart(visitor, { itemId: mug });
  return { visitor, entryId: payload.newlyAdded.id };
}

describe("cart inputs", () => {
  it.each([
    [0, "Quantity must be between 1 and 9999."],
    [10000, "Quantity must be between 1 and 9999."],
    [-3, "Quantity must be between 1 and 9999."],
  ])("addCartEntry refuses quantity %p: InvalidQuantityError '%s'", async (quantity, message) => {
    const payload = (await run(store.visitor(), ADD, { input: { itemId: mug, quantity } })).addCartEntry;
    expect(payload).toEqual(refused("InvalidQuantityError", message, "INVALID_QUANTITY"));
  });

  it.each([1, 9999])("addCartEntry accepts quantity %p", async (quantity) => {
    const payload = (await run(store.visitor(), ADD, { input: { itemId: mug, quantity } })).addCartEntry;
    // 9999 mugs are more than the stock: past the edge, the service answers.
    expect(["AddCartEntrySuccess", "NotEnoughStockError"]).toContain(payload.__typename);
  });

  it("updateCartEntryQuantity refuses quantity 0 and accepts 2", async () => {
    const { visitor, entryId } = await visitorWithMug();
    const update = cartWriteDocument("updateCartEntryQuantity");
    expect((await run(visitor, update, { input: { entryId, quantity: 0 } })).updateCartEntryQuantity).toEqual(
      refused("InvalidQuantityError", "Quantity must be between 1 and 9999."),
    );
    expect((await run(visitor, update, { input: { entryId, quantity: 2 } })).updateCartEntryQuantity.cart.totalQuantity).toBe(2);
  });

  it("refuses an entry id longer than 255 characters: NotFoundError 'That item is no longer in your shopping cart.'", async () => {
    const { visitor } = await visitorWithMug();
    const payload = (await run(visitor, cartWriteDocument("removeCartEntry"), { input: { entryId: "e".repeat(256) } })).removeCartEntry;
    expect(payload).toEqual(refused("NotFoundError", "That item is no longer in your shopping cart.", "NOT_FOUND"));
  });

  it.each([["has space"], ["é-not-ascii"], ["k".repeat(256)]])(
    "refuses idempotency key %p: InvalidInputError 'Idempotency-Key must be 1 to 255 visible characters.'",
    async (idempotencyKey) => {
      const payload = (await run(store.visitor(), ADD, { input: { itemId: mug, idempotencyKey } })).addCartEntry;
      expect(payload).toEqual(refused("InvalidInputError", "Idempotency-Key must be 1 to 255 visible characters.", "INVALID_INPUT"));
    },
  );

  it("accepts an idempotency key of 255 visible characters", async () => {
    const payload = (await run(store.visitor(), ADD, { input: { itemId: mug, idempotencyKey: "k".repeat(255) } })).addCartEntry;
    expect(payload.__typename).toBe("AddCartEntrySuccess");
  });

  it.each([[""], ["   "], ["C".repeat(65)]])("applyCoupon refuses code %p: CouponError 'That coupon code is not valid.'", async (code) => {
    const { visitor } = await visitorWithMug();
    const payload = (await run(visitor, cartWriteDocument("applyCoupon"), { input: { code } })).applyCoupon;
    expect(payload).toEqual(refused("CouponError", "That coupon code is not valid.", "COUPON_INVALID"));
  });

  it("removeCoupon refuses a blank code: CouponError 'That coupon code is not applied to your cart.'", async () => {
    const { visitor } = await visitorWithMug();
    const payload = (await run(visitor, cartWriteDocument("removeCoupon"), { input: { code: " " } })).removeCoupon;
    expect(payload).toEqual(refused("CouponError", "That coupon code is not applied to your cart.", "COUPON_INVALID"));
  });

  it.each([[{ country: "USA" }], [{ country: "1A" }], [{ country: "US", region: "R".repeat(101) }], [{ country: "US", postalCode: "9".repeat(21) }]])(
    "setShippingLocation refuses %p: InvalidInputError 'Please enter a shipping address.'",
    async (input) => {
      const { visitor } = await visitorWithMug();
      const payload = (await run(visitor, cartWriteDocument("setShippingLocation"), { input })).setShippingLocation;
      expect(payload).toEqual(refused("InvalidInputError", "Please enter a shipping address.", "INVALID_INPUT"));
    },
  );

  it("setShippingLocation accepts a lower-case country code with spaces around it", async () => {
    const { visitor } = await visitorWithMug();
    const document = cartWriteDocument("setShippingLocation", "shippingLocation { country region }");
    const payload = (await run(visitor, document, { input: { country: " us ", region: "ny", postalCode: "10001" } })).setShippingLocation;
    expect(payload.cart.shippingLocation).toEqual({ country: "US", region: "NY" });
  });
});

describe("checkout inputs", () => {
  const CHECKOUT = checkoutDocument("orderNumber");

  it.each([
    ["", "EMAIL_REQUIRED", "Please enter an email address for your order confirmation."],
    ["   ", "EMAIL_REQUIRED", "Please enter an email address for your order confirmation."],
    ["not-an-email", "EMAIL_INVALID", "Please enter a valid email address."],
  ])("refuses email %p: CheckoutError %s '%s'", async (email, code, message) => {
    const { visitor } = await visitorWithMug();
    const payload = (await run(visitor, CHECKOUT, { input: { email } })).checkout;
    expect(payload).toEqual(refused("CheckoutError", message, code));
  });

  it("refuses a shipping address whose country is not a code: FormInvalidError, shippingAddress.country 'Please choose one of the options.'", async () => {
    const { visitor } = await visitorWithMug();
    const shippingAddress = { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", country: "United States" };
    const document = `mutation Checkout($input: CheckoutInput!) { checkout(input: $input) { __typename ... on FormInvalidError { message fieldErrors { fieldId message } } } }`;
    const payload = (await run(visitor, document, { input: { email: "buyer@example.com", shippingAddress } })).checkout;
    expect(payload).toEqual({
      __typename: "FormInvalidError",
      message: "One or more fields is invalid, please check your entries.",
      fieldErrors: [{ fieldId: "shippingAddress.country", message: "Please choose one of the options." }],
    });
  });

  it("refuses a cart token that cannot be one: CheckoutError CART_EMPTY 'You have nothing in your shopping cart.'", async () => {
    const payload = (await run(store.visitor(), CHECKOUT, { input: { email: "buyer@example.com", cartToken: "not a token!" } })).checkout;
    expect(payload).toEqual(refused("CheckoutError", "You have nothing in your shopping cart.", "CART_EMPTY"));
  });

  it("accepts a valid email with spaces around it and a shipping address", async () => {
    const { visitor } = await visitorWithMug();
    const input = {
      email: "  buyer@example.com ",
      shippingAddress: { fullName: "Ada", line1: "350 5th Ave", city: "New York", country: "us", region: "ny", postalCode: "10001" },
    };
    expect((await run(visitor, CHECKOUT, { input })).checkout.__typename).toBe("CheckoutSuccess");
  });
});

describe("signIn", () => {
  const SIGN_IN = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { ${ERROR} ... on SignInSuccess { xsrfToken } } }`;

  it.each([
    ["an email over 256 characters", { email: `${"a".repeat(250)}@example.com`, password: "owner-password" }],
    ["a password over 1024 characters", { email: "owner@sitecart.test", password: "p".repeat(1025) }],
  ])("refuses %s as a wrong password: SignInFailedError 'Your email or password is incorrect.'", async (_case, input) => {
    const payload = (await run(store.visitor(), SIGN_IN, { input })).signIn;
    expect(payload).toEqual(refused("SignInFailedError", "Your email or password is incorrect.", "SIGN_IN_FAILED"));
  });

  it("accepts the owner's email and password", async () => {
    const payload = (await run(store.visitor(), SIGN_IN, { input: { email: "owner@sitecart.test", password: "owner-password" } })).signIn;
    expect(payload.__typename).toBe("SignInSuccess");
  });

  it("REST sign-in refuses an over-long password as a wrong one: 401 'Your email or password is incorrect.'", async () => {
    const response = await (
      await store.visitor().arrive()
    ).request("POST", "/api/site-users/account/session", {
      body: { email: "owner@sitecart.test", password: "p".repeat(1025) },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(expect.objectContaining({ error: "Your email or password is incorrect." }));
  });
});

describe("signUpForRestock", () => {
  const SIGN_UP = `mutation SignUpForRestock($input: SignUpForRestockInput!) { signUpForRestock(input: $input) { ${ERROR} } }`;
  const input = (siteVisitorEmail: string) => ({ productId: String(tote), variantId: String(natural), siteVisitorEmail });

  it.each([
    ["", "Email cannot be blank"],
    ["  ", "Email cannot be blank"],
    ["waiting@", "Email is invalid"],
  ])("refuses email %p: InvalidInputError '%s'", async (email, message) => {
    expect((await run(store.visitor(), SIGN_UP, { input: input(email) })).signUpForRestock).toEqual(refused("InvalidInputError", message));
  });

  it("accepts a valid email (the service then answers)", async () => {
    const payload = (await run(store.visitor(), SIGN_UP, { input: input("waiter@example.com") })).signUpForRestock;
    expect(payload.__typename).not.toBe("InvalidInputError");
  });
});

describe("owner product and variant inputs", () => {
  const CREATE = `mutation CreateProduct($input: CreateProductInput!) { createProduct(input: $input) { ${ERROR} ... on CreateProductSuccess { product { name } } } }`;
  const SET_STOCK = `mutation SetVariantStock($input: SetVariantStockInput!) { setVariantStock(input: $input) { ${ERROR} ... on SetVariantStockSuccess { variant { qtyInStock } } } }`;
  const product = (fields: Record<string, unknown>) => ({ name: "Validated mug", productType: "DIGITAL", price: 500, ...fields });
  const create = async (caller: Caller, fields: Record<string, unknown>) => caller.graphql(CREATE, { input: product(fields) });

  it.each([
    [{ price: -1 }, "Prices are whole numbers of minor units from 0 to 100000000."],
    [{ price: 100_000_001 }, "Prices are whole numbers of minor units from 0 to 100000000."],
    [{ salePrice: -5 }, "Prices are whole numbers of minor units from 0 to 100000000."],
    [{ name: "   " }, "The request is not valid."],
    [{ name: "n".repeat(201) }, "The request is not valid."],
    [{ customAddButtonText: "b".repeat(101) }, "The request is not valid."],
    [{ variantOptionOrdering: ["Size", " "] }, "The request is not valid."],
    [{ productType: "GIFT_CARD", price: null, denominations: [2500, -1] }, "Prices are whole numbers of minor units from 0 to 100000000."],
  ])("createProduct refuses %p: InvalidInputError '%s'", async (fields, message) => {
    const result = await create(owner, fields);
    expect(result.errors).toBeUndefined();
    expect(result.data.createProduct).toEqual(refused("InvalidInputError", message, "INVALID_INPUT"));
  });

  it("createProduct accepts a price of 100000000 and a name of 200 characters", async () => {
    const result = await create(owner, { name: `M${"n".repeat(199)}`, price: 100_000_000 });
    expect(result.data.createProduct.__typename).toBe("CreateProductSuccess");
  });

  it.each([
    [-1, "Stock is a whole number from 0 to 1000000."],
    [1_000_001, "Stock is a whole number from 0 to 1000000."],
  ])("setVariantStock refuses qtyInStock %p: InvalidInputError '%s'", async (qtyInStock, message) => {
    const result = await owner.graphql(SET_STOCK, { input: { id: String(natural), qtyInStock } });
    expect(result.data.setVariantStock).toEqual(refused("InvalidInputError", message));
  });

  it("setVariantStock accepts qtyInStock 0", async () => {
    const result = await owner.graphql(SET_STOCK, { input: { id: String(natural), qtyInStock: 0 } });
    expect(result.data.setVariantStock.variant.qtyInStock).toBe(0);
  });

  it("decides authorization before judging the input: anonymous UNAUTHENTICATED, a reporting contributor FORBIDDEN", async () => {
    const anonymous = await store.visitor().graphql(CREATE, { input: product({ price: -1 }) });
    expect(anonymous.errors?.[0]).toEqual(
      expect.objectContaining({ message: "Please sign in to continue.", extensions: expect.objectContaining({ code: "UNAUTHENTICATED" }) }),
    );
    const forbidden = await create(reporting, { price: -1 });
    expect(forbidden.errors?.[0]).toEqual(
      expect.objectContaining({ message: "You do not have permission to do that.", extensions: expect.objectContaining({ code: "FORBIDDEN" }) }),
    );
  });
});

describe("pagination arguments", () => {
  it("products refuses first: 101 and last: 101 with 'A page holds at most 100 items.' and accepts first: 100", async () => {
    for (const args of ["first: 101", "last: 101"]) {
      const result = await store.visitor().graphql(`{ products(${args}) { edges { node { name } } } }`);
      expect(result.errors?.[0]).toEqual(
        expect.objectContaining({ message: "A page holds at most 100 items.", extensions: expect.objectContaining({ code: "INVALID_INPUT" }) }),
      );
    }
    const accepted = await store.visitor().graphql(`{ products(first: 100) { edges { node { name } } } }`);
    expect(accepted.errors).toBeUndefined();
  });

  it("restockSignUps pages forward only: last or before refused with 'Page forward with first and after.'", async () => {
    for (const args of ["last: 1", 'before: "x"']) {
      const result = await owner.graphql(`{ restockSignUps(${args}) { edges { node { email } } } }`);
      expect(result.errors?.[0]).toEqual(expect.objectContaining({ message: "Page forward with first and after." }));
    }
    expect((await owner.graphql(`{ restockSignUps(first: 1) { edges { node { email } } } }`)).errors).toBeUndefined();
  });
});

describe("renderTemplate limits", () => {
  const RENDER = `query Render($template: String!, $partials: JSONObject, $locale: String) {
    renderTemplate(template: $template, partials: $partials, locale: $locale) { ${ERROR} ... on RenderedTemplate { html } } }`;

  it("accepts a template of exactly 64 KiB and refuses one character more", async () => {
    const accepted = await store.visitor().graphql(RENDER, { template: "x".repeat(64 * 1024) });
    expect(accepted.data.renderTemplate.__typename).toBe("RenderedTemplate");
    const refusedTemplate = await store.visitor().graphql(RENDER, { template: "x".repeat(64 * 1024 + 1) });
    expect(refusedTemplate.data.renderTemplate).toEqual(refused("InvalidInputError", "The template is longer than 65536 characters."));
  });

  it("accepts 50 partials and a known locale; refuses 51 partials", async () => {
    const partials = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`p${index}`, "x"]));
    const accepted = await store.visitor().graphql(RENDER, { template: "x", partials, locale: "de-DE" });
    expect(accepted.data.renderTemplate.__typename).toBe("RenderedTemplate");
    const tooMany = await store.visitor().graphql(RENDER, { template: "x", partials: { ...partials, p50: "x" } });
    expect(tooMany.data.renderTemplate).toEqual(refused("InvalidInputError", "Give at most 50 partials."));
  });
});
