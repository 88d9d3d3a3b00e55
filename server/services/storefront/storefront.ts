// The storefront: the rows its pages show (scoped to the site, visible products only), and each
// page built from them: path -> route -> page template and page context -> document. The page
// handler (server/pages) and the owner's template preview both call it, so a preview shows exactly
// what the live page would.
import { type OptionValueTranslations, parseOptionValueTranslations } from "../../domain/catalog/product-translations.ts";
import type { Db } from "../../db/client.ts";
import type { PageTemplate } from "../../template/defaults/index.ts";
import { renderDocument } from "../../template/document.ts";
import type { CheckoutService } from "../checkout/checkout.ts";
import type { OrderView } from "../checkout/order-view.ts";
import type { SiteChromeService } from "../site/site-chrome.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import type { TemplateService } from "../templates/templates.ts";
import { ProductType } from "../../domain/catalog/product-state.ts";
import { confirmationPageType } from "../../domain/storefront/page-types.ts";
import { isMembersOnly } from "../../domain/members/member-areas.ts";
import type { PageLockService } from "../members/page-locks.ts";
import {
  accessDeniedPage,
  lockedPage,
  collectionPage,
  orderConfirmedPage,
  productPage,
  searchPage,
  shellPage,
  shellTemplate,
  siteContext,
  type PageContext,
} from "./page-context.ts";
import { routeOf } from "./routes.ts";
import { findByStatusToken } from "../orders/order-status-links.ts";
import { NOINDEX_NOFOLLOW } from "../../domain/storefront/canonical.ts";
import { searchProductIds } from "../catalog/product-search.ts";
import { PRODUCT_SORTS } from "../catalog/catalog.ts";
import { LISTING_PAGE_SIZE, LISTING_SORTS, readListingQuery, type ListingQuery } from "../../domain/catalog/listing.ts";
import { listingContext } from "./listing-context.ts";
import { asShown, type StockHoldService } from "../cart/stock-holds.ts";
import {
  MAX_SEARCH_TEXT,
  storefrontCollectionSelect,
  storefrontProductSelect,
  type StorefrontCollectionRow,
  type StorefrontProductRow,
} from "./storefront-rows.ts";

/** A storefront page: its HTTP status, the page template that renders it and its page context. */
export interface StorefrontPage {
  status: number;
  template: PageTemplate;
  context: PageContext;
}

/** Who asks for a page: a member sees members-only pages, anyone else their access-denied page. */
export interface PageLanguages {
  current: string;
  /** Every language of the site, the current one too (hreflang links); one language: none. */
  offered: readonly string[];
}

export interface PageViewer {
  member: boolean;
  /** A contributor (an account with a role) passes the site lock. */
  contributor?: boolean;
  /** The unlocks of locked and protected pages the visitor holds (the sc_unlock cookie). */
  unlockTokens?: readonly string[];
  /** The owner's template preview: the page as it is, past every lock. */
  preview?: boolean;
  /** The visitor's language and the site's others (`<html lang>`, hreflang links); en-US alone when absent. */
  languages?: PageLanguages;
}

/** The form blocks a rendered page holds (the `form-block` formatter's placeholders, server/template/plugins/forms.ts). */
const FORM_BLOCK_PATTERN = /<div class="sc-form-block" data-sitecart-form="([a-z0-9-]{1,64})"/g;

export interface RenderOptions {
  /** `<script>`/`<link>` tags of the built client, printed by the layout. */
  clientEntryTags?: string;
  /** The clock templates see as "now". */
  now?: number;
}

