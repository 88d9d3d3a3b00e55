// Derived product states (spec storefront §4 "Derived product states"; the precise definitions are
// template-language.md §12.3.1: sold out, on sale, varied prices, has variants, from price, normal
// price, sale price, total stock) and the price block of template-language.md §14.3.
import {
  ProductType,
  effectivePrice,
  fromPrice,
  hasUnlimitedStock,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isProductType,
  isSoldOut,
  isVariantSoldOut,
  normalPrice,
  priceDisplay,
  salePrice,
  totalStock,
} from "../../../server/domain/catalog/product-state.ts";
import { demo, inStock, product, unlimited, variant } from "./demo-products.ts";

const { PHYSICAL, DIGITAL, SERVICE, GIFT_CARD, PAYWALL } = ProductType;
const UNKNOWN = -1;
const usd = (value: number) => ({ value, currency: "USD" });

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

describe("sold out", () => {
  it.each([
    ["physical", PHYSICAL],
    ["service", SERVICE],
  ])("a %s product is sold out when every variant is limited and has zero stock", (_, type) => {
    expect(isSoldOut(product(type, [inStock(0), inStock(0)]))).toBe(true);
  });

  it.each([
    ["physical", PHYSICAL],
    ["service", SERVICE],
  ])("a %s product is not sold out when one variant has stock", (_, type) => {
    expect(isSoldOut(product(type, [inStock(0), inStock(1)]))).toBe(false);
  });

  it.each([
    ["physical", PHYSICAL],
    ["service", SERVICE],
  ])("a %s product is not sold out when one variant is unlimited, even with qtyInStock 0", (_, type) => {
    expect(isSoldOut(product(type, [inStock(0), unlimited({ qtyInStock: 0 })]))).toBe(false);
  });

  it("a physical product with an empty variant list is sold out", () => {
    expect(isSoldOut(product(PHYSICAL, []))).toBe(true);
  });

  it("digital products are never sold out", () => {
    expect(isSoldOut(product(DIGITAL, []))).toBe(false);
    expect(isSoldOut(product(DIGITAL, [inStock(0)]))).toBe(false);
  });

  it("gift cards are never sold out", () => {
    expect(isSoldOut(product(GIFT_CARD, []))).toBe(false);
    expect(isSoldOut(product(GIFT_CARD, [inStock(0)]))).toBe(false);
  });

  it("a product of undefined type is always sold out", () => {
    expect(isSoldOut(product(UNKNOWN, [unlimited()]))).toBe(true);
    expect(isSoldOut(product(99, [inStock(5)]))).toBe(true);
  });

  // Not in the spec's words: storefront §3 lists paywall (5) but §4 and template §12.3.1 do not say
  // how it behaves (§12.3.1 knows types 1-4 only). The code treats paywall access like a digital
  // good; reported as an open question.
  it("paywall access is never sold out (our reading)", () => {
    expect(isSoldOut(product(PAYWALL, []))).toBe(false);
  });
});

describe("variant sold out", () => {
  it.each([
    ["physical", PHYSICAL],
    ["service", SERVICE],
  ])("a %s product's variant is sold out when it is limited and has no stock left", (_, type) => {
    expect(isVariantSoldOut(type, inStock(0))).toBe(true);
    expect(isVariantSoldOut(type, inStock(-1))).toBe(true);
    expect(isVariantSoldOut(type, inStock(1))).toBe(false);
    expect(isVariantSoldOut(type, unlimited({ qtyInStock: 0 }))).toBe(false);
  });

  it.each([
    ["digital", DIGITAL],
    ["gift card", GIFT_CARD],
    ["paywall", PAYWALL],
  ])("a %s product's variant is never sold out", (_, type) => {
    expect(isVariantSoldOut(type, inStock(0))).toBe(false);
  });

  it("a variant of a product of undefined type is always sold out", () => {
    expect(isVariantSoldOut(UNKNOWN, unlimited())).toBe(true);
  });

  it.each([
    ["physical", PHYSICAL],
    ["service", SERVICE],
    ["digital", DIGITAL],
    ["gift card", GIFT_CARD],
    ["paywall", PAYWALL],
    ["undefined", UNKNOWN],
  ])("a %s product is sold out exactly when its only variant is", (_, type) => {
    for (const only of [inStock(0), inStock(3), unlimited()]) {
      expect(isSoldOut(product(type, [only]))).toBe(isVariantSoldOut(type, only));
    }
  });
});

