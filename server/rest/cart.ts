// The documented commerce endpoints (spec §7), each: parse, call one service, map the result.
import { InvalidInputError } from "../domain/errors.ts";
import { messages } from "../domain/messages.ts";
import type { AddEntryInput } from "../services/cart/cart.ts";
import type { CartEntryView, CartView } from "../services/cart/cart-view.ts";
import { parseItemId } from "../services/catalog/catalog.ts";
import type { Route, RestRequest } from "./router.ts";

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
      subtotalCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
    }),
    id: null,
    created: null,
  };
}

type Body = Record<string, unknown>;

async function readBody(request: RestRequest): Promise<Body> {
  const body = await request.readBody();
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new InvalidInputError(messages.invalidRequest);
  return body as Body;
}

/** additionalFields arrive as JSON text (spec §7) or, from newer clients, as an object. */
function parseAdditionalFields(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null || value === "") return null;
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new InvalidInputError(messages.invalidAdditionalFields);
    }
  }
  if (parsed === null) return null;
  if (typeof parsed !== "object" || Array.isArray(parsed)) throw new InvalidInputError(messages.invalidAdditionalFields);
  return parsed as Record<string, unknown>;
}

function entryInput(body: Body, quantityField: "quantity" | "qty"): AddEntryInput {
  if (body.itemId === undefined || body.itemId === null || body.itemId === "") throw new InvalidInputError(messages.itemIdRequired);
  if (typeof body.itemId !== "string" && typeof body.itemId !== "number") throw new InvalidInputError(messages.itemIdRequired);
  if (body.sku !== undefined && body.sku !== null && typeof body.sku !== "string") throw new InvalidInputError(messages.variantUnavailable);
  return {
    itemId: parseItemId(body.itemId),
    sku: (body.sku as string | null | undefined) || null,
    quantity: body[quantityField] ?? 1,
    additionalFields: parseAdditionalFields(body.additionalFields),
  };
}

export const commerceRoutes: Route[] = [
  {
    method: "POST",
    path: "/api/commerce/shopping-cart/entries",
    changesState: true,
    async handle(request, services) {
      const result = await services.carts.addEntry(request.visitor, entryInput(await readBody(request), "quantity"), {
        idempotencyKey: request.idempotencyKey,
      });
      return { body: { shoppingCart: toRestCart(result.cart), newlyAdded: toRestEntry(result.newlyAdded) }, cartToken: result.cartToken };
    },
  },
  {
    method: "PUT",
    path: "/api/commerce/shopping-cart/entries/:entryId/additionalFields",
    changesState: true,
    async handle(request, services) {
      const body = await readBody(request);
      const result = await services.carts.updateEntryAdditionalFields(request.visitor, request.params.entryId, parseAdditionalFields(body.additionalFields), {
        idempotencyKey: request.idempotencyKey,
      });
      return { body: { shoppingCart: toRestCart(result.cart), updatedEntry: toRestEntry(result.updatedEntry) } };
    },
  },
  {
    method: "GET",
    path: "/api/commerce/shopping-cart",
    changesState: false,
    // mock=true: the editor's preview of an empty cart page, never the visitor's real cart.
    // timecode is a cache-buster (responses are never cached); totals are always calculated, so
    // calculateSubtotal changes nothing. See docs/api.md.
    async handle(request, services) {
      const settings = await services.settings.get();
      if (request.url.searchParams.get("mock") === "true") return { body: emptyRestCart(settings.websiteId, settings.currency) };
      const cart = await services.carts.view(request.visitor.cartToken);
      return { body: cart ? toRestCart(cart) : emptyRestCart(settings.websiteId, settings.currency) };
    },
  },
  {
    method: "POST",
    path: "/api/3/commerce/cart/subscription",
    changesState: true,
    async handle(request, services) {
      const result = await services.carts.startSubscriptionCheckout(entryInput(await readBody(request), "qty"), {
        idempotencyKey: request.idempotencyKey,
        crumb: request.visitor.crumb,
      });
      return { body: { cartToken: result.cartToken } };
    },
  },
  {
    method: "GET",
    path: "/api/commerce/inventory/stock/",
    changesState: false,
    async handle(request, services) {
      const itemId = request.url.searchParams.get("itemId");
      if (!itemId) throw new InvalidInputError(messages.itemIdRequired);
      const stock = await services.catalog.stock(parseItemId(itemId));
      return { body: { results: stock } };
    },
  },
];
