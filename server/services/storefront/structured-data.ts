// A product page's JSON-LD (issue 23, "found by search engines"): a schema.org Product as Google's
// merchant listings read it. name, description, image(s), url, brand (the site's name), and one
// Offer per variant (per value of a gift card):
//
//   price           a decimal string in the currency's minor units (domain/money.ts: "45.00", JPY "4500")
//   availability    InStock / OutOfStock by the one stock rule (product-state.ts `isVariantSoldOut`)
//   url             the product page; a gift card's value: the gift card page with that value chosen
//   shippingDetails physical goods only (cart-totals.ts `requiresShipping`): one OfferShippingDetails
//                   per option of each shipping zone, its rate and destination countries / regions
//
// The store has no sale end date (no priceValidUntil), no pre-order state (no PreOrder) and no return
// policy setting (no hasMerchantReturnPolicy): see docs/decisions.md "Found by search engines".
import { toDecimalValue } from "../../domain/money.ts";
import { effectivePrice, isSoldOut, isVariantSoldOut, ProductType } from "../../domain/catalog/product-state.ts";
import { giftCardPath, productPath } from "../../domain/catalog/product-path.ts";
import { mediaUrl } from "../../domain/catalog/product-images.ts";
import { requiresShipping } from "../../domain/cart/cart-totals.ts";
import { zoneOf, type ShippingZone } from "../../domain/checkout/shipping-zones.ts";
import { toProductFacts } from "../catalog/catalog.ts";
import { absolute } from "./context-format.ts";
import type { StorefrontProductRow } from "./storefront-rows.ts";

const SCHEMA = "https://schema.org";

/** What the store knows beyond the product: its name (the brand), shipping zones and currency, own country. */
export interface StoreFacts {
  siteName: string;
  shippingZones: readonly ShippingZone[];
  /** The currency shipping rates are in (the store's). */
  currency: string;
  /** The store's own country (ISO alpha-2): where a rest-of-world zone is known to ship when no other zone reaches it. */
  storeCountry: string;
}

type DefinedRegion = { "@type": "DefinedRegion"; addressCountry: string; addressRegion?: string[] };

/**
 * Where a zone ships, as schema.org DefinedRegions: its countries, or its country's regions. A
 * rest-of-world zone names no country; it stands for the store's own country when it is the zone
 * reaching it (`zoneOf`), else it is left out (Google needs a country for every destination).
 */
function destinationsOf(zone: ShippingZone, store: StoreFacts): DefinedRegion[] {
  const reach = zone.reach;
  if (reach.kind === "countries") return reach.countries.map((country) => ({ "@type": "DefinedRegion", addressCountry: country }));
  if (reach.kind === "regions") return [{ "@type": "DefinedRegion", addressCountry: reach.country, addressRegion: [...reach.regions] }];
  return store.storeCountry && zoneOf({ country: store.storeCountry }, store.shippingZones) === zone
    ? [{ "@type": "DefinedRegion", addressCountry: store.storeCountry }]
    : [];
}

/** One OfferShippingDetails per option of each zone that names a destination. */
export function shippingDetailsOf(store: StoreFacts) {
  return store.shippingZones.flatMap((zone) => {
    const destinations = destinationsOf(zone, store);
    if (destinations.length === 0) return [];
    return zone.options.map((option) => ({
      "@type": "OfferShippingDetails",
      shippingLabel: option.name,
      shippingRate: { "@type": "MonetaryAmount", value: toDecimalValue({ value: option.price, currency: store.currency }), currency: store.currency },
      shippingDestination: destinations,
    }));
  });
}

function offersOf(row: StorefrontProductRow, url: string, baseUrl: string, store: StoreFacts) {
  const facts = toProductFacts(row);
  const shipping = requiresShipping(row.productType) ? shippingDetailsOf(store) : [];
  const offer = (sku: string | null, amount: number, soldOut: boolean, offerUrl = url) => ({
    "@type": "Offer",
    ...(sku ? { sku } : {}),
    price: toDecimalValue({ value: amount, currency: row.currency }),
    priceCurrency: row.currency,
    availability: `${SCHEMA}/${soldOut ? "OutOfStock" : "InStock"}`,
    url: offerUrl,
    ...(shipping.length > 0 ? { shippingDetails: shipping } : {}),
  });
  if (row.productType === ProductType.DIGITAL) {
    return [offer(null, effectivePrice({ price: row.price ?? 0, salePrice: row.salePrice ?? 0, onSale: row.onSale }), isSoldOut(facts))];
  }
  if (row.productType === ProductType.GIFT_CARD) {
    return row.giftCardDenominations.map((value, index) =>
      offer(
        value.sku,
        effectivePrice(facts.variants[index]),
        isVariantSoldOut(row.productType, facts.variants[index]),
        absolute(baseUrl, giftCardPath(row.slug, value.sku)),
      ),
    );
  }
  return facts.variants.map((variant, index) => offer(row.variants[index].sku, effectivePrice(variant), isVariantSoldOut(row.productType, variant)));
}

/** The product's JSON-LD (schema.org Product with one Offer per variant). */
export function productStructuredData(row: StorefrontProductRow, baseUrl: string, store: StoreFacts) {
  const url = absolute(baseUrl, productPath(row.slug));
  return {
    "@context": SCHEMA,
    "@type": "Product",
    name: row.name,
    description: row.description,
    ...(row.images.length > 0
      ? { image: row.images.map((image) => absolute(baseUrl, mediaUrl(image.key, image.filename))) }
      : row.imageUrl
        ? { image: absolute(baseUrl, row.imageUrl) }
        : {}),
    url,
    ...(row.variants.length === 1 && row.variants[0].sku ? { sku: row.variants[0].sku } : {}),
    ...(store.siteName ? { brand: { "@type": "Brand", name: store.siteName } } : {}),
    offers: offersOf(row, url, baseUrl, store),
  };
}
