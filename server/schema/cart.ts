// The visitor's cart over GraphQL: the `cart` query, its mutations and the `cartUpdated` subscription.
// Resolvers parse arguments, call one CartService method and hand the cart token to the transport. The
// Cart type itself: cart-types.ts.
import { giftCardCodeInput } from "../domain/cart/gift-card-payment.ts";
import {
  CouponError,
  GiftCardError,
  FormInvalidError,
  InvalidInputError,
  InvalidQuantityError,
  NotEnoughStockError,
  StoreClosedError,
  VariantSelectionError,
} from "../domain/errors.ts";
import { couponCodeInput, entryIdInput, idempotencyKeyInput, quantityInput, shippingLocationInput } from "../domain/cart/inputs.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import type { GraphQLContext } from "../context.ts";
import type { AddEntryInput } from "../services/cart/cart.ts";
import type { CartEntryView, CartView } from "../services/cart/cart-view.ts";
import type { InputFieldMap } from "@pothos/core";
import { builder, type InputFields } from "./builder.ts";
import { cartWriteErrors } from "./errors.ts";
import { rawId } from "./ids.ts";
import { CartEntryRef, CartRef, withCurrency } from "./cart-types.ts";

/** Cart writes give the visitor the cart they touched (a new cart on the first add). */
function keepCart(ctx: GraphQLContext, cartToken: string) {
  if (ctx.visitor.cartToken !== cartToken) ctx.setCartToken(cartToken);
}

const SelectedOptionInput = builder.inputType("SelectedOptionInput", {
  fields: (t) => ({ name: t.string({ required: true }), value: t.string({ required: true }) }),
});

export const IDEMPOTENCY_KEY_HELP = "A retry with the same key replays the first answer and changes nothing.";

/** A cart write's `input`: its own fields and the optional idempotency key every cart write takes. */
function cartWriteInput<Fields extends InputFieldMap>(name: string, fields: (t: InputFields) => Fields) {
  return builder.inputType(name, {
    fields: (t) => ({ ...fields(t), idempotencyKey: t.string({ description: IDEMPOTENCY_KEY_HELP, validate: idempotencyKeyInput }) }),
  });
}

const entryFields = (t: InputFields) => ({
  itemId: t.id({ required: true, description: "The product's itemId (or its global id)." }),
  sku: t.string({ description: "The variant's or gift-card denomination's sku." }),
  options: t.field({ type: [SelectedOptionInput], description: "The chosen option values, when no sku is given." }),
  quantity: t.int({ defaultValue: 1, validate: quantityInput }),
  additionalFields: t.field({ type: "JSONObject", description: "Answers to the product's form: field id -> value." }),
});

const GiftDeliveryInput = builder.inputType("GiftDeliveryInput", {
  description: "A gift card's recipient and the buyer's message (up to 80 characters); the code is emailed to the recipient.",
  fields: (t) => ({
    recipientEmail: t.string({ required: true }),
    message: t.string(),
  }),
});

const AddCartEntryInput = cartWriteInput("AddCartEntryInput", (t) => ({
  ...entryFields(t),
  giftDelivery: t.field({ type: GiftDeliveryInput, description: "Gift cards: who receives the code (default: the buyer)." }),
}));
const StartSubscriptionCheckoutInput = cartWriteInput("StartSubscriptionCheckoutInput", entryFields);

function toAddEntryInput(
  input: typeof StartSubscriptionCheckoutInput.$inferInput & { giftDelivery?: { recipientEmail: string; message?: string | null } | null },
): AddEntryInput {
  return {
    itemId: rawId(input.itemId, "Product", checkoutMessages.productNotFound),
    sku: input.sku ?? null,
    options: input.options ? Object.fromEntries(input.options.map((option) => [option.name, option.value])) : null,
    quantity: input.quantity ?? 1,
    additionalFields: input.additionalFields ?? null,
    giftDelivery: input.giftDelivery ?? null,
  };
}

const AddCartEntrySuccess = builder.objectRef<{ cart: CartView; newlyAdded: CartEntryView }>("AddCartEntrySuccess").implement({
  fields: (t) => ({
    cart: t.field({ type: CartRef, resolve: (payload) => payload.cart }),
    newlyAdded: t.field({ type: CartEntryRef, resolve: (payload) => withCurrency(payload.cart)(payload.newlyAdded) }),
  }),
});

