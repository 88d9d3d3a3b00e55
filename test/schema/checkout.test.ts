// Checkout in test mode over GraphQL: what it requires (CheckoutError messages), the order it makes,
// the stock it takes, the cart it closes, and a second submit of the same cart returning the first order.
import { run, startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import {
  addCartEntryDocument,
  addToCart,
  cartDocument,
  cartWriteDocument,
  checkoutDocument,
  PRODUCT_STOCK,
  START_SUBSCRIPTION_CHECKOUT,
  stockOf as stockOfProduct,
} from "../support/graphql.ts";

let store: TestStore;
const ids: Record<string, string> = {};

beforeAll(async () => {
  store = await startTestStore();
  for (const slug of ["linen-shirt", "ceramic-mug", "recipe-ebook", "design-consultation", "gift-card", "coffee-club", "engraved-pen", "city-poster"]) {
    ids[slug] = String(await store.itemId(slug));
  }
}, 60_000);
afterAll(() => store.close());

const CART_FIELDS = `id token isPurchased orderId totalQuantity
  subtotal { value } discount { value } tax { value } shippingCost { value } grandTotal { value }
  selectedShippingOption { name } entries { id quantity }`;

const ORDER_FIELDS = `id orderId orderNumber testMode customerEmail purchasedCartId shippingOption createdAt
  items { itemId sku productName quantity unitPrice { value currency } attributes { name value } additionalFields }
  subtotal { value currency } discountTotal { value } taxTotal { value } shippingTotal { value } grandTotal { value decimalValue }`;

const ADD = addCartEntryDocument(CART_FIELDS, "id");
const CART = cartDocument(CART_FIELDS);
const CHECKOUT = checkoutDocument(ORDER_FIELDS);
const NY = { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10001", country: "US" };

const add = (visitor: TestVisitor, slug: string, input: Record<string, unknown> = {}) => addToCart(visitor, { itemId: ids[slug], ...input }, ADD);

const checkout = async (visitor: TestVisitor, input: Record<string, unknown>) => (await run(visitor, CHECKOUT, { input })).checkout;
const cartOf = async (visitor: TestVisitor, headers?: Record<string, string>) => (await run(visitor, CART, undefined, headers)).cart;

const stockOf = (slug: string) => stockOfProduct(store.visitor(), slug);

describe("what checkout requires", () => {
  it.each(["", "   "])("CheckoutError 'Please enter an email address for your order confirmation.' for email %p", async (email) => {
    const visitor = store.visitor();
    await add(visitor, "recipe-ebook");
    expect(await checkout(visitor, { email })).toEqual({
      __typename: "CheckoutError",
      message: "Please enter an email address for your order confirmation.",
      code: "EMAIL_REQUIRED",
    });
    expect(await cartOf(visitor)).toMatchObject({ isPurchased: false, orderId: null });
  });

  it("CheckoutError 'Please enter a valid email address.' for an email that is not one", async () => {
    const visitor = store.visitor();
    await add(visitor, "recipe-ebook");
    expect(await checkout(visitor, { email: "not-an-email" })).toEqual({
      __typename: "CheckoutError",
      message: "Please enter a valid email address.",
      code: "EMAIL_INVALID",
    });
  });

  it("CheckoutError 'Please enter a shipping address.' for physical goods without a shipping location, and takes no stock", async () => {
    const visitor = store.visitor();
    const before = await stockOf("engraved-pen");
    await add(visitor, "engraved-pen", { additionalFields: { engraving: "Ada" } });
    expect(await checkout(visitor, { email: "ada@example.com" })).toEqual({
      __typename: "CheckoutError",
      message: "Please enter a shipping address.",
      code: "SHIPPING_ADDRESS_REQUIRED",
    });
    expect(await stockOf("engraved-pen")).toEqual(before);
    expect((await cartOf(visitor)).isPurchased).toBe(false);
  });

  it("needs no shipping location for goods that are not shipped (digital, service, gift card)", async () => {
    const visitor = store.visitor();
    await add(visitor, "recipe-ebook");
    await add(visitor, "design-consultation");
    await add(visitor, "gift-card", { sku: "GIFT-2500" });
    const result = await checkout(visitor, { email: "digital@example.com" });
    expect(result.__typename).toBe("CheckoutSuccess");
    expect(result.order).toMatchObject({
      subtotal: { value: 9400 },
      shippingTotal: { value: 0 },
      taxTotal: { value: 0 },
      grandTotal: { value: 9400 },
      shippingOption: null,
    });
    expect(result.order.items.map((item: any) => [item.productName, item.sku, item.quantity, item.unitPrice.value])).toEqual([
      ["Recipe eBook", null, 1, 900],
      ["Design Consultation", "CONSULT-1H", 1, 6000],
      ["Gift Card", "GIFT-2500", 1, 2500],
    ]);
  });

  it("CheckoutError 'You have nothing in your shopping cart.' for a cart whose entries were all removed", async () => {
    const visitor = store.visitor();
    const { newlyAdded } = await add(visitor, "recipe-ebook");
    await run(visitor, cartWriteDocument("removeCartEntry"), { input: { entryId: newlyAdded.id } });
    expect(await checkout(visitor, { email: "empty@example.com", shippingAddress: NY })).toEqual({
      __typename: "CheckoutError",
      message: "You have nothing in your shopping cart.",
      code: "CART_EMPTY",
    });
  });

  it("CheckoutError 'You have nothing in your shopping cart.' for a visitor who never added anything", async () => {
    const visitor = store.visitor();
    expect(await checkout(visitor, { email: "nobody@example.com", shippingAddress: NY })).toEqual({
      __typename: "CheckoutError",
      message: "You have nothing in your shopping cart.",
      code: "CART_EMPTY",
    });
    expect(await cartOf(visitor)).toBeNull();
  });

  it("NotEnoughStockError when other shoppers bought the stock first; the cart stays open and no stock is taken", async () => {
    const first = store.visitor();
    const second = store.visitor();
    await add(first, "linen-shirt", { sku: "LINEN-M-BLUE", quantity: 3 });
    await add(second, "linen-shirt", { sku: "LINEN-M-BLUE", quantity: 3 });
    expect((await checkout(first, { email: "first@example.com", shippingAddress: NY })).__typename).toBe("CheckoutSuccess");
    expect((await stockOf("linen-shirt"))["LINEN-M-BLUE"]).toBe(2);
    expect(await checkout(second, { email: "second@example.com", shippingAddress: NY })).toEqual({
      __typename: "NotEnoughStockError",
      message: "Sorry, we do not have enough of that item available.",
      code: "NOT_ENOUGH_STOCK",
    });
    expect((await stockOf("linen-shirt"))["LINEN-M-BLUE"]).toBe(2);
    expect(await cartOf(second)).toMatchObject({ isPurchased: false, orderId: null, totalQuantity: 3 });
  });
});

describe("a successful checkout", () => {
  const visitor = () => shopper;
  let shopper: TestVisitor;
  let cartBefore: any;
  let order: any;
  let checkoutHeaders: Headers;
  let stockBefore: { mug: Record<string, number>; shirt: Record<string, number> };

  beforeAll(async () => {
    shopper = store.visitor();
    stockBefore = { mug: await stockOf("ceramic-mug"), shirt: await stockOf("linen-shirt") };
    await add(shopper, "ceramic-mug", { quantity: 2 });
    await add(shopper, "linen-shirt", {
      options: [
        { name: "Size", value: "L" },
        { name: "Color", value: "Blue" },
      ],
    });
    await add(shopper, "recipe-ebook");
    await run(shopper, cartWriteDocument("applyCoupon"), { input: { code: "WELCOME10" } });
    await run(shopper, cartWriteDocument("setShippingLocation"), { input: { country: "US", region: "NY", postalCode: "10001" } });
    cartBefore = await cartOf(shopper);
    const result = await shopper.graphql(CHECKOUT, { input: { email: "shopper@example.com", shippingAddress: NY } });
    expect(result.errors).toBeUndefined();
    expect(result.data.checkout.__typename).toBe("CheckoutSuccess");
    order = result.data.checkout.order;
    checkoutHeaders = result.headers;
  });

  it("returns the order with its items: sku, productName, quantity, unitPrice", () => {
    expect(order.items).toEqual([
      {
        itemId: ids["ceramic-mug"],
        sku: "MUG-1",
        productName: "Ceramic Mug",
        quantity: 2,
        unitPrice: { value: 1800, currency: "USD" },
        attributes: [],
        additionalFields: null,
      },
      {
        itemId: ids["linen-shirt"],
        sku: "LINEN-L-BLUE",
        productName: "Linen Shirt",
        quantity: 1,
        unitPrice: { value: 3900, currency: "USD" },
        attributes: [
          { name: "Size", value: "L" },
          { name: "Color", value: "Blue" },
        ],
        additionalFields: null,
      },
      {
        itemId: ids["recipe-ebook"],
        sku: null,
        productName: "Recipe eBook",
        quantity: 1,
        unitPrice: { value: 900, currency: "USD" },
        attributes: [],
        additionalFields: null,
      },
    ]);
    expect(order).toMatchObject({ testMode: true, customerEmail: "shopper@example.com", shippingOption: "Standard" });
    expect(order.orderId).toMatch(/\S/);
  });

  it("totals the order exactly as the cart was totalled (subtotal 8400, discount 840, tax, shipping 500)", () => {
    expect(cartBefore).toMatchObject({ subtotal: { value: 8400 }, discount: { value: 840 }, shippingCost: { value: 500 } });
    expect(order.subtotal.value).toBe(cartBefore.subtotal.value);
    expect(order.discountTotal.value).toBe(cartBefore.discount.value);
    expect(order.taxTotal.value).toBe(cartBefore.tax.value);
    expect(order.shippingTotal.value).toBe(cartBefore.shippingCost.value);
    expect(order.grandTotal.value).toBe(cartBefore.grandTotal.value);
    expect(order.grandTotal.value).toBe(order.subtotal.value - order.discountTotal.value + order.taxTotal.value + order.shippingTotal.value);
    expect(order.taxTotal.value).toBeGreaterThan(0);
  });

  it("takes the stock: ceramic-mug 3 -> 1, linen-shirt L/Blue 2 -> 1 (as the product query shows afterwards)", async () => {
    expect(stockBefore.mug["MUG-1"]).toBe(3);
    expect(stockBefore.shirt["LINEN-L-BLUE"]).toBe(2);
    expect((await stockOf("ceramic-mug"))["MUG-1"]).toBe(1);
    const shirt = await stockOf("linen-shirt");
    expect(shirt["LINEN-L-BLUE"]).toBe(1);
    expect({ ...shirt, "LINEN-L-BLUE": 2 }).toEqual(stockBefore.shirt);
    const mug = (await run(store.visitor(), PRODUCT_STOCK, { slug: "ceramic-mug" })).product;
    expect(mug).toMatchObject({ soldOut: false, totalStock: 1 });
  });

  it("marks the cart purchased, with the order's id", async () => {
    expect(order.purchasedCartId).toBe(
      Buffer.from(cartBefore.id, "base64")
        .toString("utf8")
        .replace(/^Cart:/, ""),
    );
    const purchased = await cartOf(store.visitor(), { "x-cart-token": cartBefore.token });
    expect(purchased).toMatchObject({ id: cartBefore.id, isPurchased: true, orderId: order.orderId });
  });

  it("clears the visitor's cart cookie, so Query.cart is null and the next add starts a new cart", async () => {
    expect(checkoutHeaders.getSetCookie().filter((cookie) => cookie.startsWith("sc_cart="))).toEqual([expect.stringMatching(/^sc_cart=;.*Max-Age=0/i)]);
    expect(visitor().cartToken).toBeUndefined();
    expect(await cartOf(visitor())).toBeNull();
    const next = await add(visitor(), "recipe-ebook");
    expect(next.cart.id).not.toBe(cartBefore.id);
    expect(next.cart).toMatchObject({ isPurchased: false, totalQuantity: 1 });
    expect(visitor().cartToken).toBe(next.cart.token);
  });

  it("answers a second checkout of the same cart (cartToken given) with the first order, taking no more stock", async () => {
    const again = await checkout(store.visitor(), { email: "shopper@example.com", cartToken: cartBefore.token });
    expect(again.__typename).toBe("CheckoutSuccess");
    expect(again.order.id).toBe(order.id);
    expect(again.order).toEqual(order);
    expect((await stockOf("ceramic-mug"))["MUG-1"]).toBe(1);
    expect((await stockOf("linen-shirt"))["LINEN-L-BLUE"]).toBe(1);
    const orders = await store.db.order.count({ where: { purchasedCartId: order.purchasedCartId } });
    expect(orders).toBe(1);
  });

  it("order(orderId) and node(id) return the order", async () => {
    const stranger = store.visitor();
    const byOrderId = (await run(stranger, `query($orderId: String!) { order(orderId: $orderId) { ${ORDER_FIELDS} } }`, { orderId: order.orderId })).order;
    expect(byOrderId).toEqual(order);
    const byNode = (await run(stranger, `query($id: ID!) { node(id: $id) { __typename ... on Order { ${ORDER_FIELDS} } } }`, { id: order.id })).node;
    expect(byNode).toEqual({ __typename: "Order", ...order });
    expect(Buffer.from(order.id, "base64").toString("utf8")).toBe(`Order:${order.orderId}`);
  });

  it("order(orderId) of an unknown id is null", async () => {
    expect((await run(store.visitor(), `{ order(orderId: "no-such-order") { id } }`)).order).toBeNull();
  });

  it("order(orderId) and node(id) of another site's order are null (orders are read within the site)", async () => {
    await store.db.website.create({ data: { id: "other-site", title: "Other Site" } });
    const other = await store.db.order.create({
      data: {
        id: "order-of-another-site",
        orderNumber: 1,
        websiteId: "other-site",
        purchasedCartId: "cart-of-another-site",
        currency: "USD",
        subtotal: 100,
        discountTotal: 0,
        taxTotal: 0,
        shippingTotal: 0,
        grandTotal: 100,
      },
    });
    const stranger = store.visitor();
    expect((await run(stranger, `query($orderId: String!) { order(orderId: $orderId) { id } }`, { orderId: other.id })).order).toBeNull();
    const globalId = Buffer.from(`Order:${other.id}`).toString("base64");
    expect((await run(stranger, `query($id: ID!) { node(id: $id) { id } }`, { id: globalId })).node).toBeNull();
  });

  it("numbers orders one after another", async () => {
    const next = store.visitor();
    await add(next, "recipe-ebook");
    const result = await checkout(next, { email: "next@example.com" });
    expect(result.order.orderNumber).toBeGreaterThan(order.orderNumber);
  });
});

describe("the subscription checkout", () => {
  it("checks out the cart of startSubscriptionCheckout's cartToken, leaving the visitor's own cart alone", async () => {
    const visitor = store.visitor();
    await add(visitor, "recipe-ebook");
    const start = (
      await run(visitor, START_SUBSCRIPTION_CHECKOUT, {
        input: { itemId: ids["coffee-club"] },
      })
    ).startSubscriptionCheckout;
    expect(start.__typename).toBe("StartSubscriptionCheckoutSuccess");
    const result = await checkout(visitor, { email: "coffee@example.com", shippingAddress: NY, cartToken: start.cartToken });
    expect(result.__typename).toBe("CheckoutSuccess");
    expect(result.order.items.map((item: any) => [item.productName, item.sku, item.quantity, item.unitPrice.value])).toEqual([
      ["Coffee Club", "COFFEE-CLUB", 1, 2000],
    ]);
    // 2000 × 8.875% = 177.5 -> 178 (half away from zero), shipping Standard 500.
    expect(result.order).toMatchObject({ subtotal: { value: 2000 }, taxTotal: { value: 178 }, shippingTotal: { value: 500 }, grandTotal: { value: 2678 } });
    const own = await cartOf(visitor);
    expect(own).toMatchObject({ isPurchased: false, totalQuantity: 1 });
  });
});
