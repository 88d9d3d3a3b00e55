// Checkout (test mode) and the resulting order.
import { errorTypeMap } from "@pothos/plugin-errors";
import {
  CheckoutError,
  FormInvalidError,
  GiftCardError,
  NotEnoughStockError,
  NotFoundError,
  PaymentFailedError,
  PaymentPendingError,
  PaymentProviderUnavailableError,
  RateLimitedError,
  StoreClosedError,
} from "../domain/errors.ts";
import { checkoutPaymentMessages } from "../domain/messages/checkout-payments.ts";
import { CheckoutPaymentRequiredRef } from "./checkout-payments.ts";
import type { OrderView } from "../services/checkout/order-view.ts";
import { idempotencyKeyInput } from "../domain/cart/inputs.ts";
import { loadAddressRules } from "../domain/checkout/address-rules.ts";
import { formatAddressLines } from "../domain/checkout/address-lines.ts";
import { formatPhone } from "../domain/checkout/phone.ts";
import { countryName } from "../domain/checkout/countries.ts";
import type { AddressView } from "../services/checkout/addresses.ts";
import type { SavedAddressView } from "../services/members/addresses.ts";
import { cartTokenInput, checkoutEmailInput } from "../domain/checkout-inputs.ts";
import { builder } from "./builder.ts";
import { successWith } from "./payloads.ts";
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

export const AddressRef = builder.objectRef<AddressView>("Address").implement({
  description: "A postal address as validated at checkout (the country's rules: domain/checkout/address-rules.ts).",
  fields: (t) => ({
    fullName: t.exposeString("fullName"),
    company: t.exposeString("company", { nullable: true }),
    line1: t.exposeString("line1"),
    line2: t.exposeString("line2", { nullable: true }),
    city: t.exposeString("city", { description: "Empty where the country needs none (JP)." }),
    region: t.exposeString("region", { nullable: true, description: 'The region\'s code where the country has a list (US "NY", JP "13"), else as typed.' }),
    postalCode: t.exposeString("postalCode", { nullable: true }),
    country: t.exposeString("country", { description: "ISO 3166-1 alpha-2." }),
    countryName: t.string({
      args: { locale: t.arg.string({ description: "BCP 47; default English." }) },
      resolve: (address, { locale }) => countryName(address.country, locale ?? "en") ?? address.country,
    }),
    phone: t.exposeString("phone", { nullable: true, description: 'The phone in E.164 ("+14155550100").' }),
    formattedPhone: t.string({
      nullable: true,
      description:
        'The phone for people: national for a number of the store\'s country ("(415) 555-0100" in a US store), else international ("+49 30 1234567").',
      resolve: async (address, _args, ctx) => formatPhone(address.phone, (await ctx.services.settings.get()).storeCountry),
    }),
    lines: t.stringList({
      description: "The address as written on a parcel in its country's layout, the country's name last.",
      args: { locale: t.arg.string({ description: "BCP 47; default English." }) },
      resolve: async (address, { locale }) => formatAddressLines(address, await loadAddressRules(address.country), locale ?? "en"),
    }),
  }),
});

export const SavedAddressRef = builder.objectRef<SavedAddressView>("SavedAddress").implement({
  description: "An address the signed-in member saved at an earlier checkout.",
  fields: (t) => ({
    id: t.exposeID("id"),
    address: t.field({ type: AddressRef, resolve: (saved) => saved }),
  }),
});

const IssuedGiftCardRef = builder.objectRef<{ code: string; initialBalance: number; currency: string; recipientEmail: string }>("IssuedGiftCard").implement({
  fields: (t) => ({
    code: t.exposeString("code"),
    amount: t.field({ type: MoneyRef, resolve: (card) => ({ value: card.initialBalance, currency: card.currency }) }),
    recipientEmail: t.exposeString("recipientEmail"),
  }),
});

export const OrderRef = builder.objectRef<OrderView>("Order");

