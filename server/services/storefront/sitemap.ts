// The site's sitemap (issue 23, "found by search engines"): every page of the site a crawler may index,
// as absolute addresses on the site's base URL. In order: the front page, the contact page, each
// enabled store page (/{urlId}), then every visible product (/shop/p/{slug}, gift cards too: that is
// their canonical address) by id, with its last change as <lastmod>. Left out: hidden products,
// disabled store pages, pages behind the site lock or a page password and members-only pages (the
// same rules as the pages themselves, domain/members/), and pages never worth indexing (search results,
// cart, checkout, account: robots.txt). Products are read in batches by id (keyset), never all at once;
// past the per-file limit (domain/storefront/sitemap.ts) /sitemap.xml is an index of files.
import type { Db } from "../../db/client.ts";
import { productPath } from "../../domain/catalog/product-path.ts";
import { isMembersOnly } from "../../domain/members/member-areas.ts";
import { protectingPath } from "../../domain/members/page-locks.ts";
import { SITEMAP_URL_LIMIT, URLSET_CLOSE, URLSET_OPEN, sitemapFileCount, sitemapIndex, sitemapUrl } from "../../domain/storefront/sitemap.ts";
import type { PageLockService } from "../members/page-locks.ts";
import type { SiteChromeService } from "../site/site-chrome.ts";
import { routeOf } from "./routes.ts";

/** Products read per query. */
const BATCH = 1_000;
/** The store's product collections (storefront.ts serves their pages). */
const PRODUCTS_COLLECTION = 13;
/** The pages every store has beside its store pages: the front page and the contact page. */
const CONTENT_PAGES = ["/", "/contact"];

interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/** An answer: the document in pieces (written as they come), or nothing at that address (404). */
export type SitemapDocument = AsyncIterable<string>;

export class SitemapService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly chrome: Pick<SiteChromeService, "memberAreaPaths">,
    private readonly locks: Pick<PageLockService, "settings"> | null,
    /** Addresses per file (the protocol's 50,000; tests use a few). */
    private readonly perFile: number = SITEMAP_URL_LIMIT,
  ) {}

  /** Whether a path is closed to a visitor who has no password and is not a member. */
  async #closedRule(): Promise<(path: string) => boolean> {
    const [locks, areas] = await Promise.all([this.locks?.settings() ?? { siteLocked: false, protectedPaths: [] }, this.chrome.memberAreaPaths()]);
    if (locks.siteLocked) return () => true;
    return (path) => protectingPath(path, locks.protectedPaths) !== null || isMembersOnly(path, areas);
  }

  /** The front page, the contact page and the enabled store pages that are open. */
  async #pages(closed: (path: string) => boolean): Promise<SitemapEntry[]> {
    const stores = await this.db.collection.findMany({
      where: { websiteId: this.websiteId, type: PRODUCTS_COLLECTION, enabled: true },
      orderBy: { id: "asc" },
      select: { urlId: true },
    });
    const storePaths = stores.map((store) => `/${encodeURIComponent(store.urlId)}`).filter((path) => routeOf(path).kind === "store");
    return [...CONTENT_PAGES, ...storePaths].filter((path) => !closed(path)).map((path) => ({ path, lastmod: null }));
  }

  /** Visible products from the `offset`-th (by id), at most `take`, read in batches. */
  async *#products(offset: number, take: number, closed: (path: string) => boolean): AsyncGenerator<SitemapEntry> {
    const where = { websiteId: this.websiteId, visible: true };
    const start = await this.db.product.findFirst({ where, orderBy: { id: "asc" }, skip: offset, select: { id: true } });
    if (!start) return;
    let after = start.id - 1;
    let left = take;
    while (left > 0) {
      const rows = await this.db.product.findMany({
        where: { ...where, id: { gt: after } },
        orderBy: { id: "asc" },
        take: Math.min(BATCH, left),
        select: { id: true, slug: true, updatedAt: true },
      });
      for (const row of rows) {
        const path = productPath(row.slug);
        if (!closed(path)) yield { path, lastmod: row.updatedAt };
      }
      if (rows.length < Math.min(BATCH, left)) return;
      left -= rows.length;
      after = rows[rows.length - 1].id;
    }
  }

  /**
   * The sitemap at /sitemap.xml (`file` null) or /sitemap-{file}.xml, with addresses on `baseUrl`; null
   * when there is no such file (a site within one file has no /sitemap-N.xml).
   */
  async document(baseUrl: string, file: number | null): Promise<SitemapDocument | null> {
    const closed = await this.#closedRule();
    const pages = await this.#pages(closed);
    // A product page closed to visitors (/shop/p below a lock or a member area) closes them all.
    const productsClosed = closed("/shop/p");
    const productCount = productsClosed ? 0 : await this.db.product.count({ where: { websiteId: this.websiteId, visible: true } });
    const files = sitemapFileCount(pages.length + productCount, this.perFile);
    if (file === null && files > 1) return once(sitemapIndex(baseUrl, files));
    if (file !== null && (files === 1 || file > files)) return null;
    const first = file === null ? 0 : (file - 1) * this.perFile;
    const end = Math.min(first + this.perFile, pages.length + productCount);
    return this.#urlset(
      baseUrl,
      pages.slice(first, end),
      productsClosed ? 0 : Math.max(0, first - pages.length),
      Math.max(0, end - Math.max(first, pages.length)),
      closed,
    );
  }

  async *#urlset(baseUrl: string, pages: SitemapEntry[], offset: number, take: number, closed: (path: string) => boolean): AsyncGenerator<string> {
    yield URLSET_OPEN;
    for (const page of pages) yield sitemapUrl(`${baseUrl}${page.path}`, page.lastmod);
    if (take > 0) {
      let chunk = "";
      for await (const product of this.#products(offset, take, closed)) {
        chunk += sitemapUrl(`${baseUrl}${product.path}`, product.lastmod);
        if (chunk.length > 64_000) {
          yield chunk;
          chunk = "";
        }
      }
      if (chunk) yield chunk;
    }
    yield URLSET_CLOSE;
  }
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}
