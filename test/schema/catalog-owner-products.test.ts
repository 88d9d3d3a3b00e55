// Owner operations over GraphQL (issue 4 §3): products and variants CRUD with stock and merchandising.
import { ok, publicProduct, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

describe("products and variants", () => {
  const CREATE = `mutation($input: CreateProductInput!) { createProduct(input: $input) { __typename
    ... on CreateProductSuccess { product { itemId slug name visible productType variants { variantId sku qtyInStock } } }
    ... on Error { message code } } }`;

  it("creates a product with variants; the storefront sees it at once", async () => {
    const data = await ok(CREATE, {
      input: {
        name: "Wool Scarf",
        productType: "PHYSICAL",
        variants: [
          { sku: "SCARF-RED", attributes: { Color: "Red" }, price: 3000, qtyInStock: 2 },
          { sku: "SCARF-GREY", attributes: { Color: "Grey" }, price: 3200, qtyInStock: 0 },
        ],
      },
    });
    expect(data.createProduct).toMatchObject({
      __typename: "CreateProductSuccess",
      product: { slug: "wool-scarf", name: "Wool Scarf", visible: true, productType: "PHYSICAL" },
    });
    expect(data.createProduct.product.variants.map((variant: any) => [variant.sku, variant.qtyInStock])).toEqual([
      ["SCARF-RED", 2],
      ["SCARF-GREY", 0],
    ]);
    expect(await publicProduct("wool-scarf")).toMatchObject({ name: "Wool Scarf", price: { value: 3000 } });
  });

  it("gives a taken slug a numeric suffix", async () => {
    const data = await ok(CREATE, { input: { name: "Ceramic Mug", productType: "PHYSICAL", variants: [{ sku: "M2", price: 100 }] } });
    expect(data.createProduct.product.slug).toBe("ceramic-mug-1");
  });

  it.each([
    [
      "a negative price",
      { name: "X", productType: "PHYSICAL", variants: [{ sku: "X", price: -1 }] },
      "INVALID_INPUT",
      "Prices are whole numbers of minor units from 0 to 100000000.",
    ],
    [
      "a digital product without a price",
      { name: "X", productType: "DIGITAL" },
      "INVALID_INPUT",
      "Prices are whole numbers of minor units from 0 to 100000000.",
    ],
    [
      "stock over a million",
      { name: "X", productType: "PHYSICAL", variants: [{ sku: "X", price: 1, qtyInStock: 1_000_001 }] },
      "INVALID_INPUT",
      "Stock is a whole number from 0 to 1000000.",
    ],
    [
      "two variants with one SKU",
      {
        name: "X",
        productType: "PHYSICAL",
        variants: [
          { sku: "X", price: 1 },
          { sku: "X", price: 2 },
        ],
      },
      "CONFLICT",
      "Another variant of this product already uses that SKU.",
    ],
    ["an unknown collection", { name: "X", productType: "PHYSICAL", collectionId: 999_999 }, "NOT_FOUND", "That collection could not be found."],
  ])("refuses %s and creates nothing", async (_case, input, code, message) => {
    const before = await store.db.product.count();
    const data = await ok(CREATE, { input });
    expect(data.createProduct).toEqual({ __typename: expect.stringMatching(/Error$/), code, message });
    expect(await store.db.product.count()).toBe(before);
  });

  it("updates a product: the storefront's cached answer follows at once", async () => {
    expect((await publicProduct("ceramic-mug")).name).toBe("Ceramic Mug");
    const mugId = await store.itemId("ceramic-mug");
    const data = await ok(
      `mutation { updateProduct(input: { id: "${mugId}", name: "Stoneware Mug" }) { __typename ... on UpdateProductSuccess { product { name } } } }`,
    );
    expect(data.updateProduct).toEqual({ __typename: "UpdateProductSuccess", product: { name: "Stoneware Mug" } });
    expect((await publicProduct("ceramic-mug")).name).toBe("Stoneware Mug");
  });

  it("refuses a slug another product uses with ConflictError", async () => {
    const mugId = await store.itemId("ceramic-mug");
    const data = await ok(`mutation { updateProduct(input: { id: "${mugId}", slug: "linen-shirt" }) { __typename ... on Error { message code } } }`);
    expect(data.updateProduct).toEqual({ __typename: "ConflictError", message: "Another product already uses that URL.", code: "CONFLICT" });
  });

  it("hides a product from the storefront; owners still list it", async () => {
    const posterId = await store.itemId("city-poster");
    await ok(`mutation { updateProduct(input: { id: "${posterId}", visible: false }) { __typename } }`);
    expect(await publicProduct("city-poster")).toBeNull();
    const listed = await ok("{ ownerProducts(first: 100) { edges { node { slug visible } } } }");
    expect(listed.ownerProducts.edges.map((edge: any) => edge.node)).toContainEqual({ slug: "city-poster", visible: false });
    await ok(`mutation { updateProduct(input: { id: "${posterId}", visible: true }) { __typename } }`);
  });

  it("changes a variant's price and stock; deletes a variant and a product", async () => {
    const data = await ok(CREATE, {
      input: {
        name: "Socks",
        productType: "PHYSICAL",
        variants: [
          { sku: "SOCK-1", price: 900, qtyInStock: 1 },
          { sku: "SOCK-2", price: 950 },
        ],
      },
    });
    const [first, second] = data.createProduct.product.variants;
    const changed = await ok(
      `mutation { updateVariant(input: { id: "${first.variantId}", price: 700, onSale: false }) { __typename ... on UpdateVariantSuccess { variant { price { value } } } } }`,
    );
    expect(changed.updateVariant.variant.price.value).toBe(700);
    expect((await publicProduct("socks")).price.value).toBe(700);
    const stock = await ok(
      `mutation { setVariantStock(input: { id: "${second.variantId}", qtyInStock: 5 }) { __typename ... on SetVariantStockSuccess { notified variant { qtyInStock } } } }`,
    );
    expect(stock.setVariantStock).toEqual({ __typename: "SetVariantStockSuccess", notified: 0, variant: { qtyInStock: 5 } });
    const negative = await ok(`mutation { setVariantStock(input: { id: "${second.variantId}", qtyInStock: -1 }) { __typename ... on Error { message } } }`);
    expect(negative.setVariantStock).toEqual({ __typename: "InvalidInputError", message: "Stock is a whole number from 0 to 1000000." });
    await ok(`mutation { deleteVariant(input: { id: "${first.variantId}" }) { __typename } }`);
    expect((await publicProduct("socks")).variants.map((variant: any) => variant.sku)).toEqual(["SOCK-2"]);
    const deleted = await ok(
      `mutation { deleteProduct(input: { id: "${data.createProduct.product.itemId}" }) { __typename ... on DeleteProductSuccess { deletedId } } }`,
    );
    expect(deleted.deleteProduct).toEqual({ __typename: "DeleteProductSuccess", deletedId: Number(data.createProduct.product.itemId) });
    expect(await publicProduct("socks")).toBeNull();
    const again = await ok(`mutation { deleteProduct(input: { id: "${data.createProduct.product.itemId}" }) { __typename ... on Error { message } } }`);
    expect(again.deleteProduct).toEqual({ __typename: "NotFoundError", message: "That product could not be found." });
  });

  it("edits merchandising; the storefront reads it", async () => {
    const mugId = await store.itemId("ceramic-mug");
    const data = await ok(
      `mutation { updateMerchandising(input: { productId: "${mugId}", customSoldOutText: "Back in May", scarcityEnabled: true, restockNotificationsEnabled: true, mailingListSignUpEnabled: true }) { __typename ... on UpdateMerchandisingSuccess { product { merchandising { customSoldOutText restockNotificationsEnabled mailingListSignUpEnabled } } } } }`,
    );
    expect(data.updateMerchandising).toEqual({
      __typename: "UpdateMerchandisingSuccess",
      product: { merchandising: { customSoldOutText: "Back in May", restockNotificationsEnabled: true, mailingListSignUpEnabled: true } },
    });
    expect((await publicProduct("ceramic-mug")).merchandising).toEqual({ customSoldOutText: "Back in May", scarcityEnabled: true });
  });
});