// One Order for shoppers, members and owners (spec §7 checkout, issue 9): the fields here are what
// whoever holds the order id may read; the owner-only fields (state, moves, coupon codes, gift cards,
// subscription...) are added by orders.ts, nullable and behind orders.read.
builder.node(OrderRef, {
  description:
    "A purchased cart. Its id is unguessable: whoever has it (the buyer's confirmation link) may read the order; owners with orders.read also read its state and history.",
  id: { resolve: (order) => order.id },
  isTypeOf: (value) => typeof value === "object" && value !== null && "orderNumber" in value,
  loadOne: (id, ctx) => ctx.services.checkout.order(id),
  fields: (t) => {
    const amount = (field: "subtotal" | "discountTotal" | "taxTotal" | "shippingTotal" | "grandTotal") =>
      t.field({ type: MoneyRef, resolve: (order: OrderView) => ({ value: order[field], currency: order.currency }) });
    return {
      orderId: t.exposeString("id", { description: "The raw order id (used in /order-confirmed/{orderId})." }),
      orderNumber: t.exposeInt("orderNumber"),
      testMode: t.exposeBoolean("testMode", { description: "Paid in test mode: no money moved." }),
      customerEmail: t.exposeString("customerEmail", { nullable: true }),
      purchasedCartId: t.exposeString("purchasedCartId"),
      items: t.field({ type: [OrderItemRef], resolve: (order) => order.items.map((item) => ({ ...item, currency: order.currency })) }),
      subtotal: amount("subtotal"),
      discountTotal: amount("discountTotal"),
      taxTotal: amount("taxTotal"),
      shippingTotal: amount("shippingTotal"),
      giftCardTotal: t.field({
        type: MoneyRef,
        description: "What gift cards paid; grandTotal is what was left to pay.",
        resolve: (order) => ({ value: order.giftCardTotal, currency: order.currency }),
      }),
      grandTotal: amount("grandTotal"),
      issuedGiftCards: t.field({
        type: [IssuedGiftCardRef],
        description:
          "Test mode only (issue 12): the gift cards this order bought, codes included, as the confirmation page shows them. Empty for a live order.",
        resolve: (order, _args, ctx) => (order.testMode ? ctx.services.checkout.issuedGiftCards(order.id) : []),
      }),
      shippingOption: t.exposeString("shippingOption", { nullable: true }),
      shippingAddress: t.field({
        type: AddressRef,
        nullable: true,
        description: "Null when the order ships nothing.",
        resolve: (order) => order.shippingAddress,
      }),
      billingAddress: t.field({
        type: AddressRef,
        nullable: true,
        description: "Who pays: the shipping address unless the shopper gave another; null when no address was asked.",
        resolve: (order) => order.billingAddress,
      }),
      createdAt: t.field({ type: "DateTime", description: "When it was placed.", resolve: (order) => order.createdAt }),
    };
  },
});

export const AddressInput = builder.inputType("AddressInput", {
  description: "A postal address; checked against its country's rules (errors per field in FormInvalidError).",
  fields: (t) => ({
    fullName: t.string({ required: true }),
    company: t.string(),
    line1: t.string({ required: true }),
    line2: t.string(),
    city: t.string({ description: "Leave empty where the country needs none." }),
    region: t.string({ description: "A region's code from the country's list (US \"NY\"), or free text where it has none." }),
    postalCode: t.string(),
    country: t.string({ required: true, description: "ISO 3166-1 alpha-2, e.g. US." }),
    phone: t.stringList({
      description:
        'The phone as one string: "+1 415 555 0100", or "030 1234567" read in the address\'s country (a single string is read as a list of one). Still accepted: the four parts [Country, Areacode, Prefix, Line] (3 parts: no country code). Stored in E.164.',
    }),
  }),
});

/** An AddressInput as the domain reads it (an absent city is an empty one). */
export const postalAddressOf = (input: typeof AddressInput.$inferInput) => ({ ...input, city: input.city ?? "" });

const CheckoutSuccess = builder.objectRef<{ order: OrderView }>("CheckoutSuccess").implement({
  fields: (t) => ({ order: t.field({ type: OrderRef, resolve: (payload) => payload.order }) }),
});

const CheckoutInput = builder.inputType("CheckoutInput", {
  fields: (t) => ({
    email: t.string({ required: true, validate: checkoutEmailInput }),
    shippingAddress: t.field({
      type: AddressInput,
      description: "Required when the cart ships goods (requiresShipping and not purelyDigital); ignored otherwise.",
    }),
    billingAddress: t.field({ type: AddressInput, description: "Default: the shipping address." }),
    saveAddress: t.boolean({ description: "Save the shipping address to the signed-in member's account." }),
    language: t.string({ description: "The shopper's language (BCP 47): the confirmation email's when the site has several." }),
    marketingConsent: t.boolean({
      description:
        "The shopper ticked the marketing box (issue 24 part 4): kept on the cart with the email, for one reminder if the order is not made. Left out: no consent.",
    }),
    cartToken: t.string({ description: "A subscription checkout's cart token; default: the visitor's cart.", validate: cartTokenInput }),
    idempotencyKey: t.string({ description: IDEMPOTENCY_KEY_HELP, validate: idempotencyKeyInput }),
  }),
});

const checkoutErrors = [
  ...cartWriteErrors,
  CheckoutError,
  NotEnoughStockError,
  FormInvalidError,
  GiftCardError,
  StoreClosedError,
  PaymentProviderUnavailableError,
];

