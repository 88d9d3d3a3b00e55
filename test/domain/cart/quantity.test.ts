// Quantity (spec storefront §5 Quantity, §9 "Quantity input 1 to 9999"; template-language.md §12.3.2
// quantity-input for when the input is shown).
import { ProductType, type ProductFacts } from "../../../server/domain/catalog/product-state.ts";
import { DEFAULT_QUANTITY, MAX_QUANTITY, MIN_QUANTITY, isQuantityInputShown, parseQuantity } from "../../../server/domain/cart/quantity.ts";
import { demo, inStock, product, unlimited } from "../catalog/demo-products.ts";

const { PHYSICAL, DIGITAL, SERVICE, GIFT_CARD, PAYWALL } = ProductType;

describe("parseQuantity", () => {
  it("the input is a number with minimum 1, maximum 9999, default 1", () => {
    expect([MIN_QUANTITY, MAX_QUANTITY, DEFAULT_QUANTITY]).toEqual([1, 9999, 1]);
  });

  it.each([
    [1, 1],
    [2, 2],
    [9999, 9999],
    ["3", 3],
    [" 12 ", 12],
    ["9999", 9999],
    [2.0, 2],
  ])("accepts %j as %i", (input, quantity) => {
    expect(parseQuantity(input)).toEqual({ ok: true, quantity });
  });

  it.each([["abc"], [""], ["   "], [null], [undefined], [NaN], [Infinity], [true], [{}], [[2]], ["2 items"]])(
    "must be a number: %j gives 'Quantity must be a number.'",
    (input) => {
      expect(parseQuantity(input)).toEqual({ ok: false, message: "Quantity must be a number." });
    },
  );

  it.each([[1.5], ["2.5"], [0.1], ["9998.9"]])("must be a whole number: %j gives 'Quantity must be a whole number'", (input) => {
    expect(parseQuantity(input)).toEqual({ ok: false, message: "Quantity must be a whole number" });
  });

  // The range message is ours (messages.ts, docs/decisions.md).
  it.each([[0], [-1], ["0"], [10000], ["10000"]])("must be between 1 and 9999: %j is refused", (input) => {
    expect(parseQuantity(input)).toEqual({ ok: false, message: "Quantity must be between 1 and 9999." });
  });
});

describe("isQuantityInputShown", () => {
  const allowServices = { multipleQuantityAllowedForServices: true };
  const denyServices = { multipleQuantityAllowedForServices: false };
  const shown = (item: ProductFacts, isSubscribable = false, settings = allowServices) => isQuantityInputShown({ ...item, isSubscribable }, settings);

  it("is shown for physical products with available stock above 1", () => {
    expect(shown(product(PHYSICAL, [inStock(2)]))).toBe(true);
    expect(shown(product(PHYSICAL, [inStock(2)]), false, denyServices)).toBe(true);
  });

  it("is shown for service products when multiple quantity is allowed for services", () => {
    expect(shown(product(SERVICE, [inStock(5)]), false, allowServices)).toBe(true);
  });

  it("is hidden for service products when multiple quantity is not allowed for services", () => {
    expect(shown(product(SERVICE, [inStock(5)]), false, denyServices)).toBe(false);
  });

  it.each([
    ["digital", DIGITAL],
    ["gift card", GIFT_CARD],
    ["paywall", PAYWALL],
    ["undefined-type", -1],
  ])("is hidden for %s products", (_, type) => {
    expect(shown(product(type, [unlimited()]))).toBe(false);
  });

  it.each([
    ["physical", PHYSICAL],
    ["service", SERVICE],
  ])("is never shown for subscribable %s products", (_, type) => {
    expect(shown(product(type, [unlimited()]), true)).toBe(false);
  });

  it.each([
    [0, false],
    [1, false],
    [2, true],
    [9999, true],
  ])("is shown only when available stock is above 1: total stock %i -> %s", (stock, expected) => {
    expect(shown(product(PHYSICAL, [inStock(stock)]))).toBe(expected);
  });

  it("counts the stock of every variant together", () => {
    expect(shown(product(PHYSICAL, [inStock(1), inStock(0)]))).toBe(false);
    expect(shown(product(PHYSICAL, [inStock(1), inStock(1)]))).toBe(true);
  });

  it("unlimited stock counts as above 1", () => {
    expect(shown(product(PHYSICAL, [unlimited({ qtyInStock: 0 })]))).toBe(true);
  });

  it.each([
    ["linen-shirt", true, demo.linenShirt, false],
    ["ceramic-mug (stock 3)", true, demo.ceramicMug, false],
    ["canvas-tote (sold out)", false, demo.canvasTote, false],
    ["recipe-ebook (digital)", false, demo.recipeEbook, false],
    ["design-consultation (service, unlimited)", true, demo.designConsultation, false],
    ["gift-card", false, demo.giftCard, false],
    ["coffee-club (subscribable)", false, demo.coffeeClub, true],
    ["engraved-pen (stock 4)", true, demo.engravedPen, false],
    ["city-poster", true, demo.cityPoster, false],
  ] as const)("demo store: %s -> shown %s", (_, expected, item, isSubscribable) => {
    expect(shown(item, isSubscribable)).toBe(expected);
  });
});

describe("quantity text must be a plain decimal", () => {
  it.each(["1e3", "0x10", "Infinity", "1 2", "++1"])("%j is 'Quantity must be a number.'", (input) => {
    expect(parseQuantity(input)).toEqual({ ok: false, message: "Quantity must be a number." });
  });
  it.each([
    ["+3", 3],
    [" 7 ", 7],
    ["12", 12],
  ] as const)("%j reads as %d", (input, expected) => {
    expect(parseQuantity(input)).toEqual({ ok: true, quantity: expected });
  });
});
