// The documented commerce endpoints (spec §7), each: parse, call one service, map the result.
import { z } from "zod";
import { messages } from "../domain/messages/storefront.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import type { AddEntryInput } from "../services/cart/cart.ts";
import type { CartEntryView, CartView } from "../services/cart/cart-view.ts";
import { parseItemId } from "../services/catalog/catalog.ts";
import { isPayLaterModalLocale } from "../domain/cart/installments.ts";
import { checkedByService, defineRoute, optionalText, type Route } from "./route.ts";
import { formMessages } from "../domain/messages/forms.ts";

/** The cart as the legacy endpoints return it: the spec's field names, amounts in cents. */
export function toRestCart(cart: CartView) {
  return {
    id: cart.id,
    websiteId: cart.websiteId,
    orderId: cart.orderId,
    created: Date.parse(cart.created),
    isPurchased: cart.isPurchased,
    entries: cart.entries.map(toRestEntry),
    shippingOptions: cart.shippingOptions,
    selectedShippingOption: cart.selectedShippingOption,
    shippingLocation: cart.shippingLocation,
    applicableTaxRules: cart.applicableTaxRules.map(({ id, name, rateMillipercent }) => ({ id, name, rate: rateMillipercent / 1000 })),
    coupons: cart.coupons,
    validCoupons: cart.validCoupons,
    invalidCoupons: cart.invalidCoupons,
    currency: cart.currency,
    subtotalCents: cart.subtotalCents,
    taxCents: cart.taxCents,
    shippingCostCents: cart.shippingCostCents,
    discountCents: cart.discountCents,
    grandTotalCents: cart.grandTotalCents,
    totalQuantity: cart.totalQuantity,
    hasDigital: cart.hasDigital,
    purelyDigital: cart.purelyDigital,
    requiresShipping: cart.requiresShipping,
  };
}

function toRestEntry(entry: CartEntryView) {
  return {
    id: entry.id,
    itemId: String(entry.itemId),
    chosenVariant: entry.chosenVariant && { sku: entry.chosenVariant.sku, attributes: entry.chosenVariant.attributes },
    quantity: entry.quantity,
    title: entry.title,
    subTotal: entry.subTotal,
    purchasePriceCents: entry.purchasePriceCents,
    additionalFields: entry.additionalFields,
  };
}

/** An empty cart for a visitor who has none yet (nothing is stored until the first add). */
function emptyRestCart(websiteId: string, currency: string) {
  return {
    ...toRestCart({
      id: "",
      token: "",
      websiteId,
      kind: "STANDARD",
      orderId: null,
      created: new Date(0).toISOString(),
      isPurchased: false,
      currency,
      entries: [],
      shippingOptions: [],
      selectedShippingOption: null,
      shippingLocation: null,
      applicableTaxRules: [],
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
      giftCards: [],
      giftCardCents: 0,
      subtotalCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
      checkoutMinimumMet: false,
    }),
    id: null,
    created: null,
  };
}

/** additionalFields arrive as JSON text (spec §7) or, from newer clients, as an object; absent is null. */
const additionalFields = z
  .unknown()
  .optional()
  .transform((value, ctx): Record<string, unknown> | null => {
    if (value === undefined || value === null || value === "") return null;
    let parsed: unknown = value;
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = undefined;
      }
    }
    if (parsed === null) return null;
    if (typeof parsed !== "object" || Array.isArray(parsed)) {
      ctx.addIssue({ code: "custom", message: formMessages.formFieldsUnparseable });
      return z.NEVER;
    }
    return parsed as Record<string, unknown>;
  });

/** A raw product id or a global Relay id; services/catalog parses it (an unknown one is a 404). */
const itemId = z.union([z.string().min(1, { error: checkoutMessages.itemIdRequired }), z.number()], { error: checkoutMessages.itemIdRequired });
const sku = z.string({ error: messages.variantUnavailable }).nullish();

