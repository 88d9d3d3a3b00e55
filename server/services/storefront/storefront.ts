// The storefront: the rows its pages show (scoped to the site, visible products only), and each
// page built from them: path -> route -> page template and page context -> document. The page
// handler (server/pages) and the owner's template preview both call it, so a preview shows exactly
// what the live page would.
import type { Db } from "../../db/client.ts";
import type { PageTemplate } from "../../template/defaults/index.ts";
import { renderDocument } from "../../template/document.ts";
import type { CheckoutService, OrderView } from "../checkout/checkout.ts";
import type { SiteChromeService } from "../settings/site-chrome.ts";
import type { StoreSettingsService } from "../settings/store-settings.ts";
import type { TemplateService } from "../templates/templates.ts";
import { collectionPage, orderConfirmedPage, productPage, searchPage, shellPage, siteContext, type PageContext } from "./page-context.ts";
import { routeOf } from "./routes.ts";
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
  ) {}

  /** The page at `url` (its path and query), with links built on `baseUrl`; unknown addresses give the not-found page (404). */
  async page(url: URL, baseUrl: string): Promise<StorefrontPage> {
    const [settings, chrome] = await Promise.all([this.settings.get(), this.chrome.get()]);
    const site = siteContext({ settings, baseUrl, chrome });
    const notFound = (): StorefrontPage => ({ status: 404, template: "not-found", context: shellPage(site, "not-found", null) });
    const route = routeOf(url.pathname);
    switch (route.kind) {
      case "collection": {
        const [collection, products] = await Promise.all([this.collection(route.urlId), this.products()]);
        if (route.urlId !== null && !collection) return notFound();
        return {
          status: 200,
          template: "collection",
          context: collectionPage(site, collection, products, route.urlId === null ? "/" : `/${encodeURIComponent(route.urlId)}`),
        };
      }
      case "product": {
        const [collection, product] = await Promise.all([this.collection(), this.product(route.slug)]);
        return product ? { status: 200, template: "product", context: productPage(site, collection, product) } : notFound();
      }
      case "search": {
        const query = (url.searchParams.get("q") ?? "").trim();
        const products = query ? await this.products({ search: query }) : [];
        return { status: 200, template: "search", context: searchPage(site, query, products) };
      }
      case "order-confirmed": {
        const order = await this.order(route.orderId);
        if (!order) return notFound();
        const formFields = await this.formFields(order.items.map((item) => item.itemId));
        return { status: 200, template: "order-confirmed", context: orderConfirmedPage(site, order, formFields) };
      }
      case "shell":
        return { status: 200, template: route.page, context: shellPage(site, route.page, url.pathname) };
      case "not-found":
        return notFound();
    }
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
  product(slug: string): Promise<StorefrontProductRow | null> {
    return this.db.product.findFirst({ where: { websiteId: this.websiteId, slug, visible: true }, select: storefrontProductSelect });
  }

  /** Visible products by name; with `search`, those whose name contains it (case-insensitively). */
  async products(options: { search?: string; take?: number } = {}): Promise<StorefrontProductRow[]> {
    const rows = await this.db.product.findMany({
      where: { websiteId: this.websiteId, visible: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: storefrontProductSelect,
    });
    const search = options.search?.trim().slice(0, MAX_SEARCH_TEXT).toLocaleLowerCase("en-US");
    // Filtered here: SQLite's LIKE and PostgreSQL's disagree on case, and a store's catalogue is small.
    const found = search ? rows.filter((row) => row.name.toLocaleLowerCase("en-US").includes(search)) : rows;
    return options.take === undefined ? found : found.slice(0, options.take);
  }

  /** The store's product collection (the one the demo store calls Shop), or the one at /{urlId}; null when there is none. */
  collection(urlId: string | null = null): Promise<StorefrontCollectionRow | null> {
    return this.db.collection.findFirst({
      where: { websiteId: this.websiteId, type: 13, ...(urlId === null ? {} : { urlId }) },
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
