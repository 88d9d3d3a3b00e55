// The page context (server/services/storefront/page-context.ts): what templates see for the demo store's pages.
import { join } from "node:path";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { DEFAULT_SCARCITY_SETTINGS, hasVariedPrices, isOnSale, isSoldOut } from "../../../server/domain/catalog/product-state.ts";
import { toProductFacts } from "../../../server/services/catalog/catalog.ts";
import type { OrderView } from "../../../server/services/checkout/order-view.ts";
import type { Services } from "../../../server/services/index.ts";
import { renderTemplate } from "../../../server/template/index.ts";
import { orderConfirmedPage, productPage as productPageContext, siteContext } from "../../../server/services/storefront/page-context.ts";
import { merchandisingOf } from "../../../server/services/storefront/product-context.ts";
import { createDemoStoreServices } from "../../support/services.ts";
import { caseInput, loadCases } from "../../template/case-file.ts";

const BASE_URL = "https://demo.sitecart.test";
let close: () => Promise<void>;
let services: Services;

beforeAll(async () => {
  ({ services, close } = await createDemoStoreServices());
});
afterAll(() => close());

const productPage = async (slug: string) => (await services.storefront.page(new URL(`/shop/p/${slug}`, BASE_URL), BASE_URL)).context as Record<string, any>;

it("gives each demo-product case the product page's context, so the cases test the real data", async () => {
  const demos = loadCases(join(__dirname, "../../template/cases/demo-products"));
  expect(demos.map((demo) => demo.file).sort()).toEqual(
    ["canvas-tote", "ceramic-mug", "city-poster", "coffee-club", "design-consultation", "engraved-pen", "gift-card", "linen-shirt", "recipe-ebook"].map(
      (slug) => `${slug}.html`,
    ),
  );
  for (const demo of demos) {
    const expected = caseInput(demo.sections).data as Record<string, any>;
    const actual = await productPage(demo.file.replace(/\.html$/, ""));
    // updatedOn is the row's last change, which the seed leaves to the clock.
    actual.item.updatedOn = expected.item.updatedOn;
    expect(actual).toEqual(expected);
  }
});

it.each(["linen-shirt", "ceramic-mug", "canvas-tote", "recipe-ebook", "design-consultation", "gift-card", "coffee-club", "engraved-pen", "city-poster"])(
  "states of %s are the domain's, and the template predicates agree with them",
  async (slug) => {
    const row = (await services.storefront.product(slug))!;
    const facts = toProductFacts(row);
    const { item } = await productPage(slug);
    expect({ soldOut: item.soldOut, onSale: item.onSale, variedPrices: item.variedPrices }).toEqual({
      soldOut: isSoldOut(facts),
      onSale: isOnSale(facts),
      variedPrices: hasVariedPrices(facts),
    });
    const predicates = renderTemplate("{.sold-out?}1{.or}0{.end}{.on-sale?}1{.or}0{.end}{.varied-prices?}1{.or}0{.end}", item).html;
    expect(predicates).toBe([item.soldOut, item.onSale, item.variedPrices].map(Number).join(""));
  },
);

it("carries the legacy minor-unit fields and the money objects on every variant", async () => {
  const { item } = await productPage("linen-shirt");
  expect(item.structuredContent.variants[5]).toMatchObject({
    sku: "LINEN-L-BLUE",
    attributes: { Size: "L", Color: "Blue" },
    optionValues: [
      { optionName: "Size", value: "L" },
      { optionName: "Color", value: "Blue" },
    ],
    price: 4500,
    salePrice: 3900,
    onSale: true,
    priceMoney: { value: "45.00", currency: "USD", decimalValue: "45.00", currencyCode: "USD" },
    salePriceMoney: { value: "39.00", currency: "USD" },
    qtyInStock: 2,
    unlimited: false,
  });
});

