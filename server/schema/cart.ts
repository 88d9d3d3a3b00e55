// The visitor's cart over GraphQL: the `cart` query, its mutations and the `cartUpdated` subscription.
// Resolvers parse arguments, call one CartService method and hand the cart token to the transport.
import { giftCardCodeInput } from "../domain/cart/gift-card-payment.ts";
import {
  CouponError,
  GiftCardError,
  FormInvalidError,
  InvalidInputError,
  InvalidQuantityError,
  NotEnoughStockError,
  VariantSelectionError,
} from "../domain/errors.ts";
import { couponCodeInput, entryIdInput, idempotencyKeyInput, quantityInput, shippingLocationInput } from "../domain/cart/inputs.ts";
import { checkoutMessages } from "../domain/checkout-messages.ts";
import type { Money } from "../domain/money.ts";
import type { GraphQLContext } from "../context.ts";
import type { AddEntryInput } from "../services/cart/cart.ts";
import type { CartEntryView, CartView } from "../services/cart/cart-view.ts";
import type { InputFieldMap } from "@pothos/core";
import { builder, type InputFields } from "./builder.ts";
import { cartWriteErrors } from "./errors.ts";
import { rawId } from "./ids.ts";
import { MoneyRef } from "./money.ts";
import { AttributeRef } from "./catalog.ts";

const money = (value: number, currency: string): Money => ({ value, currency });

const ShippingOptionRef = builder.objectRef<{ id: number; name: string; priceCents: number; currency: string }>("ShippingOption").implement({
  fields: (t) => ({
    id: t.exposeID("id", { description: "The option's number (pass it to selectShippingOption)." }),
    name: t.exposeString("name"),
    price: t.field({ type: MoneyRef, resolve: (option) => money(option.priceCents, option.currency) }),
  }),
});

const ShippingLocationRef = builder.objectRef<NonNullable<CartView["shippingLocation"]>>("ShippingLocation").implement({
  fields: (t) => ({
    country: t.exposeString("country"),
    region: t.exposeString("region", { nullable: true }),
    postalCode: t.exposeString("postalCode", { nullable: true }),
  }),
});

const TaxRuleRef = builder.objectRef<CartView["applicableTaxRules"][number]>("TaxRule").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    ratePercent: t.float({ description: "e.g. 8.875", resolve: (rule) => rule.rateMillipercent / 1000 }),
  }),
});

const ChosenVariantRef = builder.objectRef<NonNullable<CartEntryView["chosenVariant"]>>("ChosenVariant").implement({
  fields: (t) => ({
    sku: t.exposeString("sku"),
    attributes: t.field({
      type: [AttributeRef],
      resolve: (variant) => Object.entries(variant.attributes).map(([name, value]) => ({ name, value })),
    }),
  }),
});

type EntryWithCurrency = CartEntryView & { currency: string };

export const CartEntryRef = builder.objectRef<EntryWithCurrency>("CartEntry").implement({
  fields: (t) => ({
    id: t.exposeID("id", { description: "The entry id that the REST paths take." }),
    itemId: t.exposeID("itemId"),
    title: t.string({
      description: "The product's name, in the visitor's language when the owner translated it.",
      resolve: async (entry, _args, ctx) => (ctx.locale ? ((await ctx.services.catalog.translatedName(entry.itemId, ctx.locale)) ?? entry.title) : entry.title),
    }),
    product: t.prismaField({
      type: "Product",
      nullable: true,
      resolve: (query, entry, _args, ctx) => ctx.services.catalog.productById(query, entry.itemId),
    }),
    chosenVariant: t.field({ type: ChosenVariantRef, nullable: true, resolve: (entry) => entry.chosenVariant }),
    quantity: t.exposeInt("quantity"),
    purchasePrice: t.field({ type: MoneyRef, description: "One unit.", resolve: (e) => money(e.purchasePriceCents, e.currency) }),
    subtotal: t.field({ type: MoneyRef, description: "purchasePrice × quantity.", resolve: (e) => money(e.subTotal, e.currency) }),
    additionalFields: t.field({ type: "JSONObject", nullable: true, resolve: (entry) => entry.additionalFields }),
  }),
});

const withCurrency =
  (cart: CartView) =>
  (entry: CartEntryView): EntryWithCurrency => ({ ...entry, currency: cart.currency });

