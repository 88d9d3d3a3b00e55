// The add button's label (spec storefront §4: the custom text when set, else 'Subscribe' for
// subscribable products, else 'Add To Cart') and the scarcity text ('Only {qty} left!' for a limited
// variant with a few units left).
import { addButtonLabel, scarcityText } from "../../../server/domain/catalog/product-text.ts";

describe("addButtonLabel", () => {
  it.each([
    ["a plain product", { useCustomAddButtonText: false, customAddButtonText: null, isSubscribable: false }, "Add To Cart"],
    ["a subscribable product", { useCustomAddButtonText: false, customAddButtonText: null, isSubscribable: true }, "Subscribe"],
    ["the custom text switched on", { useCustomAddButtonText: true, customAddButtonText: "Pre-order", isSubscribable: false }, "Pre-order"],
    ["the custom text on a subscribable product", { useCustomAddButtonText: true, customAddButtonText: "Join", isSubscribable: true }, "Join"],
    ["custom text set but switched off", { useCustomAddButtonText: false, customAddButtonText: "Pre-order", isSubscribable: false }, "Add To Cart"],
    ["the custom text switched on but blank", { useCustomAddButtonText: true, customAddButtonText: "  ", isSubscribable: false }, "Add To Cart"],
    ["the custom text switched on but missing", { useCustomAddButtonText: true, customAddButtonText: null, isSubscribable: true }, "Subscribe"],
  ])("labels %s", (_case, product, label) => {
    expect(addButtonLabel(product)).toBe(label);
  });
});

describe("scarcityText", () => {
  const on = { scarcityEnabled: true, scarcityText: "Only {qty} left!" };
  const limited = (qtyInStock: number) => ({ unlimited: false, qtyInStock });

  it("puts the units left into the owner's text", () => {
    expect(scarcityText(on, limited(2))).toBe("Only 2 left!");
  });

  it("replaces every {qty}", () => {
    expect(scarcityText({ scarcityEnabled: true, scarcityText: "{qty} left, just {qty}" }, limited(3))).toBe("3 left, just 3");
  });

  it.each([
    ["scarcity is off", { scarcityEnabled: false, scarcityText: "Only {qty} left!" }, limited(2)],
    ["there is no text", { scarcityEnabled: true, scarcityText: null }, limited(2)],
    ["the text is empty", { scarcityEnabled: true, scarcityText: "" }, limited(2)],
    ["there is no merchandising", null, limited(2)],
    ["no variant is chosen", on, null],
    ["the variant is unlimited", on, { unlimited: true, qtyInStock: 2 }],
    ["the variant is sold out", on, limited(0)],
    ["the variant has more than 5 left", on, limited(6)],
  ])("shows nothing when %s", (_case, merchandising, variant) => {
    expect(scarcityText(merchandising, variant)).toBeNull();
  });

  it("shows at the threshold of 5", () => {
    expect(scarcityText(on, limited(5))).toBe("Only 5 left!");
  });

  it("follows the store's threshold", () => {
    const settings = { threshold: 12, onProductPages: true, inProductBlocks: true };
    expect(scarcityText(on, limited(12), settings)).toBe("Only 12 left!");
    expect(scarcityText(on, limited(13), settings)).toBeNull();
    expect(scarcityText(on, limited(2), { ...settings, threshold: 1 })).toBeNull();
  });

  it("shows nothing in a view the store switched off", () => {
    const settings = { threshold: 5, onProductPages: false, inProductBlocks: true };
    expect(scarcityText(on, limited(2), settings, "product-page")).toBeNull();
    expect(scarcityText(on, limited(2), settings, "product-block")).toBe("Only 2 left!");
    expect(scarcityText(on, limited(2), { ...settings, inProductBlocks: false }, "product-block")).toBeNull();
  });
});