builder.mutationField("checkout", (t) =>
  t.field({
    type: CheckoutSuccess,
    description:
      "Checkout of the visitor's cart (or the cart of `cartToken`). In test mode (no payment provider) or when gift cards pay it all: makes the order and takes the stock (CheckoutSuccess). When the store takes payment: holds the stock and answers CheckoutPaymentRequired; the order is made once the payment succeeds (completeCheckoutPayment, or the provider's webhook). A cart is checked out once; a second submit returns the first order.",
    errors: {
      types: checkoutErrors,
      // Two answers that are not errors: the order, or the payment to confirm (issue 22).
      // (Pothos's union options take `types` and `resolveType` though its typings leave them out.)
      union: {
        types: [...checkoutErrors, CheckoutSuccess, CheckoutPaymentRequiredRef],
        resolveType: (value: object) => errorTypeMap.get(value) ?? ("clientSecret" in value ? CheckoutPaymentRequiredRef : CheckoutSuccess),
      } as { name?: string },
    },
    args: { input: t.arg({ type: CheckoutInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const cartToken = input.cartToken ?? ctx.visitor.cartToken;
      // The checkout carries the email: the cart keeps it (and the consent as given) should the order not be made.
      await ctx.services.abandonedCheckouts.recordContact(cartToken, {
        email: input.email,
        marketingConsent: input.marketingConsent ?? false,
        language: input.language ?? null,
      });
      const result = await ctx.services.checkout.checkout(
        { ...ctx.visitor, cartToken },
        {
          email: input.email,
          shippingAddress: input.shippingAddress ? postalAddressOf(input.shippingAddress) : null,
          billingAddress: input.billingAddress ? postalAddressOf(input.billingAddress) : null,
          saveAddress: input.saveAddress ?? false,
          accountId: ctx.viewer.signedIn ? ctx.viewer.accountId : null,
          language: input.language,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      // The payment is confirmed in the browser; the cart stays the visitor's until it is ordered.
      if ("payment" in result) return result.payment as unknown as { order: OrderView };
      // The purchased cart is done with: the visitor's next add starts a new one.
      if (cartToken === ctx.visitor.cartToken) ctx.setCartToken(null);
      return result;
    },
  }),
);

const CompleteCheckoutPaymentInput = builder.inputType("CompleteCheckoutPaymentInput", {
  fields: (t) => ({
    paymentIntentId: t.string({ required: true }),
    clientSecret: t.string({
      description: "The intent's client secret (Stripe's payment_intent_client_secret): needed when this browser does not hold the cart the payment is for.",
    }),
  }),
});

// The shopper's browser calls it once Stripe.js confirmed the payment, or Stripe sent them back (return_url).
const CompleteCheckoutPaymentSuccess = successWith("CompleteCheckoutPaymentSuccess", "order", OrderRef);

builder.mutationField("completeCheckoutPayment", (t) =>
  t.field({
    type: CompleteCheckoutPaymentSuccess,
    description:
      "The shopper is back from paying: makes the order when Stripe says the payment succeeded (whoever comes first, this or the webhook; one order per payment). A payment refunded because no order could be made answers PaymentFailedError with why.",
    errors: { types: [NotFoundError, PaymentFailedError, PaymentPendingError, RateLimitedError] },
    args: { input: t.arg({ type: CompleteCheckoutPaymentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { settlement, visitorCartPurchased } = await ctx.services.paymentSettlement.complete(input.paymentIntentId, {
        cartToken: ctx.visitor.cartToken,
        clientSecret: input.clientSecret ?? null,
      });
      switch (settlement.kind) {
        case "ordered":
          // The purchased cart is done with: the visitor's next add starts a new one.
          if (visitorCartPurchased) ctx.setCartToken(null);
          return { order: settlement.order };
        case "failed":
        case "refunded":
          throw new PaymentFailedError(settlement.message);
        case "processing":
          throw new PaymentPendingError(checkoutPaymentMessages.paymentProcessing);
        case "open":
          throw new PaymentFailedError(checkoutPaymentMessages.paymentFailed);
        case "unknown":
          throw new NotFoundError(checkoutPaymentMessages.paymentNotFound);
      }
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

builder.queryField("savedAddresses", (t) =>
  t.field({
    type: [SavedAddressRef],
    description: "The signed-in member's saved addresses, the latest first (none for anonymous visitors).",
    resolve: (_root, _args, ctx) => (ctx.viewer.signedIn ? ctx.services.memberAddresses.list(ctx.viewer.accountId) : []),
  }),
);
