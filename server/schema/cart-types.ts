// The Cart type over GraphQL and its parts (entries, shipping options and location, tax rules, gift
// cards): what the cart query, the cart mutations and cartUpdated answer with (cart.ts).
import type { Money } from "../domain/money.ts";
import type { CartEntryView, CartView } from "../services/cart/cart-view.ts";
import { builder } from "./builder.ts";
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

/** An entry of the cart, carrying the cart's currency for its money fields. */
export const withCurrency =
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
