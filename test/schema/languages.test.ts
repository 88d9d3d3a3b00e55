// Languages on the storefront (issue 12 item 4): the owner's languages drive the site; product names
// and descriptions translated by the owner; the visitor's language for names, money, <html lang> and
// hreflang.
import { ok, owner, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

const LANGUAGES = `query { siteLanguages { current languages { code name isDefault custom } } }`;
const PRODUCT = `query { product(slug: "linen-shirt") { itemId name description addButtonText price { formatted } priceDisplay { formattedSalePrice } } }`;
const TRANSLATE = `mutation($input: SetProductTranslationInput!) { setProductTranslation(input: $input) { __typename
  ... on SetProductTranslationSuccess { product { name } } ... on Error { message code } } }`;
let linenId: string;

/** The switcher's call: POST /api/site-users/account/locale, again after a crumbFail (a first visit has no crumb). */
async function chooseLanguage(visitor: ReturnType<typeof store.visitor>, language: string) {
  let answer = await visitor.request("POST", "/api/site-users/account/locale", { body: { language } });
  if (answer.status === 403 && answer.body?.crumbFail) answer = await visitor.request("POST", "/api/site-users/account/locale", { body: { language } });
  return answer;
}

beforeAll(async () => {
  linenId = (await store.visitor().graphql(PRODUCT)).data.product.itemId;
});

describe("before the owner adds a language", () => {
  it("the site has one language, the document says en-US with no hreflang", async () => {
    const visitor = store.visitor();
    expect((await visitor.graphql(LANGUAGES)).data.siteLanguages).toEqual({
      current: "en-US",
      languages: [{ code: "en-US", name: "American English", isDefault: true, custom: false }],
    });
    const document = await visitor.request("GET", "/shop/p/linen-shirt");
    expect(document.body).toContain('<html lang="en-US">');
    expect(document.body).not.toContain("hreflang");
  });
});

describe("with French added", () => {
  beforeAll(async () => {
    await ok(`mutation { updateLanguages(input: { languages: ["en-US", "fr"] }) { __typename } }`);
  });

  it("refuses a translation into the default language or one the site does not offer", async () => {
    for (const locale of ["en-US", "de"]) {
      const data = await ok(TRANSLATE, { input: { productId: linenId, locale, name: "X" } });
      expect(data.setProductTranslation).toEqual({
        __typename: "InvalidInputError",
        message: "Choose one of the site's languages other than its default.",
        code: "INVALID_INPUT",
      });
    }
    const data = await ok(TRANSLATE, { input: { productId: linenId, locale: "fr", name: " ", description: "Sans nom" } });
    expect(data.setProductTranslation.message).toBe("A translation needs a name.");
    const long = await ok(TRANSLATE, { input: { productId: linenId, locale: "fr", name: "x".repeat(201) } });
    expect(long.setProductTranslation.message).toBe("The name may have up to 200 characters and the description up to 20,000.");
    const missing = await ok(TRANSLATE, { input: { productId: "999999", locale: "fr", name: "X" } });
    expect(missing.setProductTranslation).toMatchObject({ __typename: "NotFoundError", message: "That product could not be found." });
  });

  it("a visitor who picks French reads the owner's French name and description and French money", async () => {
    const data = await ok(TRANSLATE, { input: { productId: linenId, locale: "fr", name: "Chemise en lin", description: "Une chemise légère." } });
    expect(data.setProductTranslation).toEqual({ __typename: "SetProductTranslationSuccess", product: { name: "Linen Shirt" } });

    const english = store.visitor();
    const french = store.visitor();
    // English first: its answer may sit in the catalogue cache, which must not serve it to French.
    expect((await english.graphql(PRODUCT)).data.product).toMatchObject({ name: "Linen Shirt", addButtonText: "Add To Cart", price: { formatted: "$39.00" } });
    const saved = await chooseLanguage(french, "fr");
    expect(saved.status).toBe(200);
    expect((await french.graphql(PRODUCT)).data.product).toMatchObject({
      name: "Chemise en lin",
      description: "Une chemise légère.",
      addButtonText: "Ajouter au panier",
      price: { formatted: "39,00\u00a0$US" },
      priceDisplay: { formattedSalePrice: "39,00\u00a0$US" },
    });
    expect((await french.graphql(LANGUAGES)).data.siteLanguages).toMatchObject({
      current: "fr",
      languages: [
        { code: "en-US", isDefault: true },
        { code: "fr", name: "Français", isDefault: false, custom: false },
      ],
    });
    expect((await english.graphql(PRODUCT)).data.product.name).toBe("Linen Shirt");
  });

  it("the document has the visitor's lang and hreflang links to every language", async () => {
    const french = store.visitor();
    const saved = await chooseLanguage(french, "fr");
    expect([saved.status, saved.body, [...french.cookies.keys()]]).toEqual([200, { language: "fr" }, ["crumb", "sc_locale"]]);
    const document = (await french.request("GET", "/shop/p/linen-shirt")).body as string;
    expect(document).toContain('<html lang="fr">');
    expect(document).toContain('<link rel="alternate" hreflang="en-US" href="' + store.baseUrl + '/shop/p/linen-shirt?lang=en-US">');
    expect(document).toContain('<link rel="alternate" hreflang="fr" href="' + store.baseUrl + '/shop/p/linen-shirt?lang=fr">');
  });

  it("?lang= opens the page in that language and keeps it in the locale cookie; an unknown one gives the default", async () => {
    const visitor = store.visitor();
    expect((await visitor.request("GET", "/shop/p/linen-shirt?lang=de")).body).toContain('<html lang="en-US">');
    expect(visitor.cookies.has("sc_locale")).toBe(false);
    expect((await visitor.request("GET", "/shop/p/linen-shirt?lang=fr")).body).toContain('<html lang="fr">');
    expect(visitor.cookies.get("sc_locale")).toBe("fr");
    expect((await visitor.graphql(PRODUCT)).data.product.name).toBe("Chemise en lin");
  });

  it("an empty name and description remove the translation", async () => {
    await ok(TRANSLATE, { input: { productId: linenId, locale: "fr", name: "", description: "" } });
    const french = store.visitor();
    await chooseLanguage(french, "fr");
    expect((await french.graphql(PRODUCT)).data.product.name).toBe("Linen Shirt");
    expect(owner).toBeDefined();
  });
});
