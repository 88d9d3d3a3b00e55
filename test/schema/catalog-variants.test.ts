// The catalogue over GraphQL: variants and variant options through Query.product match the demo stock
// of demo-store.md exactly (spec storefront-and-commerce.md §3, §5).
import { product, usd, useCatalogStore } from "./catalog-setup.ts";

useCatalogStore();

describe("variants match the demo stock exactly", () => {
  const shirt = (size: string, color: string, qtyInStock: number | null, sale?: number) => ({
    sku: `LINEN-${size}-${color.toUpperCase()}`,
    attributes: [
      { name: "Size", value: size },
      { name: "Color", value: color },
    ],
    price: usd(4500, "45.00"),
    salePrice: sale ? usd(sale, (sale / 100).toFixed(2)) : usd(0, "0.00"),
    onSale: sale !== undefined,
    unlimited: qtyInStock === null,
    qtyInStock: qtyInStock ?? 0,
    soldOut: qtyInStock === 0,
  });

  it("linen-shirt: Size S/M/L × Color White/Blue, all 4500, L/Blue on sale at 3900; S/White 10, M/White 1, L/White 0, S/Blue unlimited, M/Blue 5, L/Blue 2", async () => {
    const p = await product("linen-shirt");
    expect(p.variants).toEqual([
      shirt("S", "White", 10),
      shirt("M", "White", 1),
      shirt("L", "White", 0),
      shirt("S", "Blue", null),
      shirt("M", "Blue", 5),
      shirt("L", "Blue", 2, 3900),
    ]);
  });

  it.each`
    slug                     | sku              | attributes | price   | unlimited | qtyInStock
    ${"ceramic-mug"}         | ${"MUG-1"}       | ${[]}      | ${1800} | ${false}  | ${3}
    ${"design-consultation"} | ${"CONSULT-1H"}  | ${[]}      | ${6000} | ${true}   | ${0}
    ${"coffee-club"}         | ${"COFFEE-CLUB"} | ${[]}      | ${2000} | ${true}   | ${0}
    ${"engraved-pen"}        | ${"PEN-BRASS"}   | ${[]}      | ${3200} | ${false}  | ${4}
  `("$slug has one variant $sku at $price, unlimited $unlimited, stock $qtyInStock", async ({ slug, sku, attributes, price, unlimited, qtyInStock }) => {
    const p = await product(slug);
    expect(p.variants).toEqual([
      {
        sku,
        attributes,
        price: usd(price, (price / 100).toFixed(2)),
        salePrice: usd(0, "0.00"),
        onSale: false,
        unlimited,
        qtyInStock,
        soldOut: false,
      },
    ]);
  });

  it("canvas-tote: Color Natural/Black, 2500 each, both limited with stock 0 (sold out)", async () => {
    const p = await product("canvas-tote");
    expect(p.variants.map((v: any) => [v.sku, v.attributes, v.price.value, v.unlimited, v.qtyInStock, v.soldOut])).toEqual([
      ["TOTE-NATURAL", [{ name: "Color", value: "Natural" }], 2500, false, 0, true],
      ["TOTE-BLACK", [{ name: "Color", value: "Black" }], 2500, false, 0, true],
    ]);
  });

  it("city-poster: Size Small 2000 / Large 3500, both unlimited", async () => {
    const p = await product("city-poster");
    expect(p.variants.map((v: any) => [v.sku, v.attributes, v.price.value, v.unlimited])).toEqual([
      ["POSTER-SMALL", [{ name: "Size", value: "Small" }], 2000, true],
      ["POSTER-LARGE", [{ name: "Size", value: "Large" }], 3500, true],
    ]);
  });

  it("gift-card: denominations 2500, 5000, 10000", async () => {
    const p = await product("gift-card");
    expect(p.giftCardDenominations).toEqual([
      { sku: "GIFT-2500", amount: usd(2500, "25.00") },
      { sku: "GIFT-5000", amount: usd(5000, "50.00") },
      { sku: "GIFT-10000", amount: usd(10000, "100.00") },
    ]);
  });
});

describe("variant options", () => {
  it("lists linen-shirt's options in variantOptionOrdering: Size (S, M, L) then Color (White, Blue)", async () => {
    const p = await product("linen-shirt");
    expect(p.variantOptionOrdering).toEqual(["Size", "Color"]);
    expect(p.hasVariants).toBe(true);
    expect(p.variantOptions).toEqual([
      { name: "Size", values: ["S", "M", "L"], selectText: "Select Size" },
      { name: "Color", values: ["White", "Blue"], selectText: "Select Color" },
    ]);
  });

  it("shows variant selectors only when there is more than one variant", async () => {
    expect((await product("city-poster")).variantOptions).toEqual([{ name: "Size", values: ["Small", "Large"], selectText: "Select Size" }]);
    for (const slug of ["ceramic-mug", "design-consultation", "coffee-club", "engraved-pen", "recipe-ebook"]) {
      const p = await product(slug);
      expect({ slug, hasVariants: p.hasVariants, variantOptions: p.variantOptions }).toEqual({ slug, hasVariants: false, variantOptions: [] });
    }
  });
});