describe("on sale", () => {
  it.each([
    ["physical", PHYSICAL],
    ["service", SERVICE],
  ])("a %s product is on sale when any variant is onSale", (_, type) => {
    expect(isOnSale(product(type, [variant(), variant({ onSale: true, salePrice: 500 })]))).toBe(true);
  });

  it.each([
    ["physical", PHYSICAL],
    ["service", SERVICE],
  ])("a %s product is not on sale when no variant is onSale", (_, type) => {
    expect(isOnSale(product(type, [variant(), variant()]))).toBe(false);
  });

  it("a digital product is on sale when its own onSale is set", () => {
    expect(isOnSale(product(DIGITAL, [], { price: 1200, salePrice: 900, onSale: true }))).toBe(true);
    expect(isOnSale(product(DIGITAL, [], { price: 1200, salePrice: 900, onSale: false }))).toBe(false);
    expect(isOnSale(product(DIGITAL, [], { price: 1200 }))).toBe(false);
  });

  it("a digital product ignores variants when deciding whether it is on sale", () => {
    expect(isOnSale(product(DIGITAL, [variant({ onSale: true })], { onSale: false }))).toBe(false);
  });

  it.each([
    ["gift card", GIFT_CARD],
    ["paywall", PAYWALL],
    ["product of undefined type", UNKNOWN],
  ])("a %s is never on sale", (_, type) => {
    expect(isOnSale(product(type, [variant({ onSale: true, salePrice: 500 })], { onSale: true }))).toBe(false);
  });
});

describe("varied prices", () => {
  const varied = (type: number, variants: ReturnType<typeof variant>[]) => hasVariedPrices(product(type, variants));

  it.each([
    ["a variant differs from the first in price", true, [variant({ price: 2000 }), variant({ price: 3500 })]],
    ["a variant differs from the first in onSale", true, [variant(), variant({ onSale: true, salePrice: 900 })]],
    ["the first is on sale and a variant is not", true, [variant({ onSale: true, salePrice: 900 }), variant()]],
    ["both are on sale at different sale prices", true, [variant({ onSale: true, salePrice: 900 }), variant({ onSale: true, salePrice: 800 })]],
    ["both are on sale at the same price and sale price", false, [variant({ onSale: true, salePrice: 900 }), variant({ onSale: true, salePrice: 900 })]],
    ["every variant has the same price and none is on sale", false, [variant(), variant(), variant()]],
    // Sale prices are compared only when the first variant is on sale.
    ["only the sale prices differ and the first is not on sale", false, [variant({ salePrice: 0 }), variant({ salePrice: 700 })]],
    ["there is a single variant", false, [variant({ onSale: true, salePrice: 1 })]],
    ["there are no variants", false, []],
  ])("physical: %s -> varied prices %s", (_, expected, variants) => {
    expect(varied(PHYSICAL, variants)).toBe(expected);
  });

  it("applies to service products", () => {
    expect(varied(SERVICE, [variant({ price: 6000 }), variant({ price: 9000 })])).toBe(true);
  });

  it("applies to gift cards, whose denominations differ in price", () => {
    expect(varied(GIFT_CARD, [unlimited({ price: 2500 }), unlimited({ price: 5000 })])).toBe(true);
    expect(varied(GIFT_CARD, [unlimited({ price: 2500 })])).toBe(false);
  });

  it.each([
    ["digital", DIGITAL],
    ["paywall", PAYWALL],
    ["undefined-type", UNKNOWN],
  ])("%s products never have varied prices", (_, type) => {
    expect(varied(type, [variant({ price: 100 }), variant({ price: 200 })])).toBe(false);
  });
});

