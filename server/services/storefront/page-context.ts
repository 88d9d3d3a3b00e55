// The JSON that templates see (and that `?format=json` returns), built from our rows in the shape
// the language's commerce formatters and predicates expect (template-language.md §12.3.1,
// platform-support.md §3 "Template engine data"):
//
//   website, websiteSettings, featureFlags, localizedStrings      every page
//   pageType, pageTitle, pageDescription, canonicalUrl, robots?, openGraph, twitter, structuredData
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
import type { OptionValueTranslations } from "../../domain/catalog/product-translations.ts";
import { toDecimalValue } from "../../domain/money.ts";
import { messages } from "../../domain/messages/storefront.ts";
import { memberMessages } from "../../domain/messages/members.ts";
import { DEFAULT_SCARCITY_SETTINGS, fromPrice, isSoldOut, type ScarcitySettings } from "../../domain/catalog/product-state.ts";
import { productPath } from "../../domain/catalog/product-path.ts";
import { joinHref, signInHref } from "../../domain/members/member-areas.ts";
import type { FormField } from "../../domain/forms/fields.ts";
import type { OrderView } from "../checkout/order-view.ts";
import { parseFormFields, toProductFacts } from "../catalog/catalog.ts";
import type { ChromeLink, SiteChrome } from "../../domain/site/site-chrome.ts";
import type { StoreSettings } from "../store/store-settings.ts";
import { DESCRIPTION_LENGTH, escapeHtml, moneyObject, shorten } from "./context-format.ts";
import { PageType, type PageTypeNumber } from "../../domain/storefront/page-types.ts";
import { merchandisingContext, productItem } from "./product-context.ts";
import { productStructuredData } from "./structured-data.ts";
import { pageMeta } from "./page-meta.ts";
import { canonicalListUrl, canonicalSearchUrl, NOINDEX_FOLLOW } from "../../domain/storefront/canonical.ts";
import type { ShippingZone } from "../../domain/checkout/shipping-zones.ts";
import type { StorefrontCollectionRow, StorefrontProductRow } from "./storefront-rows.ts";

const PRODUCTS_COLLECTION = 13;

export type PageContext = Record<string, unknown>;

export interface SiteInput {
  settings: StoreSettings;
  /** Scheme and host the site is served at, e.g. https://shop.example (no trailing slash). */
  baseUrl: string;
  /** The owner's header, footer and navigation; without it, the store's title and no links. */
  chrome?: SiteChrome;
  /** The visitor's language and the site's languages (hreflang links to `?lang=`); en-US when absent. */
  languages?: { current: string; offered: readonly string[] };
  /** The page's path, for the hreflang links. */
  path?: string;
  /** A payment provider is connected (issue 22): the default footer line no longer says test mode. */
  takesPayments?: boolean;
}

function navigationLinks(links: readonly ChromeLink[]): Record<string, unknown>[] {
  return links.map((link) => ({ title: link.title, url: link.url, external: link.external, links: navigationLinks(link.links) }));
}

/**
 * The header, footer and navigation as templates read them: `siteHeader.title`, `siteFooter.text`
 * (null: the layout prints `siteFooter.defaultText`, the store's default line), `siteNavigation.main`
 * and `.secondary` (links with title, url, external and nested links).
 */
function chromeContext(chrome: SiteChrome | undefined, storeTitle: string, takesPayments: boolean) {
  const title = chrome?.title ?? storeTitle;
  return {
    siteHeader: { title },
    siteFooter: { text: chrome?.footerText ?? null, defaultText: messages.defaultFooterText(title, takesPayments) },
    siteNavigation: { main: navigationLinks(chrome?.mainNavigation ?? []), secondary: navigationLinks(chrome?.secondaryNavigation ?? []) },
  };
}

