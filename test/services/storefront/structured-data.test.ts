// A product page's JSON-LD (server/services/storefront/structured-data.ts), checked against what
// Google's merchant listings require: Product name, image, offers; each Offer its price (a decimal
// string), priceCurrency, availability (a schema.org URL) and url; shippingDetails as
// OfferShippingDetails with a MonetaryAmount shippingRate and DefinedRegion destinations (addressCountry).
import type { Services } from "../../../server/services/index.ts";
import type { ShippingZone } from "../../../server/domain/checkout/shipping-zones.ts";
import { productStructuredData, shippingDetailsOf, type StoreFacts } from "../../../server/services/storefront/structured-data.ts";
import type { StorefrontProductRow } from "../../../server/services/storefront/storefront-rows.ts";
import { createDemoStoreServices } from "../../support/services.ts";

const BASE_URL = "https://demo.sitecart.test";
let close: () => Promise<void>;
let services: Services;
beforeAll(async () => {
  ({ services, close } = await createDemoStoreServices());
}, 30_000);
afterAll(() => close());

const row = async (slug: string) => (await services.storefront.product(slug))!;
const pageData = async (slug: string) =>
  (await services.storefront.page(new URL(`/shop/p/${slug}`, BASE_URL), BASE_URL)).context.structuredData as Record<string, any>;
const US = { "@type": "DefinedRegion", addressCountry: "US" };
const rate = (value: string, currency = "USD") => ({ "@type": "MonetaryAmount", value, currency });
const zone = (id: number, reach: ShippingZone["reach"], price: number): ShippingZone => ({
  id,
  name: `Zone ${id}`,
  reach,
  options: [{ id, name: `Option ${id}`, price }],
});
const store = (zones: ShippingZone[], extra: Partial<StoreFacts> = {}): StoreFacts => ({
  siteName: "Shop & Co",
  shippingZones: zones,
  currency: "USD",
  storeCountry: "US",
  ...extra,
});

/** The properties Google requires of a merchant listing, and the shape of each offer. */
function expectMerchantListing(data: Record<string, any>) {
  expect(data).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: expect.any(String), url: expect.stringMatching(/^https:\/\//) });
  expect(data.image).toBeDefined();
  expect(data.offers.length).toBeGreaterThan(0);
  for (const offer of data.offers) {
    expect(offer).toMatchObject({ "@type": "Offer", price: expect.stringMatching(/^\d+(\.\d+)?$/), priceCurrency: expect.stringMatching(/^[A-Z]{3}$/) });
    expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    for (const details of offer.shippingDetails ?? []) {
      expect(details).toMatchObject({
        "@type": "OfferShippingDetails",
        shippingRate: { "@type": "MonetaryAmount", value: expect.any(String), currency: "USD" },
      });
      for (const region of details.shippingDestination)
        expect(region).toMatchObject({ "@type": "DefinedRegion", addressCountry: expect.stringMatching(/^[A-Z]{2}$/) });
    }
  }
}

it("has one offer per variant, each with its availability, and the site's name as the brand", async () => {
  const data = await pageData("linen-shirt");
  expectMerchantListing(data);
  expect(data.brand).toEqual({ "@type": "Brand", name: "Sitecart Demo" });
  expect(data.offers).toHaveLength(6);
  expect(data.offers.find((offer: any) => offer.sku === "LINEN-L-WHITE").availability).toBe("https://schema.org/OutOfStock");
  expect(data.offers.find((offer: any) => offer.sku === "LINEN-L-BLUE")).toMatchObject({ price: "39.00", url: `${BASE_URL}/shop/p/linen-shirt` });
});

it("gives physical goods the store's shipping: one detail per option of each zone that names its countries", async () => {
  const data = await pageData("ceramic-mug");
  expectMerchantListing(data);
  // The demo store: Standard and Express to the US; its rest-of-world zone names no country (left out).
  expect(data.offers[0].shippingDetails).toEqual([
    { "@type": "OfferShippingDetails", shippingLabel: "Standard", shippingRate: rate("5.00"), shippingDestination: [US] },
    { "@type": "OfferShippingDetails", shippingLabel: "Express", shippingRate: rate("15.00"), shippingDestination: [US] },
  ]);
});

it("gives digital products, services and gift cards no shipping; a gift card's value is bought on the gift card page", async () => {
  for (const slug of ["recipe-ebook", "design-consultation", "gift-card"]) {
    const data = await pageData(slug);
    expectMerchantListing(data);
    expect(data.offers.every((offer: any) => offer.shippingDetails === undefined)).toBe(true);
  }
  expect((await pageData("gift-card")).offers.map((offer: any) => offer.url)).toEqual(
    ["GIFT-2500", "GIFT-5000", "GIFT-10000"].map((sku) => `${BASE_URL}/gift-card/gift-card?sku=${sku}`),
  );
});

it("writes a JPY price in yen (no minor units), and a sold-out product's offers out of stock", async () => {
  const mug = await row("ceramic-mug");
  const yen: StorefrontProductRow = {
    ...mug,
    currency: "JPY",
    variants: mug.variants.map((variant) => ({ ...variant, currency: "JPY", price: 1800, onSale: false })),
  };
  const data = productStructuredData(yen, BASE_URL, store([zone(1, { kind: "countries", countries: ["JP"] }, 700)], { currency: "JPY", storeCountry: "JP" }));
  expect(data.offers.map((offer) => [offer.price, offer.priceCurrency])).toEqual(yen.variants.map(() => ["1800", "JPY"]));
  expect(data.offers[0].shippingDetails?.[0].shippingRate).toEqual(rate("700", "JPY"));
  const soldOut = { ...mug, variants: mug.variants.map((variant) => ({ ...variant, unlimited: false, qtyInStock: 0 })) };
  expect(productStructuredData(soldOut, BASE_URL, store([])).offers.map((offer) => offer.availability)).toEqual(
    mug.variants.map(() => "https://schema.org/OutOfStock"),
  );
});

it("names countries, a country's regions, and the store's own country for a rest-of-world zone only when it is the zone reaching it", () => {
  const countries = zone(1, { kind: "countries", countries: ["DE", "AT"] }, 900);
  const regions = zone(2, { kind: "regions", country: "US", regions: ["AK", "HI"] }, 2000);
  const world = zone(3, { kind: "restOfWorld" }, 3000);
  expect(shippingDetailsOf(store([countries, regions, world])).map((details) => details.shippingDestination)).toEqual([
    [
      { "@type": "DefinedRegion", addressCountry: "DE" },
      { "@type": "DefinedRegion", addressCountry: "AT" },
    ],
    [{ "@type": "DefinedRegion", addressCountry: "US", addressRegion: ["AK", "HI"] }],
    [US],
  ]);
  const home = zone(4, { kind: "countries", countries: ["US"] }, 500);
  expect(shippingDetailsOf(store([home, world])).map((details) => details.shippingLabel)).toEqual(["Option 4"]);
  expect(shippingDetailsOf(store([]))).toEqual([]);
});
