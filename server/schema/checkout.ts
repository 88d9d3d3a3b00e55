// Checkout (test mode) and the resulting order.
import { CheckoutError, FormInvalidError, NotEnoughStockError } from "../domain/errors.ts";
import type { OrderView } from "../services/checkout/checkout.ts";
import { idempotencyKeyInput, shippingLocationInput } from "../domain/cart/inputs.ts";
import { cartTokenInput, checkoutEmailInput } from "../domain/checkout-inputs.ts";
import { builder } from "./builder.ts";
import { IDEMPOTENCY_KEY_HELP } from "./cart.ts";
import { cartWriteErrors } from "./errors.ts";
import { MoneyRef } from "./money.ts";
import { AttributeRef } from "./catalog.ts";

export const OrderItemRef = builder.objectRef<OrderView["items"][number] & { currency: string }>("OrderItem").implement({
  fields: (t) => ({
    itemId: t.exposeID("itemId"),
    sku: t.exposeString("sku", { nullable: true }),
    productName: t.exposeString("productName"),
    attributes: t.field({
      type: [AttributeRef],
      resolve: (item) => Object.entries(item.attributes).map(([name, value]) => ({ name, value })),
    }),
    quantity: t.exposeInt("quantity"),
    unitPrice: t.field({ type: MoneyRef, resolve: (item) => ({ value: item.unitPrice, currency: item.currency }) }),
    additionalFields: t.field({ type: "JSONObject", nullable: true, resolve: (item) => item.additionalFields }),
  }),
});

export const OrderRef = builder.objectRef<OrderView>("Order");

builder.node(OrderRef, {
  description: "A purchased cart. Its id is unguessable: whoever has it (the buyer's confirmation link) may read the order.",
  id: { resolve: (order) => order.id },
  isTypeOf: (value) => typeof value === "object" && value !== null && "orderNumber" in value,
  loadOne: (id, ctx) => ctx.services.checkout.order(id),
  fields: (t) => {
    const amount = (field: "subtotal" | "discountTotal" | "taxTotal" | "shippingTotal" | "grandTotal") =>
      t.field({ type: MoneyRef, resolve: (order: OrderView) => ({ value: order[field], currency: order.currency }) });
    return {
      orderId: t.exposeString("id", { description: "The raw order id (used in /order-confirmed/{orderId})." }),
      orderNumber: t.exposeInt("orderNumber"),
      testMode: t.exposeBoolean("testMode"),
      customerEmail: t.exposeString("customerEmail", { nullable: true }),
      purchasedCartId: t.exposeString("purchasedCartId"),
      items: t.field({ type: [OrderItemRef], resolve: (order) => order.items.map((item) => ({ ...item, currency: order.currency })) }),
      subtotal: amount("subtotal"),
      discountTotal: amount("discountTotal"),
      taxTotal: amount("taxTotal"),
      shippingTotal: amount("shippingTotal"),
      grandTotal: amount("grandTotal"),
      shippingOption: t.exposeString("shippingOption", { nullable: true }),
      createdAt: t.field({ type: "DateTime", resolve: (order) => order.createdAt }),
    };
  },
});

const ShippingLocationInput = builder.inputType("ShippingLocationInput", {
  fields: (t) => ({
    country: t.string({ required: true, description: "ISO 3166 code, e.g. US.", validate: shippingLocationInput.shape.country }),
    region: t.string({ description: "e.g. NY", validate: shippingLocationInput.shape.region }),
    postalCode: t.string({ validate: shippingLocationInput.shape.postalCode }),
  }),
});

const CheckoutSuccess = builder.objectRef<{ order: OrderView }>("CheckoutSuccess").implement({
  fields: (t) => ({ order: t.field({ type: OrderRef, resolve: (payload) => payload.order }) }),
});

const CheckoutInput = builder.inputType("CheckoutInput", {
  fields: (t) => ({
    email: t.string({ required: true, validate: checkoutEmailInput }),
    shippingLocation: t.field({ type: ShippingLocationInput }),
    cartToken: t.string({ description: "A subscription checkout's cart token; default: the visitor's cart.", validate: cartTokenInput }),
    idempotencyKey: t.string({ description: IDEMPOTENCY_KEY_HELP, validate: idempotencyKeyInput }),
  }),
});

builder.mutationField("checkout", (t) =>
  t.field({
    type: CheckoutSuccess,
    description:
      "Test-mode checkout of the visitor's cart (or the cart of `cartToken`): makes the order and takes the stock. A cart is checked out once; a second submit returns the first order.",
    errors: { types: [...cartWriteErrors, CheckoutError, NotEnoughStockError, FormInvalidError] },
    args: { input: t.arg({ type: CheckoutInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const cartToken = input.cartToken ?? ctx.visitor.cartToken;
      const result = await ctx.services.checkout.checkout(
        { ...ctx.visitor, cartToken },
        { email: input.email, shippingLocation: input.shippingLocation, accountId: ctx.viewer.signedIn ? ctx.viewer.accountId : null },
        { idempotencyKey: input.idempotencyKey },
      );
      // The purchased cart is done with: the visitor's next add starts a new one.
      if (cartToken === ctx.visitor.cartToken) ctx.setCartToken(null);
      return result;
    },
  }),
);

builder.queryField("order", (t) =>
  t.field({
    type: OrderRef,
    nullable: true,
    description: "An order by its raw id (the order-confirmed page).",
    args: { orderId: t.arg.string({ required: true }) },
    resolve: (_root, { orderId }, ctx) => ctx.services.checkout.order(orderId),
  }),
);
