// Product listings of the storefront (issue 23 part 2): the home, a store page (/{urlId}) and search.
// One page size, the sort orders as the URL names them (?sort=price-asc), the category filter
// (?category=12) and numbered pages (?page=2). Pure: the client's screens and the server-rendered
// pages read the same URL the same way, and link the same pages.
import { z } from "zod";
import { refusal } from "../inputs.ts";
import { messages } from "../messages/storefront.ts";

/** Products per page on every storefront listing (client and server-rendered). */
export const LISTING_PAGE_SIZE = 24;

/** The highest page number read from a URL; past it a listing is empty, not an error. */
export const MAX_LISTING_PAGE = 10_000;

/** The sort orders a shopper picks, as the URL names them, and the connection's ProductSort each means. */
export const LISTING_SORTS = {
  featured: "FEATURED",
  newest: "NEWEST",
  "price-asc": "PRICE_ASC",
  "price-desc": "PRICE_DESC",
  name: "NAME_ASC",
} as const;
export type ListingSortName = keyof typeof LISTING_SORTS;
export const LISTING_SORT_NAMES = Object.keys(LISTING_SORTS) as ListingSortName[];
export const DEFAULT_LISTING_SORT: ListingSortName = "featured";

export interface ListingQuery {
  page: number;
  sort: ListingSortName;
  /** A store category's id, or null for every product. */
  category: number | null;
}

const isSortName = (value: string): value is ListingSortName => Object.hasOwn(LISTING_SORTS, value);

/** A positive whole number from a URL value, or null (anything else is ignored, as a missing value). */
function wholeNumber(value: string | null | undefined, max: number): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? Math.min(number, max) : null;
}

/** The listing a URL's query asks for: an unknown sort, page or category is the default, never an error. */
export function readListingQuery(search: URLSearchParams): ListingQuery {
  const sort = search.get("sort") ?? "";
  return {
    page: wholeNumber(search.get("page"), MAX_LISTING_PAGE) ?? 1,
    sort: isSortName(sort) ? sort : DEFAULT_LISTING_SORT,
    category: wholeNumber(search.get("category"), 2_147_483_647),
  };
}

/** How many pages `total` products fill (at least one: an empty listing is one empty page). */
export function pageCount(total: number, pageSize = LISTING_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The address of a listing's page: `path` with the query's parameters that differ from the defaults
 * (page 1 and the featured order are left out), the others (`q`) kept in order.
 */
export function listingHref(path: string, query: ListingQuery, keep: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(keep)) if (value) params.set(name, value);
  if (query.sort !== DEFAULT_LISTING_SORT) params.set("sort", query.sort);
  if (query.category !== null) params.set("category", String(query.category));
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export interface PagerLink {
  page: number;
  href: string;
  current: boolean;
}

/** The numbered links of a pager, and the previous and next pages' (null at either end). */
export function pagerLinks(path: string, query: ListingQuery, total: number, keep: Record<string, string> = {}) {
  const pages = pageCount(total);
  const at = (page: number) => listingHref(path, { ...query, page }, keep);
  return {
    pages: Array.from({ length: pages }, (_, index) => ({ page: index + 1, href: at(index + 1), current: index + 1 === query.page })) as PagerLink[],
    previous: query.page > 1 ? at(Math.min(query.page - 1, pages)) : null,
    next: query.page < pages ? at(query.page + 1) : null,
  };
}

/** The connection's `page` argument: 1 to MAX_LISTING_PAGE, and not with a cursor (`after`/`before`). */
export const listingPageInput = z
  .looseObject({ page: z.number().nullish(), after: z.unknown().optional(), before: z.unknown().optional() })
  .refine(
    (args) =>
      args.page == null || (Number.isInteger(args.page) && args.page >= 1 && args.page <= MAX_LISTING_PAGE && args.after == null && args.before == null),
    refusal(messages.listingPageInvalid(MAX_LISTING_PAGE)),
  );