export class StorefrontService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly settings: StoreSettingsService,
    private readonly checkout: CheckoutService,
    private readonly templates: TemplateService,
    private readonly chrome: SiteChromeService,
    private readonly locks: PageLockService | null = null,
    /** Units held for payments in flight (issue 22): pages show them as gone. */
    private readonly holds: Pick<StockHoldService, "heldNow"> | null = null,
  ) {}

  /** The rows with each variant's stock as shoppers see it (held units taken out). */
  async #asShown(rows: StorefrontProductRow[]): Promise<StorefrontProductRow[]> {
    if (!this.holds || rows.every((row) => row.variants.length === 0)) return rows;
    const held = await this.holds.heldNow();
    return held.size === 0 ? rows : rows.map((row) => ({ ...row, variants: asShown(row.variants, held) }));
  }

  /** The page at `url` (its path and query), with links built on `baseUrl`; unknown addresses give the not-found page (404). */
  async page(url: URL, baseUrl: string, viewer: PageViewer = { member: false }): Promise<StorefrontPage> {
    const [settings, chrome, takesPayments] = await Promise.all([this.settings.get(), this.chrome.get(), this.checkout.takesPayments()]);
    const site = siteContext({ settings, baseUrl, chrome, languages: viewer.languages, path: url.pathname, takesPayments });
    const notFound = (): StorefrontPage => ({ status: 404, template: "not-found", context: shellPage(site, "not-found", null) });
    const access =
      this.locks && !viewer.preview
        ? await this.locks.access(url.pathname, { contributor: viewer.contributor ?? false, unlockTokens: viewer.unlockTokens ?? [] })
        : { kind: "open" as const };
    if (access.kind === "site-locked") return { status: 401, template: "lock-screen", context: lockedPage(site, "lock-screen", url.pathname) };
    if (access.kind === "page-locked") return { status: 401, template: "protected-content", context: lockedPage(site, "protected-content", access.path) };
    if (!viewer.member && (await this.membersOnly(url.pathname))) {
      return { status: 403, template: "access-denied", context: accessDeniedPage(site, url.pathname) };
    }
    const route = routeOf(url.pathname);
    switch (route.kind) {
      case "collection": {
        const query = { ...readListingQuery(url.searchParams), category: null };
        const [collection, { rows, total }] = await Promise.all([this.collection(), this.listing({ query })]);
        const listing = listingContext("/", { query, total, categories: [] });
        return {
          status: 200,
          template: "collection",
          context: { ...collectionPage(site, collection, rows, settings.scarcity, "/", url.searchParams, total), ...listing },
        };
      }
      case "store": {
        const collection = await this.collection(route.urlId);
        if (!collection) return notFound();
        const path = `/${encodeURIComponent(route.urlId)}`;
        const query = readListingQuery(url.searchParams);
        const [{ rows, total }, categories] = await Promise.all([this.listing({ collectionId: collection.id, query }), this.#categories(collection.id)]);
        const listing = listingContext(path, { query, total, categories });
        return {
          status: 200,
          template: "collection",
          context: { ...collectionPage(site, collection, rows, settings.scarcity, path, url.searchParams, total), ...listing },
        };
      }
      case "product": {
        const [collection, product] = await Promise.all([this.collection(), this.product(route.slug)]);
        if (!product) return notFound();
        const translations = viewer.languages ? await this.optionValueTranslations(product.id, viewer.languages.current) : {};
        return { status: 200, template: "product", context: productPage(site, collection, product, settings.scarcity, settings, translations) };
      }
      case "gift-card": {
        const [collection, product] = await Promise.all([this.collection(), this.product(route.slug)]);
        if (!product || product.productType !== ProductType.GIFT_CARD) return notFound();
        return { status: 200, template: "product", context: productPage(site, collection, product, settings.scarcity, settings) };
      }
      case "search": {
        const query = (url.searchParams.get("q") ?? "").trim();
        const listed = { ...readListingQuery(url.searchParams), category: null };
        const { rows, total } = query ? await this.listing({ search: query, query: listed }) : { rows: [], total: 0 };
        const listing = listingContext("/search", { query: listed, total, categories: [], keep: { q: query } });
        return { status: 200, template: "search", context: { ...searchPage(site, query, rows, settings.scarcity, url.searchParams, total), ...listing } };
      }
      case "order-confirmed": {
        const order = await this.order(route.orderId);
        if (!order) return notFound();
        const [formFields, subscription] = await Promise.all([
          this.formFields(order.items.map((item) => item.itemId)),
          this.db.subscription.findUnique({ where: { orderId: order.id }, select: { id: true } }),
        ]);
        const pageType = confirmationPageType({ startsSubscription: subscription !== null, productTypes: order.items.map((item) => item.productType) });
        return { status: 200, template: "order-confirmed", context: orderConfirmedPage(site, order, formFields, pageType) };
      }
      case "order-status-link": {
        // Behind a bearer link: no canonical address, not indexed (pages are never cached: pages/index.ts).
        const found = await findByStatusToken(this.db, this.websiteId, route.token);
        if (!found) return notFound();
        const context = { ...shellPage(site, "order-status", null), robots: NOINDEX_NOFOLLOW };
        return { status: found.revoked ? 410 : 200, template: "order-status", context };
      }
      case "order-status":
        return { status: 200, template: "order-status", context: shellPage(site, "order-status", url.pathname) };
      case "shell":
        return { status: 200, template: shellTemplate(route.page), context: shellPage(site, route.page, url.pathname) };
      case "not-found":
        return notFound();
    }
  }

  /** Whether the page at this path is in a member area (the `_memberareas` navigation, domain/members/member-areas.ts). */
  async membersOnly(pathname: string): Promise<boolean> {
    const paths = await this.chrome.memberAreaPaths();
    return paths.length > 0 && isMembersOnly(pathname, paths);
  }

  /**
   * What the storefront script needs to know of the page at `url` beyond its own screen: its page
   * type (106 when it is members-only and the viewer is not a member) and the keys of the form blocks
   * the site's templates place on it, in order (forms anywhere, issue 12).
   */
  async pageInfo(url: URL, baseUrl: string, viewer: PageViewer): Promise<{ pageType: number; status: number; formKeys: string[] }> {
    const page = await this.page(url, baseUrl, viewer);
    const html = await this.render(page);
    const formKeys = [...new Set(Array.from(html.matchAll(FORM_BLOCK_PATTERN), (match) => match[1]))];
    return { pageType: page.context.pageType as number, status: page.status, formKeys };
  }

  /** The page's document, rendered from the site's current templates. */
  async render(page: Pick<StorefrontPage, "template" | "context">, options: RenderOptions = {}): Promise<string> {
    const templates = await this.templates.current();
    return renderDocument(templates, page.template, page.context, options).html;
  }

  /** An order of this site (another site's order is not found here). */
  async order(orderId: string): Promise<OrderView | null> {
    const order = await this.checkout.order(orderId);
    return order && order.websiteId === this.websiteId ? order : null;
  }

  /** A visible product by its slug, or null. */
  async product(slug: string): Promise<StorefrontProductRow | null> {
    const row = await this.db.product.findFirst({ where: { websiteId: this.websiteId, slug, visible: true }, select: storefrontProductSelect });
    return row && (await this.#asShown([row]))[0];
  }

  /** The owner's option value translations of a product into `locale` (none for the default language). */
  async optionValueTranslations(productId: number, locale: string): Promise<OptionValueTranslations> {
    const row = await this.db.productTranslation.findUnique({ where: { productId_locale: { productId, locale } }, select: { optionValues: true } });
    return parseOptionValueTranslations(row?.optionValues);
  }

  /**
   * A page of the visible products (`query`: page, sort, category; by name when none), with how many
   * there are over every page; with `search`, those whose name contains it (case-insensitively); with
   * `collectionId`, that store's.
   */
  async listing(options: { search?: string; collectionId?: number; query?: ListingQuery } = {}): Promise<{ rows: StorefrontProductRow[]; total: number }> {
    const search = options.search?.trim().slice(0, MAX_SEARCH_TEXT);
    // The search index answers the ids (catalog/product-search.ts: any case, on either database).
    const found = search ? await searchProductIds(this.db, this.websiteId, search) : null;
    const query = options.query;
    const where = {
      websiteId: this.websiteId,
      visible: true,
      ...(options.collectionId !== undefined ? { collectionId: options.collectionId } : {}),
      ...(query?.category ? { categories: { some: { categoryId: query.category } } } : {}),
      ...(found ? { id: { in: found } } : {}),
    };
    const [rows, total] = await Promise.all([
      this.db.product.findMany({
        where,
        orderBy: query ? [...PRODUCT_SORTS[LISTING_SORTS[query.sort]]] : [{ name: "asc" }, { id: "asc" }],
        select: storefrontProductSelect,
        ...(query ? { take: LISTING_PAGE_SIZE, skip: (query.page - 1) * LISTING_PAGE_SIZE } : {}),
      }),
      this.db.product.count({ where }),
    ]);
    return { rows: await this.#asShown(rows), total };
  }

  #categories(collectionId: number) {
    return this.db.storeCategory.findMany({
      where: { collectionId, type: "CATEGORY" },
      orderBy: [{ displayIndex: "asc" }, { id: "asc" }],
      select: { id: true, displayName: true },
    });
  }

  /** The store's first product collection (the one the demo store calls Shop), or the one with this URL id; null when none. */
  collection(urlId?: string): Promise<StorefrontCollectionRow | null> {
    return this.db.collection.findFirst({
      where: { websiteId: this.websiteId, type: 13, ...(urlId !== undefined ? { urlId } : {}) },
      orderBy: { id: "asc" },
      select: storefrontCollectionSelect,
    });
  }

  /** The fields of each product's additional-fields form (they name the answers of order items). */
  async formFields(productIds: readonly number[]): Promise<Map<number, string>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.db.product.findMany({
      where: { websiteId: this.websiteId, id: { in: [...new Set(productIds)] } },
      select: { id: true, additionalFieldsForm: { select: { fields: true } } },
    });
    return new Map(rows.flatMap((row) => (row.additionalFieldsForm ? [[row.id, row.additionalFieldsForm.fields] as const] : [])));
  }
}