describe("unlimited stock and total stock", () => {
  it("stock is unlimited if any variant is unlimited", () => {
    const shirt = product(PHYSICAL, [inStock(3), unlimited()]);
    expect(hasUnlimitedStock(shirt)).toBe(true);
    expect(totalStock(shirt)).toBeNull();
  });

  it("total stock is the sum of qtyInStock when every variant is limited", () => {
    const shirt = product(PHYSICAL, [inStock(3), inStock(0), inStock(4)]);
    expect(hasUnlimitedStock(shirt)).toBe(false);
    expect(totalStock(shirt)).toBe(7);
  });

  it("service stock follows its variants too", () => {
    expect(totalStock(product(SERVICE, [inStock(2), inStock(2)]))).toBe(4);
    expect(totalStock(product(SERVICE, [unlimited()]))).toBeNull();
  });

  it.each([
    ["digital", DIGITAL],
    ["gift-card", GIFT_CARD],
  ])("%s stock is treated as unlimited", (_, type) => {
    const item = product(type, [inStock(0)]);
    expect(hasUnlimitedStock(item)).toBe(true);
    expect(totalStock(item)).toBeNull();
  });

  // Our reading, see "paywall access is never sold out".
  it("paywall stock is treated as unlimited (our reading)", () => {
    expect(hasUnlimitedStock(product(PAYWALL, []))).toBe(true);
    expect(totalStock(product(PAYWALL, []))).toBeNull();
  });

  it("a product of undefined type counts its variants' stock like any other", () => {
    expect(totalStock(product(UNKNOWN, [inStock(2), inStock(3)]))).toBe(5);
    expect(totalStock(product(UNKNOWN, [inStock(2), unlimited()]))).toBeNull();
  });

  it("an empty physical product has a total stock of 0", () => {
    expect(totalStock(product(PHYSICAL, []))).toBe(0);
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

describe("prices", () => {
  it("a variant's effective price is its sale price when on sale, else its price", () => {
    expect(effectivePrice(variant({ price: 4500, salePrice: 3900, onSale: true }))).toBe(3900);
    expect(effectivePrice(variant({ price: 4500, salePrice: 3900, onSale: false }))).toBe(4500);
  });

  it("the from price is the lowest effective price over the variants", () => {
    const item = product(PHYSICAL, [
      variant({ price: 3000 }),
      variant({ price: 4500, onSale: true, salePrice: 2500 }),
      variant({ price: 2800, salePrice: 100 }), // not on sale: its sale price does not count
    ]);
    expect(fromPrice(item)).toEqual(usd(2500));
  });

  it("the from price with no variants is 0", () => {
    expect(fromPrice(product(PHYSICAL, []))).toEqual(usd(0));
  });

  it("the from price of a gift card is its lowest denomination", () => {
    expect(fromPrice(demo.giftCard)).toEqual(usd(2500));
  });

  it("the from price of a digital product is its priceMoney", () => {
    expect(fromPrice(product(DIGITAL, [], { price: 1200 }))).toEqual(usd(1200));
    expect(fromPrice(product(DIGITAL, []))).toEqual(usd(0));
  });

  // template-language.md §12.3.1: "from price ... Digital: `priceMoney` (default if absent)": the
  // sale price plays no part. The code returns the sale price when the digital product is on sale.
  it("the from price of a digital product on sale is still its priceMoney", () => {
    expect(fromPrice(product(DIGITAL, [], { price: 1200, salePrice: 900, onSale: true }))).toEqual(usd(1200));
  });

  it("the normal price is the highest price, ignoring sales", () => {
    const item = product(PHYSICAL, [variant({ price: 3000 }), variant({ price: 4500, onSale: true, salePrice: 2500 }), variant({ price: 2800 })]);
    expect(normalPrice(item)).toEqual(usd(4500));
  });

  it("the normal price of a digital product is its priceMoney", () => {
    expect(normalPrice(product(DIGITAL, [], { price: 1200, salePrice: 900, onSale: true }))).toEqual(usd(1200));
    expect(normalPrice(product(DIGITAL, []))).toEqual(usd(0));
  });

  it("the sale price is the lowest sale price among variants on sale", () => {
    const item = product(PHYSICAL, [
      variant({ price: 4500, onSale: true, salePrice: 3900 }),
      variant({ price: 4500, salePrice: 100 }), // not on sale
      variant({ price: 5000, onSale: true, salePrice: 3500 }),
    ]);
    expect(salePrice(item)).toEqual(usd(3500));
  });

  it("the sale price is 0 when no variant is on sale", () => {
    expect(salePrice(product(SERVICE, [variant({ salePrice: 500 })]))).toEqual(usd(0));
  });

  it("the sale price of a digital product is its salePriceMoney", () => {
    expect(salePrice(product(DIGITAL, [], { price: 1200, salePrice: 900, onSale: true }))).toEqual(usd(900));
    expect(salePrice(product(DIGITAL, [], { price: 1200 }))).toEqual(usd(0));
  });

  it("a gift card has no sale price", () => {
    expect(salePrice(product(GIFT_CARD, [variant({ price: 2500, onSale: true, salePrice: 2000 })]))).toEqual(usd(0));
  });

  it("prices carry the product's currency", () => {
    const euro = product(PHYSICAL, [variant({ price: 1000 })], { currency: "EUR" });
    expect(fromPrice(euro)).toEqual({ value: 1000, currency: "EUR" });
    expect(normalPrice(euro)).toEqual({ value: 1000, currency: "EUR" });
    expect(salePrice(euro)).toEqual({ value: 0, currency: "EUR" });
  });
});

describe("priceDisplay (the price block, template-language.md §14.3)", () => {
  it("shows 'from' the from price only when prices vary", () => {
    expect(priceDisplay(product(PHYSICAL, [variant({ price: 2000 }), variant({ price: 3500 })])).fromPrice).toEqual(usd(2000));
    expect(priceDisplay(product(PHYSICAL, [variant({ price: 2000 }), variant({ price: 2000 })])).fromPrice).toBeNull();
  });

  it("shows the sale price only when on sale", () => {
    expect(priceDisplay(product(PHYSICAL, [variant({ price: 2000, onSale: true, salePrice: 1500 })])).salePrice).toEqual(usd(1500));
    expect(priceDisplay(product(PHYSICAL, [variant({ price: 2000, salePrice: 1500 })])).salePrice).toBeNull();
  });

  it("always shows the normal price", () => {
    expect(priceDisplay(product(PHYSICAL, [variant({ price: 2000 })]))).toEqual({
      fromPrice: null,
      salePrice: null,
      normalPrice: usd(2000),
    });
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
