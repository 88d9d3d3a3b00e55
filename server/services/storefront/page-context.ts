// The JSON that templates see (and that `?format=json` returns), built from our rows in the shape
// the language's commerce formatters and predicates expect (template-language.md §12.3.1,
// platform-support.md §3 "Template engine data"):
//
//   website, websiteSettings, featureFlags, localizedStrings      every page
//   pageType, pageTitle, pageDescription, canonicalUrl, openGraph, structuredData
//   collection, items                                             the product grid, search results
//   item, productMerchandisingContext                             a product page
//   search                                                        the search page
//   order                                                         the order-confirmed page
//
// A product item carries structuredContent (productType, variants with the legacy minor-unit fields
// AND the money objects, option ordering, subscription plan, additional-fields form...) and the
// derived states of server/domain under the names GraphQL uses (soldOut, onSale, variedPrices...).
// Text that templates print raw (body, excerpt, form answers of the order summary) is HTML-escaped
// here; everything else is data and must be escaped by the template (|html, |htmlattr).
import { formatMoney, toDecimalValue } from "../../domain/money.ts";
import { messages } from "../../domain/messages.ts";
import {
  effectivePrice,
  fromPrice,
  hasUnlimitedStock,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  ProductType,
  totalStock,
  isScarce,
  isVariantSoldOut,
} from "../../domain/catalog/product-state.ts";
import { productPath } from "../../domain/catalog/product-path.ts";
import { SCARCITY_QTY_PLACEHOLDER } from "../../domain/catalog/product-text.ts";
import type { FormField } from "../../domain/forms/fields.ts";
import type { OrderView } from "../checkout/checkout.ts";
import { parseAttributes, parseFormFields, parseOptionOrdering, toProductFacts } from "../catalog/catalog.ts";
import { parseJsonArray, parseJsonObject } from "../support/json.ts";
import type { StoreSettings } from "../settings/store-settings.ts";
import type { StorefrontCollectionRow, StorefrontProductRow } from "./storefront-rows.ts";

/** Page types of platform-support.md §3 "Enumerations". */
export const PageType = {
  MAIN_CONTENT: 1,
  PAGE: 2,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  SEARCH: 102,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
} as const;

const STORE_ITEM = 11;
const PRODUCTS_COLLECTION = 13;
/** The view name under which merchandising widgets are switched on for product pages. */
const PRODUCT_PAGE_VIEW = "product-page";
/** Product images are square; their width and height for the image template. */
export const PRODUCT_IMAGE_SIZE = 1200;
/** The option name under which gift cards list their denominations. */
export const GIFT_CARD_OPTION = "Value";
const DESCRIPTION_LENGTH = 160;

export type PageContext = Record<string, unknown>;

export interface SiteInput {
  settings: StoreSettings;
  /** Scheme and host the site is served at, e.g. https://shop.example (no trailing slash). */
  baseUrl: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** A money object in every form the language reads: `value`/`currency` (major units) and `decimalValue`/`currencyCode`. */
export function moneyObject(value: number, currency: string) {
  const decimal = toDecimalValue({ value, currency });
  return { value: decimal, currency, decimalValue: decimal, currencyCode: currency };
}

/** Plain text as paragraphs of escaped HTML. */
function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join("\n");
}

