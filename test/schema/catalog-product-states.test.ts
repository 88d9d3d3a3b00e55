// The catalogue over GraphQL: every demo product's derived states and prices through Query.product,
// exactly as demo-store.md lists them (spec storefront-and-commerce.md §3, §4).
import { DEMO_PRODUCT_SLUGS } from "../support/app.ts";
import { product, query, store, usd, useCatalogStore } from "./catalog-setup.ts";

useCatalogStore();

describe("product(slug): the derived states of every demo product", () => {
  it.each`
    slug                     | productType    | soldOut  | onSale   | variedPrices | unlimitedStock | totalStock | quantityInputShown | addButtonText    | price
    ${"linen-shirt"}         | ${"PHYSICAL"}  | ${false} | ${true}  | ${true}      | ${true}        | ${null}    | ${true}            | ${"Add To Cart"} | ${3900}
    ${"ceramic-mug"}         | ${"PHYSICAL"}  | ${false} | ${false} | ${false}     | ${false}       | ${3}       | ${true}            | ${"Add To Cart"} | ${1800}
    ${"canvas-tote"}         | ${"PHYSICAL"}  | ${true}  | ${false} | ${false}     | ${false}       | ${0}       | ${false}           | ${"Add To Cart"} | ${2500}
    ${"recipe-ebook"}        | ${"DIGITAL"}   | ${false} | ${true}  | ${false}     | ${true}        | ${null}    | ${false}           | ${"Add To Cart"} | ${1200}
    ${"design-consultation"} | ${"SERVICE"}   | ${false} | ${false} | ${false}     | ${true}        | ${null}    | ${true}            | ${"Add To Cart"} | ${6000}
    ${"gift-card"}           | ${"GIFT_CARD"} | ${false} | ${false} | ${true}      | ${true}        | ${null}    | ${false}           | ${"Add To Cart"} | ${2500}
    ${"coffee-club"}         | ${"PHYSICAL"}  | ${false} | ${false} | ${false}     | ${true}        | ${null}    | ${false}           | ${"Subscribe"}   | ${2000}
    ${"engraved-pen"}        | ${"PHYSICAL"}  | ${false} | ${false} | ${false}     | ${false}       | ${4}       | ${true}            | ${"Add To Cart"} | ${3200}
    ${"city-poster"}         | ${"PHYSICAL"}  | ${false} | ${false} | ${true}      | ${true}        | ${null}    | ${true}            | ${"Add To Cart"} | ${2000}
  `(
    "$slug is $productType: soldOut $soldOut, onSale $onSale, variedPrices $variedPrices, unlimitedStock $unlimitedStock, quantity input $quantityInputShown, '$addButtonText'",
    async ({ slug, productType, soldOut, onSale, variedPrices, unlimitedStock, totalStock, quantityInputShown, addButtonText, price }) => {
      const p = await product(slug);
      expect(p).toMatchObject({ slug, productType, soldOut, onSale, variedPrices, unlimitedStock, totalStock, quantityInputShown, addButtonText });
      expect(p.price.value).toBe(price);
      expect(p.url).toBe(`/shop/p/${slug}`);
      expect(String(p.itemId)).toBe(String(await store.itemId(slug)));
    },
  );

  it("gives the raw product id as itemId (the id REST takes) and a global Relay id as id", async () => {
    const p = await product("ceramic-mug");
    expect(p.itemId).toBe(String(await store.itemId("ceramic-mug")));
    expect(Buffer.from(p.id, "base64").toString("utf8")).toBe(`Product:${p.itemId}`);
  });

  it("answers null for a slug that names no product", async () => {
    const data = await query(`{ product(slug: "no-such-product") { id } }`);
    expect(data.product).toBeNull();
  });
});

describe("prices", () => {
  it("shows linen-shirt 'from $39.00' because L/Blue is on sale at 3900 (varied prices), normal price $45.00", async () => {
    const p = await product("linen-shirt");
    expect(p.price).toEqual({ value: 3900, currency: "USD", decimalValue: "39.00", currencyCode: "USD", formatted: "$39.00" });
    expect(p.priceDisplay).toEqual({
      fromPrice: { value: 3900, formatted: "$39.00" },
      salePrice: { value: 3900, formatted: "$39.00" },
      normalPrice: { value: 4500, formatted: "$45.00" },
    });
  });

  it("shows city-poster 'from $20.00' (Small 2000, Large 3500), with no sale price", async () => {
    const p = await product("city-poster");
    expect(p.price).toMatchObject({ value: 2000, formatted: "$20.00" });
    expect(p.priceDisplay).toEqual({
      fromPrice: { value: 2000, formatted: "$20.00" },
      salePrice: null,
      normalPrice: { value: 3500, formatted: "$35.00" },
    });
  });

  it("gives the digital recipe-ebook priceMoney 12.00 and salePriceMoney 9.00, on sale; its from price is its own price (template spec §12.3.1)", async () => {
    const p = await product("recipe-ebook");
    expect(p.priceMoney).toEqual(usd(1200, "12.00"));
    expect(p.salePriceMoney).toEqual(usd(900, "9.00"));
    expect(p.variants).toEqual([]);
    expect(p.priceDisplay).toEqual({ fromPrice: null, salePrice: { value: 900, formatted: "$9.00" }, normalPrice: { value: 1200, formatted: "$12.00" } });
  });

  it("gives priceMoney and salePriceMoney only to digital products", async () => {
    for (const slug of DEMO_PRODUCT_SLUGS.filter((slug) => slug !== "recipe-ebook")) {
      const p = await product(slug);
      expect({ slug, priceMoney: p.priceMoney, salePriceMoney: p.salePriceMoney }).toEqual({ slug, priceMoney: null, salePriceMoney: null });
    }
  });

  it("shows a single price (no 'from') for products whose variants do not differ", async () => {
    const p = await product("ceramic-mug");
    expect(p.priceDisplay).toEqual({ fromPrice: null, salePrice: null, normalPrice: { value: 1800, formatted: "$18.00" } });
  });
});
