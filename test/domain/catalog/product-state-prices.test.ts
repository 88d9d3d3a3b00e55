// Derived product states about prices (template-language.md §12.3.1: on sale, varied prices, from
// price, normal price, sale price) and the price block of template-language.md §14.3.
import { effectivePrice, fromPrice, hasVariedPrices, isOnSale, normalPrice, priceDisplay, salePrice } from "../../../server/domain/catalog/product-state.ts";
import { demo, DIGITAL, GIFT_CARD, PAYWALL, PHYSICAL, product, SERVICE, UNKNOWN, unlimited, usd, variant } from "./demo-products.ts";

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