/** `<Mutation>Success { cart }`: what the cart writes that change the cart as a whole answer. */
function cartSuccess(name: string) {
  return builder.objectRef<{ cart: CartView }>(name).implement({
    fields: (t) => ({ cart: t.field({ type: CartRef, resolve: (payload) => payload.cart }) }),
  });
}

const UpdateCartEntryAdditionalFieldsSuccess = builder
  .objectRef<{ cart: CartView; updatedEntry: CartEntryView }>("UpdateCartEntryAdditionalFieldsSuccess")
  .implement({
    fields: (t) => ({
      cart: t.field({ type: CartRef, resolve: (payload) => payload.cart }),
      updatedEntry: t.field({ type: CartEntryRef, resolve: (payload) => withCurrency(payload.cart)(payload.updatedEntry) }),
    }),
  });

const StartSubscriptionCheckoutSuccess = builder.objectRef<{ cartToken: string }>("StartSubscriptionCheckoutSuccess").implement({
  fields: (t) => ({ cartToken: t.exposeString("cartToken", { description: "Opens the subscription's own cart at checkout." }) }),
});

const entryWriteErrors = [...cartWriteErrors, InvalidQuantityError, VariantSelectionError, NotEnoughStockError, FormInvalidError];

builder.mutationFields((t) => ({
  addCartEntry: t.field({
    type: AddCartEntrySuccess,
    description: "Adds a product to the visitor's cart, creating the cart on the first add.",
    errors: { types: entryWriteErrors },
    args: { input: t.arg({ type: AddCartEntryInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await ctx.services.carts.addEntry(ctx.visitor, toAddEntryInput(input), { idempotencyKey: input.idempotencyKey });
      keepCart(ctx, result.cartToken);
      return result;
    },
  }),
  updateCartEntryQuantity: t.field({
    type: cartSuccess("UpdateCartEntryQuantitySuccess"),
    errors: { types: [...cartWriteErrors, InvalidQuantityError, NotEnoughStockError] },
    args: {
      input: t.arg({
        required: true,
        type: cartWriteInput("UpdateCartEntryQuantityInput", (f) => ({
          entryId: f.id({ required: true, validate: entryIdInput }),
          quantity: f.int({ required: true, validate: quantityInput }),
        })),
      }),
    },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.carts.updateEntryQuantity(ctx.visitor, String(input.entryId), input.quantity, { idempotencyKey: input.idempotencyKey }),
  }),
  removeCartEntry: t.field({
    type: cartSuccess("RemoveCartEntrySuccess"),
    errors: { types: cartWriteErrors },
    args: {
      input: t.arg({ required: true, type: cartWriteInput("RemoveCartEntryInput", (f) => ({ entryId: f.id({ required: true, validate: entryIdInput }) })) }),
    },
    resolve: (_root, { input }, ctx) => ctx.services.carts.removeEntry(ctx.visitor, String(input.entryId), { idempotencyKey: input.idempotencyKey }),
  }),
  updateCartEntryAdditionalFields: t.field({
    type: UpdateCartEntryAdditionalFieldsSuccess,
    errors: { types: [...cartWriteErrors, FormInvalidError] },
    args: {
      input: t.arg({
        required: true,
        type: cartWriteInput("UpdateCartEntryAdditionalFieldsInput", (f) => ({
          entryId: f.id({ required: true, validate: entryIdInput }),
          additionalFields: f.field({ type: "JSONObject", required: true }),
        })),
      }),
    },
    resolve: (_root, { input }, ctx) =>
      ctx.services.carts.updateEntryAdditionalFields(ctx.visitor, String(input.entryId), input.additionalFields, { idempotencyKey: input.idempotencyKey }),
  }),
  applyCoupon: t.field({
    type: cartSuccess("ApplyCouponSuccess"),
    errors: { types: [...cartWriteErrors, CouponError] },
    args: {
      input: t.arg({
        required: true,
        type: cartWriteInput("ApplyCouponInput", (f) => ({ code: f.string({ required: true, validate: couponCodeInput(checkoutMessages.couponInvalid) }) })),
      }),
    },
    resolve: (_root, { input }, ctx) => ctx.services.carts.applyCoupon(ctx.visitor, input.code, { idempotencyKey: input.idempotencyKey }),
  }),
  removeCoupon: t.field({
    type: cartSuccess("RemoveCouponSuccess"),
    errors: { types: [...cartWriteErrors, CouponError] },
    args: {
      input: t.arg({
        required: true,
        type: cartWriteInput("RemoveCouponInput", (f) => ({
          code: f.string({ required: true, validate: couponCodeInput(checkoutMessages.couponNotApplied) }),
        })),
      }),
    },
    resolve: (_root, { input }, ctx) => ctx.services.carts.removeCoupon(ctx.visitor, input.code, { idempotencyKey: input.idempotencyKey }),
  }),
  applyGiftCard: t.field({
    type: cartSuccess("ApplyGiftCardSuccess"),
    description: "Applies a gift card code: it pays the grand total up to its balance (not gift cards or subscriptions). Wrong codes are rate-limited.",
    errors: { types: [...cartWriteErrors, GiftCardError] },
    args: {
      input: t.arg({
        required: true,
        type: cartWriteInput("ApplyGiftCardInput", (f) => ({ code: f.string({ required: true, validate: giftCardCodeInput }) })),
      }),
    },
    resolve: (_root, { input }, ctx) => ctx.services.carts.applyGiftCard(ctx.visitor, input.code, { idempotencyKey: input.idempotencyKey }),
  }),
  removeGiftCard: t.field({
    type: cartSuccess("RemoveGiftCardSuccess"),
    errors: { types: [...cartWriteErrors, GiftCardError] },
    args: {
      input: t.arg({
        required: true,
        type: cartWriteInput("RemoveGiftCardInput", (f) => ({ code: f.string({ required: true, validate: giftCardCodeInput }) })),
      }),
    },
    resolve: (_root, { input }, ctx) => ctx.services.carts.removeGiftCard(ctx.visitor, input.code, { idempotencyKey: input.idempotencyKey }),
  }),
  selectShippingOption: t.field({
    type: cartSuccess("SelectShippingOptionSuccess"),
    errors: { types: cartWriteErrors },
    args: {
      input: t.arg({
        required: true,
        type: cartWriteInput("SelectShippingOptionInput", (f) => ({
          shippingOptionId: f.id({ required: true, description: "A ShippingOption's id." }),
        })),
      }),
    },
    resolve: (_root, { input }, ctx) =>
      ctx.services.carts.selectShippingOption(ctx.visitor, Number(input.shippingOptionId), { idempotencyKey: input.idempotencyKey }),
  }),
  setShippingLocation: t.field({
    type: cartSuccess("SetShippingLocationSuccess"),
    description: "Where the order ships (ISO country code, region such as NY): decides which tax rules apply.",
    errors: { types: cartWriteErrors },
    args: {
      input: t.arg({
        required: true,
        type: cartWriteInput("SetShippingLocationInput", (f) => ({
          country: f.string({ required: true, validate: shippingLocationInput.shape.country }),
          region: f.string({ validate: shippingLocationInput.shape.region }),
          postalCode: f.string({ validate: shippingLocationInput.shape.postalCode }),
        })),
      }),
    },
    resolve: (_root, { input }, ctx) =>
      ctx.services.carts.setShippingLocation(
        ctx.visitor,
        { country: input.country, region: input.region, postalCode: input.postalCode },
        { idempotencyKey: input.idempotencyKey },
      ),
  }),
  startSubscriptionCheckout: t.field({
    type: StartSubscriptionCheckoutSuccess,
    description: "Starts the checkout of a subscribable product in a cart of its own; returns that cart's token.",
    errors: { types: [...entryWriteErrors, StoreClosedError] },
    args: { input: t.arg({ type: StartSubscriptionCheckoutInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.services.carts.startSubscriptionCheckout(toAddEntryInput(input), { idempotencyKey: input.idempotencyKey, crumb: ctx.visitor.crumb }),
  }),
}));

builder.queryField("cart", (t) =>
  t.field({
    type: CartRef,
    nullable: true,
    description:
      "The visitor's own cart (cart cookie or X-Cart-Token); null until something is added. `token` opens another cart the visitor holds the token of (a subscription checkout's).",
    args: { token: t.arg.string() },
    resolve: (_root, { token }, ctx) => ctx.services.carts.view(token ?? ctx.visitor.cartToken),
  }),
);

builder.subscriptionField("cartUpdated", (t) =>
  t.field({
    type: CartRef,
    nullable: true,
    description: "The visitor's own cart, after every change to it (from any tab or server).",
    subscribe: async (_root, _args, ctx) => {
      const cart = await ctx.services.carts.view(ctx.visitor.cartToken);
      if (!cart) throw new InvalidInputError(checkoutMessages.cartNotFound);
      return ctx.pubsub.subscribe("cartUpdated", cart.id);
    },
    resolve: (event: { cartId: string }, _args, ctx) => ctx.services.carts.viewById(event.cartId),
  }),
);