const AppliedGiftCardRef = builder.objectRef<{ code: string; amountCents: number; balanceCents: number; currency: string }>("AppliedGiftCard").implement({
  description: "A gift card applied to the cart (issue 12).",
  fields: (t) => ({
    code: t.exposeString("code"),
    amount: t.field({ type: MoneyRef, description: "What it pays of this cart.", resolve: (card) => money(card.amountCents, card.currency) }),
    balance: t.field({ type: MoneyRef, description: "Its balance before this order.", resolve: (card) => money(card.balanceCents, card.currency) }),
  }),
});

export const CartRef = builder.objectRef<CartView>("Cart");

builder.node(CartRef, {
  description: "A shopping cart with its derived totals (spec §3 Shopping cart).",
  id: { resolve: (cart) => cart.id },
  isTypeOf: (value) => typeof value === "object" && value !== null && "grandTotalCents" in value,
  // Only the visitor's own cart can be fetched as a node.
  loadOne: async (id, ctx) => {
    const cart = await ctx.services.carts.view(ctx.visitor.cartToken);
    return cart?.id === id ? cart : null;
  },
  fields: (t) => ({
    token: t.exposeString("token", { description: "The cart's secret: send it as X-Cart-Token (or the cart cookie) to use this cart." }),
    created: t.field({ type: "DateTime", resolve: (cart) => cart.created }),
    isPurchased: t.exposeBoolean("isPurchased"),
    orderId: t.exposeString("orderId", { nullable: true }),
    entries: t.field({ type: [CartEntryRef], resolve: (cart) => cart.entries.map(withCurrency(cart)) }),
    shippingOptions: t.field({
      type: [ShippingOptionRef],
      resolve: (cart) => cart.shippingOptions.map((option) => ({ ...option, currency: cart.currency })),
    }),
    selectedShippingOption: t.field({
      type: ShippingOptionRef,
      nullable: true,
      description: "The chosen option, or the cheapest one while the cart needs shipping and none was chosen.",
      resolve: (cart) => cart.selectedShippingOption && { ...cart.selectedShippingOption, currency: cart.currency },
    }),
    shippingLocation: t.field({ type: ShippingLocationRef, nullable: true, resolve: (cart) => cart.shippingLocation }),
    applicableTaxRules: t.field({ type: [TaxRuleRef], resolve: (cart) => cart.applicableTaxRules }),
    coupons: t.exposeStringList("coupons"),
    validCoupons: t.exposeStringList("validCoupons"),
    invalidCoupons: t.exposeStringList("invalidCoupons"),
    giftCards: t.field({
      type: [AppliedGiftCardRef],
      description: "The gift cards applied, in the order applied: what each pays of this cart.",
      resolve: (cart) => cart.giftCards.map((card) => ({ ...card, currency: cart.currency })),
    }),
    giftCardTotal: t.field({
      type: MoneyRef,
      description: "What the gift cards pay; grandTotal is what is left to pay.",
      resolve: (cart) => money(cart.giftCardCents, cart.currency),
    }),
    subtotal: t.field({ type: MoneyRef, resolve: (cart) => money(cart.subtotalCents, cart.currency) }),
    discount: t.field({ type: MoneyRef, resolve: (cart) => money(cart.discountCents, cart.currency) }),
    tax: t.field({ type: MoneyRef, resolve: (cart) => money(cart.taxCents, cart.currency) }),
    shippingCost: t.field({ type: MoneyRef, resolve: (cart) => money(cart.shippingCostCents, cart.currency) }),
    grandTotal: t.field({
      type: MoneyRef,
      description: "subtotal - discount + tax + shippingCost - giftCardTotal",
      resolve: (cart) => money(cart.grandTotalCents, cart.currency),
    }),
    totalQuantity: t.exposeInt("totalQuantity"),
    hasDigital: t.exposeBoolean("hasDigital"),
    purelyDigital: t.exposeBoolean("purelyDigital"),
    requiresShipping: t.exposeBoolean("requiresShipping"),
    checkoutMinimumMet: t.exposeBoolean("checkoutMinimumMet", {
      description: "Whether the subtotal reaches checkoutMinimum: checkout refuses the cart until it does.",
    }),
    checkoutMinimum: t.field({
      type: MoneyRef,
      description: "The store's minimum order subtotal for checkout (0: none).",
      resolve: async (cart, _args, ctx) => money((await ctx.services.settings.get()).checkoutMinimumSubtotal, cart.currency),
    }),
  }),
});

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
    errors: { types: entryWriteErrors },
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