/** `<link rel="alternate" hreflang>` targets: each language of a multilingual site at `path?lang=`. */
export function alternateLanguages(baseUrl: string, path: string, offered: readonly string[]): { hreflang: string; href: string }[] {
  if (offered.length < 2) return [];
  return offered.map((code) => ({ hreflang: code, href: `${baseUrl}${path}?lang=${encodeURIComponent(code)}` }));
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
export function siteContext({ settings, baseUrl, chrome, languages, path = "/", takesPayments = false }: SiteInput): PageContext {
  const alternates = languages ? alternateLanguages(baseUrl, path, languages.offered) : [];
  return {
    ...chromeContext(chrome, settings.title, takesPayments),
    website: {
      id: settings.websiteId,
      siteTitle: settings.title,
      baseUrl,
      timeZone: settings.timeZone,
      language: languages?.current ?? "en-US",
      ...(alternates.length > 0 ? { alternateLanguages: alternates } : {}),
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

function collectionData(collection: StorefrontCollectionRow | null, count: number, fullUrl = "/") {
  return collection
    ? {
        id: String(collection.id),
        title: collection.title,
        urlId: collection.urlId,
        fullUrl,
        type: collection.type,
        typeName: collection.type === PRODUCTS_COLLECTION ? "products" : "",
        itemCount: count,
      }
    : null;
}

/** What a product page's JSON-LD tells of the store beyond the site context: its shipping zones and own country. */
export interface StoreShipping {
  shippingZones: readonly ShippingZone[];
  storeCountry: string;
}

/** `/shop/p/{slug}` (and a gift card's `/gift-card/{slug}`); its canonical address is the first, without a query. */
export function productPage(
  site: PageContext,
  collection: StorefrontCollectionRow | null,
  row: StorefrontProductRow,
  scarcity: ScarcitySettings = DEFAULT_SCARCITY_SETTINGS,
  shipping: StoreShipping = { shippingZones: [], storeCountry: "" },
  optionValueTranslations: OptionValueTranslations = {},
): PageContext {
  const { baseUrl, siteTitle } = site.website as { baseUrl: string; siteTitle: string };
  const { currency } = (site.websiteSettings as { storeSettings: { currency: string } }).storeSettings;
  const item = productItem(row, baseUrl, optionValueTranslations);
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
    structuredData: productStructuredData(row, baseUrl, { siteName: siteTitle, currency, ...shipping }),
    collection: collectionData(collection, 1),
    item,
    productMerchandisingContext: merchandisingContext([row], { settings: scarcity, view: "product-page" }),
  };
}

/**
 * `/`: the product grid of the store's first product collection; `/{urlId}` (the address the
 * navigation links a collection to, `path`): that collection's page. Its canonical address keeps the
 * category and a page above 1 of `searchParams` (domain/storefront/canonical.ts).
 */
export function collectionPage(
  site: PageContext,
  collection: StorefrontCollectionRow | null,
  rows: readonly StorefrontProductRow[],
  scarcity: ScarcitySettings = DEFAULT_SCARCITY_SETTINGS,
  path = "/",
  searchParams: URLSearchParams = new URLSearchParams(),
  /** How many products the collection lists over every page (`rows` is one page of them). */
  total = rows.length,
): PageContext {
  const { baseUrl, siteTitle } = site.website as { baseUrl: string; siteTitle: string };
  const description = messages.collectionPageDescription(total, siteTitle);
  // The front page is titled by the site; a store's own page (/{urlId}) by its collection.
  const pageTitle = path === "/" || !collection ? siteTitle : collection.title;
  return {
    ...site,
    ...pageMeta(site, {
      pageType: PageType.MAIN_CONTENT,
      pageTitle,
      pageDescription: description,
      path: canonicalListUrl(path, searchParams),
    }),
    collection: collectionData(collection, total, path),
    items: rows.map((row) => productItem(row, baseUrl)),
    productMerchandisingContext: merchandisingContext(rows, { settings: scarcity, view: "product-block" }),
  };
}

/** `/search?q=`: products whose name contains the query. Not indexed ("noindex, follow"); its canonical keeps the query, category and page. */
export function searchPage(
  site: PageContext,
  query: string,
  rows: readonly StorefrontProductRow[],
  scarcity: ScarcitySettings = DEFAULT_SCARCITY_SETTINGS,
  searchParams: URLSearchParams = new URLSearchParams(query ? { q: query } : {}),
  /** How many products match over every page (`rows` is one page of them). */
  total = rows.length,
): PageContext {
  const { baseUrl } = site.website as { baseUrl: string };
  return {
    ...site,
    ...pageMeta(site, {
      pageType: PageType.SEARCH,
      pageTitle: messages.searchPageTitle,
      pageDescription: messages.searchPageDescription,
      path: canonicalSearchUrl("/search", searchParams),
      robots: NOINDEX_FOLLOW,
    }),
    search: { query, resultCount: total },
    items: rows.map((row) => productItem(row, baseUrl)),
    productMerchandisingContext: merchandisingContext(rows, { settings: scarcity, view: "product-block" }),
  };
}

export type ShellPage =
  | "cart"
  | "checkout"
  | "contact"
  | "not-found"
  | "account"
  | "sign-in"
  | "sign-up"
  | "forgot-password"
  | "reset-password"
  | "order-status"
  | "newsletter-unsubscribe"
  | "access-denied";

const SHELLS: Record<ShellPage, { pageType: number; pageTitle: string; pageDescription: string }> = {
  cart: { pageType: PageType.SHOW_CART, pageTitle: messages.cartPageTitle, pageDescription: messages.cartPageDescription },
  checkout: { pageType: PageType.CHECKOUT, pageTitle: messages.checkoutPageTitle, pageDescription: messages.checkoutPageDescription },
  contact: { pageType: PageType.PAGE, pageTitle: messages.contactPageTitle, pageDescription: messages.contactPageDescription },
  "not-found": { pageType: PageType.NOT_FOUND, pageTitle: messages.notFoundPageTitle, pageDescription: messages.notFoundPageDescription },
  account: { pageType: PageType.PAGE, pageTitle: messages.accountPageTitle, pageDescription: messages.accountPageTitle },
  "sign-in": { pageType: PageType.PAGE, pageTitle: messages.signInPageTitle, pageDescription: messages.signInPageTitle },
  "sign-up": { pageType: PageType.PAGE, pageTitle: messages.signUpPageTitle, pageDescription: messages.signUpPageTitle },
  "forgot-password": { pageType: PageType.PAGE, pageTitle: messages.forgotPasswordPageTitle, pageDescription: memberMessages.forgotPasswordLead },
  "reset-password": { pageType: PageType.PAGE, pageTitle: messages.resetPasswordPageTitle, pageDescription: messages.resetPasswordPageTitle },
  "order-status": { pageType: PageType.ORDER_STATUS, pageTitle: messages.orderStatusPageTitle, pageDescription: messages.orderStatusPageTitle },
  "newsletter-unsubscribe": {
    pageType: PageType.NEWSLETTER_UNSUBSCRIBE,
    pageTitle: messages.newsletterUnsubscribePageTitle,
    pageDescription: messages.newsletterUnsubscribePageTitle,
  },
  "access-denied": { pageType: PageType.MEMBER_AREA_ACCESS_DENIED, pageTitle: messages.accessDeniedPageTitle, pageDescription: messages.accessDeniedLead },
};

/** The shell pages that have a page template of their own; the other account pages share `account`. */
const SHELL_TEMPLATES: Record<
  ShellPage,
  "cart" | "checkout" | "contact" | "not-found" | "account" | "order-status" | "newsletter-unsubscribe" | "access-denied"
> = {
  cart: "cart",
  checkout: "checkout",
  contact: "contact",
  "not-found": "not-found",
  account: "account",
  "sign-in": "account",
  "sign-up": "account",
  "forgot-password": "account",
  "reset-password": "account",
  "order-status": "order-status",
  "newsletter-unsubscribe": "newsletter-unsubscribe",
  "access-denied": "access-denied",
};
export const shellTemplate = (page: ShellPage) => SHELL_TEMPLATES[page];

/** The pages the storefront script fills in: cart, checkout, contact, the owner's area, not found. */
export function shellPage(site: PageContext, page: ShellPage, path: string | null): PageContext {
  return { ...site, ...pageMeta(site, { ...SHELLS[page], path: page === "not-found" ? null : path }) };
}

/** The lock screen (103) in place of any page of a locked site, or the protected content page (105) of a page with a password. */
export function lockedPage(site: PageContext, kind: "lock-screen" | "protected-content", path: string): PageContext {
  const lock = kind === "lock-screen";
  const pageTitle = lock ? memberMessages.lockScreenPageTitle : memberMessages.protectedPageTitle;
  const pageDescription = lock ? memberMessages.lockScreenLead : memberMessages.protectedPageLead;
  return {
    ...site,
    ...pageMeta(site, { pageType: lock ? PageType.LOCK_SCREEN : PageType.PROTECTED_CONTENT, pageTitle, pageDescription, path: null }),
    lock: { kind, path },
  };
}

/** The member area access-denied page (106) in place of a members-only page: a join button leading to sign-up. */
export function accessDeniedPage(site: PageContext, path: string): PageContext {
  return {
    ...shellPage(site, "access-denied", null),
    memberArea: { pagePath: path, joinUrl: joinHref(path), signInUrl: signInHref(path), joinText: messages.join, signInText: messages.signIn },
  };
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
export function orderConfirmedPage(
  site: PageContext,
  order: OrderView,
  formFields: ReadonlyMap<number, string>,
  pageType: PageTypeNumber = PageType.ORDER_CONFIRMED,
): PageContext {
  const money = (value: number) => moneyObject(value, order.currency);
  return {
    ...site,
    ...pageMeta(site, {
      pageType,
      pageTitle: messages.orderConfirmedPageTitle,
      pageDescription: messages.orderConfirmedPageDescription(order.orderNumber),
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