/** POST .../shopping-cart/entries: the spec names the amount `quantity`. */
const addEntryBody = z.object({ itemId, sku, quantity: checkedByService, additionalFields }, { error: checkoutMessages.invalidRequest });
/** POST /api/3/commerce/cart/subscription: the same entry, its amount named `qty`. */
const subscriptionBody = z.object({ itemId, sku, qty: checkedByService, additionalFields }, { error: checkoutMessages.invalidRequest });

function entryInput(
  body: { itemId: string | number; sku?: string | null; additionalFields: Record<string, unknown> | null },
  quantity: unknown,
): AddEntryInput {
  // The service checks the quantity (the same rule for GraphQL); absent means one.
  return { itemId: parseItemId(body.itemId), sku: body.sku || null, quantity: quantity ?? 1, additionalFields: body.additionalFields };
}

export const commerceRoutes: Route[] = [
  defineRoute({
    method: "POST",
    path: "/api/commerce/shopping-cart/entries",
    changesState: true,
    body: addEntryBody,
    async handle(request, services) {
      const body = await request.body();
      const result = await services.carts.addEntry(request.visitor, entryInput(body, body.quantity), { idempotencyKey: request.idempotencyKey });
      return { body: { shoppingCart: toRestCart(result.cart), newlyAdded: toRestEntry(result.newlyAdded) }, cartToken: result.cartToken };
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/commerce/shopping-cart/entries/:entryId/additionalFields",
    changesState: true,
    body: z.object({ additionalFields }, { error: checkoutMessages.invalidRequest }),
    async handle(request, services) {
      const body = await request.body();
      const result = await services.carts.updateEntryAdditionalFields(request.visitor, request.params.entryId, body.additionalFields, {
        idempotencyKey: request.idempotencyKey,
      });
      return { body: { shoppingCart: toRestCart(result.cart), updatedEntry: toRestEntry(result.updatedEntry) } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/commerce/shopping-cart",
    changesState: false,
    // mock=true: the editor's preview of an empty cart page, never the visitor's real cart.
    // timecode is a cache-buster (responses are never cached); totals are always calculated, so
    // calculateSubtotal changes nothing. See docs/api.md.
    query: z.object({ mock: optionalText }),
    async handle(request, services) {
      const settings = await services.settings.get();
      if (request.query.mock === "true") return { body: emptyRestCart(settings.websiteId, settings.currency) };
      const cart = await services.carts.view(request.visitor.cartToken);
      return { body: cart ? toRestCart(cart) : emptyRestCart(settings.websiteId, settings.currency) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/3/commerce/cart/subscription",
    changesState: true,
    body: subscriptionBody,
    async handle(request, services) {
      const body = await request.body();
      const result = await services.carts.startSubscriptionCheckout(entryInput(body, body.qty), {
        idempotencyKey: request.idempotencyKey,
        crumb: request.visitor.crumb,
      });
      return { body: { cartToken: result.cartToken } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/commerce/inventory/stock/",
    changesState: false,
    query: z.object({ itemId: z.string({ error: checkoutMessages.itemIdRequired }).min(1, { error: checkoutMessages.itemIdRequired }) }),
    async handle(request, services) {
      const stock = await services.catalog.stock(parseItemId(request.query.itemId));
      return { body: { results: stock } };
    },
  }),
  defineRoute({
    method: "GET",
    // The pay-later provider's modal, fetched by the server (spec §7; domain/cart/installments.ts).
    path: "/api/commerce/pay-later/modal",
    changesState: false,
    query: z.object({ locale: z.string({ error: checkoutMessages.payLaterModalLocale }).refine(isPayLaterModalLocale, checkoutMessages.payLaterModalLocale) }),
    async handle(request, services) {
      const modal = await services.payLaterModal.modal(request.query.locale);
      // Not configured: 404; configured but the provider failed for the locale and for en_US: 502.
      if (!modal) return { status: services.payLaterModal.configured ? 502 : 404, body: { error: checkoutMessages.payLaterModalUnavailable } };
      return { body: { locale: modal.locale, html: modal.html } };
    },
  }),
];