it("lists gift-card denominations as unlimited variants of the option Value", async () => {
  const { item } = await productPage("gift-card");
  expect(item.structuredContent.variantOptionOrdering).toEqual(["Value"]);
  expect(item.structuredContent.variants.map((variant: any) => [variant.sku, variant.attributes.Value, variant.price, variant.unlimited])).toEqual([
    ["GIFT-2500", "$25.00", 2500, true],
    ["GIFT-5000", "$50.00", 5000, true],
    ["GIFT-10000", "$100.00", 10000, true],
  ]);
});

it("puts a digital product's prices on structuredContent", async () => {
  const { item } = await productPage("recipe-ebook");
  expect(item.structuredContent).toMatchObject({ productType: 2, priceMoney: { value: "12.00" }, salePriceMoney: { value: "9.00" }, onSale: true });
  expect(item.structuredContent.variants).toBeUndefined();
});

it("describes the subscription plan of a subscribable product", async () => {
  const { item } = await productPage("coffee-club");
  expect(item.structuredContent).toMatchObject({ isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: "MONTH" }, numBillingCycles: 0 } });
});

it("has the product's JSON-LD: one offer per variant at the price paid now, with its availability", async () => {
  const { structuredData } = await productPage("linen-shirt");
  expect(structuredData).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: "Linen Shirt", url: `${BASE_URL}/shop/p/linen-shirt` });
  expect(structuredData.offers.map((offer: any) => [offer.sku, offer.price, offer.availability.replace("https://schema.org/", "")])).toEqual([
    ["LINEN-S-WHITE", "45.00", "InStock"],
    ["LINEN-M-WHITE", "45.00", "InStock"],
    ["LINEN-L-WHITE", "45.00", "OutOfStock"],
    ["LINEN-S-BLUE", "45.00", "InStock"],
    ["LINEN-M-BLUE", "45.00", "InStock"],
    ["LINEN-L-BLUE", "39.00", "InStock"],
  ]);
  const ebook = (await productPage("recipe-ebook")).structuredData;
  expect(ebook.offers).toEqual([
    { "@type": "Offer", price: "9.00", priceCurrency: "USD", availability: "https://schema.org/InStock", url: `${BASE_URL}/shop/p/recipe-ebook` },
  ]);
});

it("has the Open Graph data of a product page", async () => {
  const page = await productPage("canvas-tote");
  expect(page.pageTitle).toBe("Canvas Tote");
  expect(page.canonicalUrl).toBe(`${BASE_URL}/shop/p/canvas-tote`);
  expect(page.openGraph).toEqual({
    type: "product",
    siteName: "Sitecart Demo",
    title: "Canvas Tote",
    description: "A heavy cotton canvas tote with long handles and an inside pocket.",
    url: `${BASE_URL}/shop/p/canvas-tote`,
    image: `${BASE_URL}/images/products/canvas-tote.svg`,
    price: { amount: "25.00", currency: "USD" },
    availability: "out of stock",
  });
});

it("escapes the product description it gives templates as HTML", async () => {
  const row = (await services.storefront.product("ceramic-mug"))!;
  const site = siteContext({ settings: await services.settings.get(), baseUrl: BASE_URL });
  const page = productPageContext(site, null, { ...row, description: 'Hot <b>tea</b> & "more"\n\nSecond paragraph' }) as Record<string, any>;
  expect(page.item.body).toBe("<p>Hot &lt;b&gt;tea&lt;/b&gt; &amp; &quot;more&quot;</p>\n<p>Second paragraph</p>");
});

