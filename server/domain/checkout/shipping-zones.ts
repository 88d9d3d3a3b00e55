// Shipping by zone (issue 14): shipping options belong to zones, and the cart offers only the options of
// the zone that reaches its address. Pure: the service loads the zones and calls these.
//
// Zones and tax rules: both are keyed by the same address facts, the country (ISO 3166-1 alpha-2) and
// the region code of `regionsOf` (address-rules.ts; US "NY"), but they are separate tables that answer
// separate questions. A zone decides which options ship there and at what price; the tax rules of
// cart/cart-totals.ts (`isTaxRuleApplicable`: country, then region or the whole country) decide the tax
// on the goods, and never on shipping. So the demo store's US zone and its 8.875 % US-NY tax rule stay
// independent: a NY address gets the US zone's options and the NY tax; a German one the rest-of-world
// options and no tax. An owner screen that edits zones should offer the same region codes as tax rules.
import type { CartTotals, ShippingOptionFacts } from "../cart/cart-totals.ts";
import { formMessages } from "../messages/forms.ts";
import { checkoutMessages } from "../messages/checkout.ts";

/** Where a zone ships: whole countries, some regions of one country, or everywhere no other zone reaches. */
export type ZoneReach =
  { kind: "countries"; countries: readonly string[] } | { kind: "regions"; country: string; regions: readonly string[] } | { kind: "restOfWorld" };

export interface ShippingZone {
  id: number;
  name: string;
  reach: ZoneReach;
  /** The options offered there, with their prices in minor units of the store's currency. */
  options: readonly ShippingOptionFacts[];
}

/** The address facts a zone is chosen by (a `PostalAddress` or a cart's `ShippingLocation` will do). */
export interface ZoneAddress {
  country: string;
  region?: string | null;
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** How specifically a zone reaches the address: 2 by its region, 1 by its country, 0 as the rest of the
 * world; null when it does not reach it. */
export function zoneSpecificity(zone: ShippingZone, address: ZoneAddress): 0 | 1 | 2 | null {
  const reach = zone.reach;
  if (reach.kind === "restOfWorld") return 0;
  if (reach.kind === "countries") return reach.countries.some((country) => same(country, address.country)) ? 1 : null;
  const region = address.region ?? "";
  return same(reach.country, address.country) && region !== "" && reach.regions.some((code) => same(code, region)) ? 2 : null;
}

/**
 * The zone that ships to the address: the most specific one (a zone naming its region over one naming
 * its country over the rest of the world); between equally specific zones, the first in `zones`.
 * Null when no zone reaches it (the store has no rest-of-world zone).
 */
export function zoneOf(address: ZoneAddress, zones: readonly ShippingZone[]): ShippingZone | null {
  let best: ShippingZone | null = null;
  let bestSpecificity = -1;
  for (const zone of zones) {
    const specificity = zoneSpecificity(zone, address);
    if (specificity !== null && specificity > bestSpecificity) {
      best = zone;
      bestSpecificity = specificity;
    }
  }
  return best;
}

/** The options that reach the address (its zone's), cheapest first; none when no zone reaches it. */
export function shippingOptionsFor(address: ZoneAddress, zones: readonly ShippingZone[]): ShippingOptionFacts[] {
  const options = zoneOf(address, zones)?.options ?? [];
  return [...options].sort((a, b) => a.price - b.price);
}

/** What a cart needs to know to decide whether it asks for an address (cart-totals' flags). */
export type ShippingNeeds = Pick<CartTotals, "purelyDigital" | "requiresShipping">;

/** A digital-only cart (`purelyDigital`), or one with nothing to ship (gift cards, services), asks for no address. */
export function needsShippingAddress(cart: ShippingNeeds): boolean {
  return !cart.purelyDigital && cart.requiresShipping;
}

/**
 * Why the cart cannot be checked out for its shipping, or null when it can: 'Please enter a shipping
 * address.' when it ships goods and has no address; 'Sorry, we do not ship to this address. Please
 * choose another address.' when no zone's option reaches the address. A cart that ships nothing passes.
 */
export function checkoutShippingProblem(cart: ShippingNeeds, address: ZoneAddress | null, zones: readonly ShippingZone[]): string | null {
  if (!needsShippingAddress(cart)) return null;
  if (!address || address.country.trim() === "") return checkoutMessages.shippingAddressRequired;
  return shippingOptionsFor(address, zones).length === 0 ? checkoutMessages.noShippingToAddress : null;
}

/** How a zone's reach is stored (the ShippingZone table: kind, country, codes). */
export const ZONE_KINDS = ["COUNTRIES", "REGIONS", "REST_OF_WORLD"] as const;
export type StoredZoneKind = (typeof ZONE_KINDS)[number];
export interface StoredZoneReach {
  kind: StoredZoneKind;
  /** REGIONS: the country the regions belong to; else empty. */
  country: string;
  /** COUNTRIES: country codes; REGIONS: region codes; REST_OF_WORLD: none. */
  codes: string[];
}

/** A stored reach as the rules above read it; null for a kind this code does not know (it reaches nothing). */
export function reachFromStored(stored: { kind: string; country: string; codes: readonly string[] }): ZoneReach | null {
  const upper = (codes: readonly string[]) => codes.map((code) => code.trim().toUpperCase()).filter(Boolean);
  if (stored.kind === "COUNTRIES") return { kind: "countries", countries: upper(stored.codes) };
  if (stored.kind === "REGIONS") return { kind: "regions", country: stored.country.trim().toUpperCase(), regions: upper(stored.codes) };
  if (stored.kind === "REST_OF_WORLD") return { kind: "restOfWorld" };
  return null;
}

/** The stored form of a reach. */
export function storedReachOf(reach: ZoneReach): StoredZoneReach {
  if (reach.kind === "countries") return { kind: "COUNTRIES", country: "", codes: reach.countries.map((code) => code.toUpperCase()) };
  if (reach.kind === "regions") return { kind: "REGIONS", country: reach.country.toUpperCase(), codes: reach.regions.map((code) => code.toUpperCase()) };
  return { kind: "REST_OF_WORLD", country: "", codes: [] };
}

/**
 * Why an owner's zone cannot be saved, or null: a name is needed, a zone by countries names at least
 * one known country, a zone by regions a known country and at least one region code.
 */
export function shippingZoneProblem(zone: { name: string; reach: ZoneReach }, isKnownCountry: (code: string) => boolean): string | null {
  if (zone.name.trim() === "") return formMessages.required;
  const reach = zone.reach;
  if (reach.kind === "countries" && (reach.countries.length === 0 || !reach.countries.every(isKnownCountry))) return checkoutMessages.shippingZoneInvalid;
  if (reach.kind === "regions" && (!isKnownCountry(reach.country) || reach.regions.length === 0)) return checkoutMessages.shippingZoneInvalid;
  return null;
}
