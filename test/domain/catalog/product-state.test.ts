// Derived product states (spec storefront §4 "Derived product states"; the precise definitions are
// template-language.md §12.3.1): product types, has variants, and every state of the demo store's
// products. Stock: product-state-stock.test.ts; prices: product-state-prices.test.ts.
import {
  hasUnlimitedStock,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isProductType,
  isSoldOut,
  priceDisplay,
  ProductType,
  totalStock,
} from "../../../server/domain/catalog/product-state.ts";
import { demo, DIGITAL, PHYSICAL, product, SERVICE, usd, variant } from "./demo-products.ts";

describe("product types", () => {
  it("numbers them physical 1, digital 2, service 3, gift card 4, paywall 5", () => {
    expect(ProductType).toEqual({ PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 });
  });

  it.each([
    [1, true],
    [5, true],
    [0, false],
    [-1, false],
    [6, false],
  ])("knows %i as a product type: %s", (type, known) => {
    expect(isProductType(type)).toBe(known);
  });
});

describe("has variants", () => {
  it.each([
    ["physical with two variants", true, product(PHYSICAL, [variant(), variant()])],
    ["physical with one variant", false, product(PHYSICAL, [variant()])],
    ["service with two variants", true, product(SERVICE, [variant(), variant()])],
    ["gift card with three denominations", true, demo.giftCard],
    ["digital, whatever its variants", false, product(DIGITAL, [variant(), variant()])],
  ])("%s -> %s", (_, expected, item) => {
    expect(hasVariants(item)).toBe(expected);
  });
});

describe("the demo store's products", () => {
  it.each([
    // [slug, soldOut, onSale, variedPrices, unlimitedStock, totalStock, hasVariants, product]
    ["linen-shirt", false, true, true, true, null, true, demo.linenShirt],
    ["ceramic-mug", false, false, false, false, 3, false, demo.ceramicMug],
    ["canvas-tote", true, false, false, false, 0, true, demo.canvasTote],
    ["recipe-ebook", false, true, false, true, null, false, demo.recipeEbook],
    ["design-consultation", false, false, false, true, null, false, demo.designConsultation],
    ["gift-card", false, false, true, true, null, true, demo.giftCard],
    ["coffee-club", false, false, false, true, null, false, demo.coffeeClub],
    ["engraved-pen", false, false, false, false, 4, false, demo.engravedPen],
    ["city-poster", false, false, true, true, null, true, demo.cityPoster],
  ] as const)(
    "%s: sold out %s, on sale %s, varied prices %s, unlimited stock %s, total stock %s, has variants %s",
    (_, soldOut, onSale, variedPrices, unlimitedStock, stock, variants, item) => {
      expect({
        soldOut: isSoldOut(item),
        onSale: isOnSale(item),
        variedPrices: hasVariedPrices(item),
        unlimitedStock: hasUnlimitedStock(item),
        totalStock: totalStock(item),
        hasVariants: hasVariants(item),
      }).toEqual({ soldOut, onSale, variedPrices, unlimitedStock, totalStock: stock, hasVariants: variants });
    },
  );

  it("linen-shirt has varied prices because L/Blue is on sale, and shows from $39.00, sale $39.00, normally $45.00", () => {
    expect(priceDisplay(demo.linenShirt)).toEqual({ fromPrice: usd(3900), salePrice: usd(3900), normalPrice: usd(4500) });
  });

  it("linen-shirt would not have varied prices without the L/Blue sale", () => {
    const withoutSale = { ...demo.linenShirt, variants: demo.linenShirt.variants.map((v) => ({ ...v, onSale: false, salePrice: 0 })) };
    expect(hasVariedPrices(withoutSale)).toBe(false);
    expect(isOnSale(withoutSale)).toBe(false);
  });

  it("canvas-tote is sold out because both limited variants have stock 0", () => {
    expect(isSoldOut(demo.canvasTote)).toBe(true);
    expect(priceDisplay(demo.canvasTote)).toEqual({ fromPrice: null, salePrice: null, normalPrice: usd(2500) });
  });

  it("recipe-ebook is a digital product on sale at $9.00 from $12.00", () => {
    expect(priceDisplay(demo.recipeEbook)).toEqual({ fromPrice: null, salePrice: usd(900), normalPrice: usd(1200) });
  });

  it("city-poster has varied prices from $20.00 up to $35.00", () => {
    expect(priceDisplay(demo.cityPoster)).toEqual({ fromPrice: usd(2000), salePrice: null, normalPrice: usd(3500) });
  });

  it("gift-card denominations act as unlimited variants: from $25.00, never on sale", () => {
    expect(priceDisplay(demo.giftCard)).toEqual({ fromPrice: usd(2500), salePrice: null, normalPrice: usd(10000) });
  });
});
