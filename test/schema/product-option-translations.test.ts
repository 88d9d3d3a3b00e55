// Option value translations (issue 23 part 6): the owner translates a product's option values into one
// of the site's other languages (setProductTranslation optionValues), reads them back on
// Product.translations; a visitor in that language sees them on the selectors (VariantOption.choices)
// and on the product page's context, while the values, selection and cart stay canonical.
import { ok, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

const TRANSLATE = `mutation($input: SetProductTranslationInput!) { setProductTranslation(input: $input) { __typename
  ... on SetProductTranslationSuccess { product { translations { locale name description optionValues { optionName value translation } } } }
  ... on Error { message code } } }`;
const OPTIONS = `query { product(slug: "linen-shirt") { name variantOptions { name values choices { value label } } } }`;
let linenId: string;

async function frenchVisitor() {
  const visitor = store.visitor();
  let answer = await visitor.request("POST", "/api/site-users/account/locale", { body: { language: "fr" } });
  if (answer.status === 403) answer = await visitor.request("POST", "/api/site-users/account/locale", { body: { language: "fr" } });
  expect(answer.status).toBe(200);
  return visitor;
}

beforeAll(async () => {
  linenId = (await store.visitor().graphql(`{ product(slug: "linen-shirt") { itemId } }`)).data.product.itemId;
  await ok(`mutation { updateLanguages(input: { languages: ["en-US", "fr"] }) { __typename } }`);
});

it("saves the option values and reads them back in the product's option order; empty ones are left out", async () => {
  const data = await ok(TRANSLATE, {
    input: {
      productId: linenId,
      locale: "fr",
      name: "Chemise en lin",
      optionValues: [
        { optionName: "Color", value: "White", translation: "Blanc" },
        { optionName: "Size", value: "L", translation: " Grand " },
        { optionName: "Size", value: "M", translation: "" },
      ],
    },
  });
  expect(data.setProductTranslation).toEqual({
    __typename: "SetProductTranslationSuccess",
    product: {
      translations: [
        {
          locale: "fr",
          name: "Chemise en lin",
          description: "",
          optionValues: [
            { optionName: "Size", value: "L", translation: "Grand" },
            { optionName: "Color", value: "White", translation: "Blanc" },
          ],
        },
      ],
    },
  });
  // Without optionValues the saved ones stay (the older callers send name and description only).
  const renamed = await ok(TRANSLATE, { input: { productId: linenId, locale: "fr", name: "Chemise de lin" } });
  expect(renamed.setProductTranslation.product.translations[0]).toMatchObject({ name: "Chemise de lin", optionValues: [{ value: "L" }, { value: "White" }] });
});

it("refuses the default language, a language the site lacks, an unknown option or value, a long value and values without a name", async () => {
  const value = [{ optionName: "Size", value: "L", translation: "Grand" }];
  for (const locale of ["en-US", "de"]) {
    const data = await ok(TRANSLATE, { input: { productId: linenId, locale, name: "X", optionValues: value } });
    expect(data.setProductTranslation).toEqual({
      __typename: "InvalidInputError",
      message: "Choose one of the site's languages other than its default.",
      code: "INVALID_INPUT",
    });
  }
  const unknownValue = await ok(TRANSLATE, {
    input: { productId: linenId, locale: "fr", name: "X", optionValues: [{ optionName: "Size", value: "XXL", translation: "Énorme" }] },
  });
  expect(unknownValue.setProductTranslation).toEqual({
    __typename: "InvalidInputError",
    message: "This product has no option value Size: XXL.",
    code: "INVALID_INPUT",
  });
  const unknownOption = await ok(TRANSLATE, {
    input: { productId: linenId, locale: "fr", name: "X", optionValues: [{ optionName: "Fit", value: "L", translation: "Grand" }] },
  });
  expect(unknownOption.setProductTranslation.message).toBe("This product has no option value Fit: L.");
  const long = await ok(TRANSLATE, {
    input: { productId: linenId, locale: "fr", name: "X", optionValues: [{ optionName: "Size", value: "L", translation: "x".repeat(101) }] },
  });
  expect(long.setProductTranslation.message).toBe("A translated option value may have up to 100 characters.");
  const nameless = await ok(TRANSLATE, { input: { productId: linenId, locale: "fr", name: "", optionValues: value } });
  expect(nameless.setProductTranslation.message).toBe("A translation needs a name.");
  // Nothing refused changed what was saved.
  const read = await ok(`{ ownerProduct(id: "${linenId}") { translations { name optionValues { value translation } } } }`);
  expect(read.ownerProduct.translations).toEqual([
    {
      name: "Chemise de lin",
      optionValues: [
        { value: "L", translation: "Grand" },
        { value: "White", translation: "Blanc" },
      ],
    },
  ]);
});

it("a visitor in French sees the translated labels, the values (what selection and the cart use) stay canonical", async () => {
  const english = store.visitor();
  const englishOptions = (await english.graphql(OPTIONS)).data.product.variantOptions;
  expect(englishOptions[0].choices).toEqual([
    { value: "S", label: "S" },
    { value: "M", label: "M" },
    { value: "L", label: "L" },
  ]);
  const french = await frenchVisitor();
  const product = (await french.graphql(OPTIONS)).data.product;
  expect(product.name).toBe("Chemise de lin");
  expect(product.variantOptions).toEqual([
    {
      name: "Size",
      values: ["S", "M", "L"],
      choices: [
        { value: "S", label: "S" },
        { value: "M", label: "M" },
        { value: "L", label: "Grand" },
      ],
    },
    {
      name: "Color",
      values: ["White", "Blue"],
      choices: [
        { value: "White", label: "Blanc" },
        { value: "Blue", label: "Blue" },
      ],
    },
  ]);
  const page = (await french.request("GET", "/shop/p/linen-shirt?format=json")).body;
  const variant = page.item.structuredContent.variants.find((candidate: { sku: string }) => candidate.sku === "LINEN-L-WHITE");
  expect(variant.attributes).toEqual({ Size: "L", Color: "White" });
  expect(variant.optionValues).toEqual([
    { optionName: "Size", value: "L", label: "Grand" },
    { optionName: "Color", value: "White", label: "Blanc" },
  ]);
  expect(page.item.structuredContent.optionValueTranslations).toEqual({ Size: { L: "Grand" }, Color: { White: "Blanc" } });
  const englishPage = (await english.request("GET", "/shop/p/linen-shirt?format=json")).body;
  expect(englishPage.item.structuredContent.optionValueTranslations).toBeUndefined();
});

it("only owners read a product's translations", async () => {
  const answer = await store.visitor().graphql(`{ product(slug: "linen-shirt") { translations { locale } } }`);
  expect(answer.errors?.[0]?.message).toBeDefined();
});