/** At most `length` characters, cut at a word boundary with an ellipsis. */
function shorten(text: string, length: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

function localizedStrings() {
  return {
    productSoldOutText: messages.soldOut,
    productSaleText: messages.sale,
    productAddToCartText: messages.addToCart,
    productSubscribeText: messages.subscribe,
    productQuantityInputLabel: messages.quantity,
    productQuickViewText: messages.quickView,
    giftCardValueDisplayText: messages.value,
    giftCardVariantSelectText: messages.selectValue,
    productVariantSelectText: messages.selectVariantName("{variantName}"),
    productPriceUnavailable: messages.subscriptionUnavailable,
    productSummaryFormNoAnswerText: messages.notAnswered,
  };
}

/** What every page of the site sees. */
export function siteContext({ settings, baseUrl }: SiteInput): PageContext {
  return {
    website: {
      id: settings.websiteId,
      siteTitle: settings.title,
      baseUrl,
      timeZone: settings.timeZone,
      language: "en-US",
      ...(settings.captchaSiteKey ? { captchaSettings: { siteKey: settings.captchaSiteKey } } : {}),
    },
    websiteSettings: {
      storeSettings: {
        currency: settings.currency,
        multipleQuantityAllowedForServices: settings.multipleQuantityAllowedForServices,
        checkoutMinimumSubtotal: moneyObject(settings.checkoutMinimumSubtotal, settings.currency),
      },
      commentsEnabled: false,
      simpleLikingEnabled: false,
      useCLDRMoneyFormat: true,
    },
    // Prices print through CLDR ("$45.00"), not the legacy span the storefront script would decorate.
    featureFlags: { useCLDRMoneyFormat: true },
    localizedStrings: localizedStrings(),
  };
}

const absolute = (baseUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${baseUrl}${path}`);

interface VariantData {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  optionValues: { optionName: string; value: string }[];
  price: number;
  salePrice: number;
  onSale: boolean;
  priceMoney: ReturnType<typeof moneyObject>;
  salePriceMoney: ReturnType<typeof moneyObject>;
  unlimited: boolean;
  qtyInStock: number;
}

function variantsOf(row: StorefrontProductRow, ordering: string[]): VariantData[] {
  if (row.productType === ProductType.GIFT_CARD) {
    return row.giftCardDenominations.map((denomination) => {
      const label = formatMoney({ value: denomination.amount, currency: denomination.currency });
      return {
        id: String(denomination.id),
        sku: denomination.sku,
        attributes: { [GIFT_CARD_OPTION]: label },
        optionValues: [{ optionName: GIFT_CARD_OPTION, value: label }],
        price: denomination.amount,
        salePrice: 0,
        onSale: false,
        priceMoney: moneyObject(denomination.amount, denomination.currency),
        salePriceMoney: moneyObject(0, denomination.currency),
        unlimited: true,
        qtyInStock: 0,
      };
    });
  }
  return row.variants.map((variant) => {
    const attributes = parseAttributes(variant.attributes);
    return {
      id: String(variant.id),
      sku: variant.sku,
      attributes,
      optionValues: ordering.filter((name) => name in attributes).map((name) => ({ optionName: name, value: attributes[name] })),
      price: variant.price,
      salePrice: variant.salePrice,
      onSale: variant.onSale,
      priceMoney: moneyObject(variant.price, variant.currency),
      salePriceMoney: moneyObject(variant.salePrice, variant.currency),
      unlimited: variant.unlimited,
      qtyInStock: variant.qtyInStock,
    };
  });
}

function formData(row: StorefrontProductRow) {
  const form = row.additionalFieldsForm;
  return form ? { id: String(form.id), key: form.key, name: form.name, fields: parseFormFields(form.fields) } : null;
}

/** A product as the language's store item (recordType 11). */
export function productItem(row: StorefrontProductRow, baseUrl: string) {
  const facts = toProductFacts(row);
  const ordering = row.productType === ProductType.GIFT_CARD ? [GIFT_CARD_OPTION] : parseOptionOrdering(row.variantOptionOrdering);
  const form = formData(row);
  const structuredContent: Record<string, unknown> = {
    productType: row.productType,
    isSubscribable: row.isSubscribable,
    useCustomAddButtonText: row.useCustomAddButtonText,
    ...(row.customAddButtonText ? { customAddButtonText: row.customAddButtonText } : {}),
    ...(form ? { additionalFieldsFormId: form.id, additionalFieldsForm: form } : {}),
  };
  if (row.productType === ProductType.DIGITAL) {
    Object.assign(structuredContent, {
      priceMoney: moneyObject(row.price ?? 0, row.currency),
      salePriceMoney: moneyObject(row.salePrice ?? 0, row.currency),
      onSale: row.onSale,
    });
  } else {
    Object.assign(structuredContent, { variantOptionOrdering: ordering, variants: variantsOf(row, ordering) });
  }
  if (row.subscriptionPlan) {
    structuredContent.subscriptionPlan = {
      billingPeriod: { value: row.subscriptionPlan.billingPeriodValue, unit: row.subscriptionPlan.billingPeriodUnit },
      numBillingCycles: row.subscriptionPlan.numBillingCycles,
    };
  }
  const url = productPath(row.slug);
  const from = fromPrice(facts);
  return {
    id: String(row.id),
    collectionId: row.collectionId === null ? null : String(row.collectionId),
    recordType: STORE_ITEM,
    recordTypeLabel: "store-item",
    title: row.name,
    urlId: row.slug,
    fullUrl: url,
    body: paragraphs(row.description),
    excerpt: paragraphs(shorten(row.description, DESCRIPTION_LENGTH)),
    addedOn: row.createdAt.getTime(),
    updatedOn: row.updatedAt.getTime(),
    ...(row.imageUrl
      ? {
          assetUrl: row.imageUrl,
          originalSize: `${PRODUCT_IMAGE_SIZE}x${PRODUCT_IMAGE_SIZE}`,
          image: { src: row.imageUrl, width: PRODUCT_IMAGE_SIZE, height: PRODUCT_IMAGE_SIZE, alt: row.name },
          socialImage: absolute(baseUrl, row.imageUrl),
        }
      : {}),
    structuredContent,
    // The store's derived states (server/domain, as GraphQL has them).
    soldOut: isSoldOut(facts),
    onSale: isOnSale(facts),
    variedPrices: hasVariedPrices(facts),
    hasVariants: hasVariants(facts),
    unlimitedStock: hasUnlimitedStock(facts),
    totalStock: totalStock(facts),
    fromPrice: moneyObject(from.value, from.currency),
  };
}

const listed = (json: string) => parseJsonArray<string>(json).includes(PRODUCT_PAGE_VIEW);

/** The productMerchandisingContext entry of a product (§14.7, §14.8), or null when it has none. */
export function merchandisingOf(row: StorefrontProductRow) {
  const merchandising = row.merchandising;
  if (!merchandising) return null;
  const facts = toProductFacts(row);
  const multiple = hasVariants(facts);
  const scarcityViews =
    merchandising.scarcityEnabled && listed(merchandising.scarcityTemplateViews)
      ? row.variants.flatMap((variant) =>
          isScarce(variant) ? [{ attributes: multiple ? parseAttributes(variant.attributes) : null, qtyInStock: variant.qtyInStock }] : [],
        )
      : [];
  // One form per sold-out variant, shown by the storefront script for the chosen variant; when the
  // whole product is sold out the first is shown from the start, so the page offers it without script.
  const soldOutVariants = row.variants.filter((variant) => isVariantSoldOut(row.productType, variant));
  const restockViews =
    merchandising.restockNotificationsEnabled && listed(merchandising.restockNotificationViews)
      ? soldOutVariants.map((variant, index) => ({ variantId: String(variant.id), hiddenByDefault: !(isSoldOut(facts) && index === 0) }))
      : [];
  return {
    customSoldOutText: merchandising.customSoldOutText,
    scarcityEnabled: merchandising.scarcityEnabled,
    // The store writes {qty}; the language's message has the argument qtyInStock, and ICU quoting
    // would eat a lone apostrophe ("Don't" → "Dont").
    scarcityText: (merchandising.scarcityText ?? "").replace(/'/g, "''").split(SCARCITY_QTY_PLACEHOLDER).join("{qtyInStock}"),
    scarcityTemplateViews: scarcityViews,
    scarcityShownByDefault: merchandising.scarcityShownByDefault,
    restockNotificationViews: restockViews,
    restockNotificationMessages: parseJsonObject(merchandising.restockNotificationMessages),
    mailingListSignUpEnabled: merchandising.mailingListSignUpEnabled,
    mailingListOptInByDefault: merchandising.mailingListOptInByDefault,
  };
}

function merchandisingContext(rows: readonly StorefrontProductRow[]) {
  return Object.fromEntries(
    rows.flatMap((row) => {
      const entry = merchandisingOf(row);
      return entry ? [[String(row.id), entry]] : [];
    }),
  );
}

function collectionData(collection: StorefrontCollectionRow | null, count: number) {
  return collection
    ? {
        id: String(collection.id),
        title: collection.title,
        urlId: collection.urlId,
        fullUrl: "/",
        type: collection.type,
        typeName: collection.type === PRODUCTS_COLLECTION ? "products" : "",
        itemCount: count,
      }
    : null;
}

function offersOf(row: StorefrontProductRow, url: string) {
  const facts = toProductFacts(row);
  const availability = (soldOut: boolean) => (soldOut ? "https://schema.org/OutOfStock" : "https://schema.org/InStock");
  const offer = (sku: string | null, amount: number, soldOut: boolean) => ({
    "@type": "Offer",
    ...(sku ? { sku } : {}),
    price: toDecimalValue({ value: amount, currency: row.currency }),
    priceCurrency: row.currency,
    availability: availability(soldOut),
    url,
  });
  if (row.productType === ProductType.DIGITAL) {
    return [offer(null, effectivePrice({ price: row.price ?? 0, salePrice: row.salePrice ?? 0, onSale: row.onSale }), isSoldOut(facts))];
  }
  const skus = row.productType === ProductType.GIFT_CARD ? row.giftCardDenominations.map((d) => d.sku) : row.variants.map((v) => v.sku);
  return facts.variants.map((variant, index) => offer(skus[index], effectivePrice(variant), isVariantSoldOut(row.productType, variant)));
}

/** The product's JSON-LD (schema.org Product with one Offer per variant). */
export function productStructuredData(row: StorefrontProductRow, baseUrl: string) {
  const url = absolute(baseUrl, productPath(row.slug));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: row.name,
    description: row.description,
    ...(row.imageUrl ? { image: absolute(baseUrl, row.imageUrl) } : {}),
    url,
    offers: offersOf(row, url),
  };
}

interface PageMeta {
  pageType: number;
  pageTitle: string;
  pageDescription: string;
  /** Path of the page, or null for a page that has no address of its own (not found). */
  path: string | null;
}

function pageMeta(site: PageContext, meta: PageMeta, openGraph: Record<string, unknown> = {}) {
  const website = site.website as { baseUrl: string; siteTitle: string };
  const canonicalUrl = meta.path === null ? null : absolute(website.baseUrl, meta.path);
  return {
    pageType: meta.pageType,
    pageTitle: meta.pageTitle,
    pageDescription: meta.pageDescription,
    canonicalUrl,
    openGraph: { type: "website", siteName: website.siteTitle, title: meta.pageTitle, description: meta.pageDescription, url: canonicalUrl, ...openGraph },
    structuredData: null as unknown,
  };
}

/** `/shop/p/{slug}`. */
export function productPage(site: PageContext, collection: StorefrontCollectionRow | null, row: StorefrontProductRow): PageContext {
  const { baseUrl } = site.website as { baseUrl: string };
  const item = productItem(row, baseUrl);
  const facts = toProductFacts(row);
  const from = fromPrice(facts);
  const meta = pageMeta(
    site,
    { pageType: PageType.CONTENT_ITEM, pageTitle: row.name, pageDescription: shorten(row.description, DESCRIPTION_LENGTH), path: productPath(row.slug) },
    {
      type: "product",
      ...(item.socialImage ? { image: item.socialImage } : {}),
      price: { amount: toDecimalValue(from), currency: from.currency },
      availability: isSoldOut(facts) ? "out of stock" : "in stock",
    },
  );
  return {
    ...site,
    ...meta,
    structuredData: productStructuredData(row, baseUrl),
    collection: collectionData(collection, 1),
    item,
    productMerchandisingContext: merchandisingContext([row]),
  };
}

/** `/`: the product grid. */
export function collectionPage(site: PageContext, collection: StorefrontCollectionRow | null, rows: readonly StorefrontProductRow[]): PageContext {
  const { baseUrl, siteTitle } = site.website as { baseUrl: string; siteTitle: string };
  const description = `Shop ${rows.length} product${rows.length === 1 ? "" : "s"} at ${siteTitle}.`;
  return {
    ...site,
    ...pageMeta(site, { pageType: PageType.MAIN_CONTENT, pageTitle: siteTitle, pageDescription: description, path: "/" }),
    collection: collectionData(collection, rows.length),
    items: rows.map((row) => productItem(row, baseUrl)),
    productMerchandisingContext: merchandisingContext(rows),
  };
}

/** `/search?q=`: products whose name contains the query. */
export function searchPage(site: PageContext, query: string, rows: readonly StorefrontProductRow[]): PageContext {
  const { baseUrl } = site.website as { baseUrl: string };
  return {
    ...site,
    ...pageMeta(site, { pageType: PageType.SEARCH, pageTitle: "Search", pageDescription: "Search the store's products.", path: "/search" }),
    search: { query, resultCount: rows.length },
    items: rows.map((row) => productItem(row, baseUrl)),
    productMerchandisingContext: merchandisingContext(rows),
  };
}

export type ShellPage = "cart" | "checkout" | "contact" | "config" | "not-found";

const SHELLS: Record<ShellPage, { pageType: number; pageTitle: string; pageDescription: string }> = {
  cart: { pageType: PageType.SHOW_CART, pageTitle: "Cart", pageDescription: "Your shopping cart." },
  checkout: { pageType: PageType.CHECKOUT, pageTitle: "Checkout", pageDescription: "Check out your order." },
  contact: { pageType: PageType.PAGE, pageTitle: "Contact", pageDescription: "Write to us, or sign up for our newsletter." },
  config: { pageType: PageType.PAGE, pageTitle: "Store admin", pageDescription: "Manage the store." },
  "not-found": { pageType: PageType.NOT_FOUND, pageTitle: "Page not found", pageDescription: "There is no page at this address." },
};

/** The pages the storefront script fills in: cart, checkout, contact, the owner's area, not found. */
export function shellPage(site: PageContext, page: ShellPage, path: string | null): PageContext {
  return { ...site, ...pageMeta(site, { ...SHELLS[page], path: page === "not-found" ? null : path }) };
}

/** A form answer as summary-form-field (§14.10) reads it, escaped: the widget prints it raw. */
function summaryField(field: FormField | undefined, id: string, answer: unknown) {
  const rawTitle = escapeHtml(field?.title ?? id);
  const type = field?.type ?? "text";
  if (answer && typeof answer === "object") {
    const values = Array.isArray(answer)
      ? answer.map((value) => escapeHtml(String(value)))
      : Object.fromEntries(Object.entries(answer).map(([key, value]) => [key, escapeHtml(String(value))]));
    return { type, rawTitle, values };
  }
  return { type, rawTitle, value: escapeHtml(answer === null || answer === undefined ? "" : String(answer)) };
}

/**
 * `/order-confirmed/{orderId}`: the order's summary. `formFields` maps a product id to the fields
 * of its additional-fields form (JSON text), which name the answers.
 */
export function orderConfirmedPage(site: PageContext, order: OrderView, formFields: ReadonlyMap<number, string>): PageContext {
  const money = (value: number) => moneyObject(value, order.currency);
  return {
    ...site,
    ...pageMeta(site, {
      pageType: PageType.ORDER_CONFIRMED,
      pageTitle: "Order confirmed",
      pageDescription: `Order #${order.orderNumber} is confirmed.`,
      path: `/order-confirmed/${encodeURIComponent(order.id)}`,
    }),
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      testMode: order.testMode,
      createdOn: Date.parse(order.createdAt),
      items: order.items.map((item) => {
        const fields = parseFormFields(formFields.get(item.itemId) ?? "[]");
        return {
          productName: item.productName,
          productType: item.productType,
          sku: item.sku,
          variantDescription: Object.values(item.attributes).join(" / "),
          quantity: item.quantity,
          unitPrice: money(item.unitPrice),
          lineTotal: money(item.unitPrice * item.quantity),
          formFields: Object.entries(item.additionalFields ?? {}).map(([id, answer]) =>
            summaryField(
              fields.find((field) => field.id === id),
              id,
              answer,
            ),
          ),
        };
      }),
      shippingOption: order.shippingOption,
      subtotal: money(order.subtotal),
      discountTotal: money(order.discountTotal),
      taxTotal: money(order.taxTotal),
      shippingTotal: money(order.shippingTotal),
      grandTotal: money(order.grandTotal),
    },
  };
}