describe("merchandising", () => {
  /** A product page with the store's default scarcity settings. */
  const ON_PAGE = { settings: DEFAULT_SCARCITY_SETTINGS, view: "product-page" as const };

  it("turns the store's {qty} into the message argument qtyInStock and keeps apostrophes", async () => {
    const row = (await services.storefront.product("linen-shirt"))!;
    const entry = merchandisingOf({ ...row, merchandising: { ...row.merchandising!, scarcityText: "Don't wait: {qty} left" } }, ON_PAGE)!;
    expect(entry.scarcityText).toBe("Don''t wait: {qtyInStock} left");
    const html = renderTemplate("{p|product-scarcity}", { productMerchandisingContext: { [row.id]: entry }, p: { id: String(row.id) } }).html;
    expect(html).toContain("Don't wait: 1 left");
  });

  it("shows scarcity for limited variants with 5 or fewer left, hidden per variant", async () => {
    const row = (await services.storefront.product("linen-shirt"))!;
    expect(merchandisingOf(row, ON_PAGE)!.scarcityTemplateViews).toEqual([
      { attributes: { Size: "M", Color: "White" }, qtyInStock: 1 },
      { attributes: { Size: "M", Color: "Blue" }, qtyInStock: 5 },
      { attributes: { Size: "L", Color: "Blue" }, qtyInStock: 2 },
    ]);
  });

  it("follows the store's scarcity threshold, and shows none where the store hides scarcity", async () => {
    const row = (await services.storefront.product("linen-shirt"))!;
    const settings = { ...DEFAULT_SCARCITY_SETTINGS, threshold: 1 };
    expect(merchandisingOf(row, { settings, view: "product-page" })!.scarcityTemplateViews).toEqual([
      { attributes: { Size: "M", Color: "White" }, qtyInStock: 1 },
    ]);
    expect(merchandisingOf(row, { settings: { ...settings, onProductPages: false }, view: "product-page" })!.scarcityTemplateViews).toEqual([]);
    expect(merchandisingOf(row, { settings: { ...settings, onProductPages: false }, view: "product-block" })!.scarcityTemplateViews).toHaveLength(1);
    expect(merchandisingOf(row, { settings: { ...settings, inProductBlocks: false }, view: "product-block" })!.scarcityTemplateViews).toEqual([]);
  });

  it("offers a restock form per sold-out variant; the first shows when the whole product is sold out", async () => {
    const row = (await services.storefront.product("canvas-tote"))!;
    const [natural, black] = row.variants;
    expect(merchandisingOf(row, ON_PAGE)!.restockNotificationViews).toEqual([
      { variantId: String(natural.id), hiddenByDefault: false },
      { variantId: String(black.id), hiddenByDefault: true },
    ]);
  });
});

describe("order confirmation", () => {
  const order: OrderView = {
    id: "ord_1",
    orderNumber: 7,
    websiteId: DEMO_WEBSITE_ID,
    purchasedCartId: "cart",
    testMode: true,
    customerEmail: "shopper@example.com",
    currency: "USD",
    items: [
      {
        itemId: 8,
        sku: "PEN-BRASS",
        productName: "Engraved <Pen>",
        productType: 1,
        attributes: {},
        quantity: 2,
        unitPrice: 3200,
        additionalFields: { engraving: '<img src=x onerror="alert(1)">' },
      },
    ],
    subtotal: 6400,
    discountTotal: 0,
    taxTotal: 568,
    shippingTotal: 0,
    giftCardTotal: 0,
    grandTotal: 6968,
    shippingOption: "Standard",
    shippingAddress: null,
    billingAddress: null,
    language: null,
    createdAt: "2026-01-01T00:00:00.000Z",
  };

  it("escapes form answers and titles, which summary-form-field prints raw", async () => {
    const site = siteContext({ settings: await services.settings.get(), baseUrl: BASE_URL });
    const fields = new Map([[8, JSON.stringify([{ id: "engraving", type: "text", title: "Your <em>text</em>" }])]]);
    const page = orderConfirmedPage(site, order, fields) as Record<string, any>;
    expect(page.order.items[0].formFields).toEqual([
      { type: "text", rawTitle: "Your &lt;em&gt;text&lt;/em&gt;", value: "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" },
    ]);
    const html = renderTemplate("{.repeated section order.items}{.repeated section formFields}{@|summary-form-field}{.end}{.end}", page).html;
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<em>");
  });

  it("leaves out the customer's email", async () => {
    const site = siteContext({ settings: await services.settings.get(), baseUrl: BASE_URL });
    expect(JSON.stringify(orderConfirmedPage(site, order, new Map()))).not.toContain("shopper@example.com");
  });
});
