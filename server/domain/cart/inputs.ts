// The cart's input rules (spec §5 Quantity; docs/api.md for ids and idempotency keys), as zod schemas
// for the transports' edges and the cart service (see domain/inputs.ts).
import { z } from "zod";
import { checkoutMessages } from "../messages/checkout.ts";
import { refusal, refusedAs } from "../inputs.ts";
import { parseQuantity } from "./quantity.ts";

/** A quantity as a shopper or client sends it (spec §5 Quantity): refused as InvalidQuantityError. */
export const quantityInput = z.unknown().transform((value, ctx) => {
  const parsed = parseQuantity(value);
  if (parsed.ok) return parsed.quantity;
  ctx.addIssue(refusal(parsed.message, "INVALID_QUANTITY"));
  return z.NEVER;
});

/** No id of ours is longer; longer text is refused before any lookup. */
export const MAX_ID_LENGTH = 255;

const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Entry ids are UUIDs; anything else names no entry (and never reaches the database). */
export const isEntryId = (id: string): boolean => ENTRY_ID.test(id);

/**
 * A cart entry's id at the edge: text or a number, as GraphQL IDs come, of bounded length. Whether it
 * is an entry id at all (isEntryId) is the service's check, after the cart's: a visitor without a
 * cart hears that first, whatever the id.
 */
export const entryIdInput = refusedAs(z.union([z.string().max(MAX_ID_LENGTH), z.number()]), checkoutMessages.entryNotFound, "NOT_FOUND");

/** Idempotency keys are opaque client strings: 1 to 255 visible ASCII characters. */
export const idempotencyKeyInput = refusedAs(z.string().regex(/^[\x21-\x7e]{1,255}$/), checkoutMessages.idempotencyKeyInvalid);

/** The longest coupon code anyone can have been given (longer ones name no coupon). */
export const MAX_COUPON_CODE = 64;

/** A coupon code as typed; a blank or over-long one names no coupon: refused with `message` as a CouponError. */
export const couponCodeInput = (message: string) => refusedAs(z.string().trim().min(1).max(MAX_COUPON_CODE), message, "COUPON_INVALID");

/** An ISO 3166 alpha-2 country code, any case, surrounding spaces allowed ("us", " US "). */
export const isCountryCode = (country: string): boolean => /^[A-Za-z]{2}$/.test(country.trim());

/** Where the order ships: a country code, and a region and postal code of sensible length. */
export const shippingLocationInput = z.object({
  country: refusedAs(z.string().refine(isCountryCode), checkoutMessages.shippingAddressRequired),
  region: refusedAs(z.string().max(100).nullish(), checkoutMessages.shippingAddressRequired),
  postalCode: refusedAs(z.string().max(20).nullish(), checkoutMessages.shippingAddressRequired),
});
