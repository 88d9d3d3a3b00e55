// Canonical addresses of the storefront's lists (issue 23, "found by search engines"). A store page or
// the search page can be reached under many query strings (paging, sort order, a category filter,
// tracking parameters a campaign appended); search engines should see one address per distinct list:
//
//   kept      `category` (another list of products) and `page` when it is a whole number above 1
//             (page 1 is the page without `?page`); on the search page also `q` (the query)
//   dropped   `sort` (the same products in another order), tracking parameters (utm_*, fbclid,
//             gclid...), `lang` (the hreflang links name the languages) and everything else
//
// The kept parameters come in one fixed order, so `?page=2&category=mugs` and `?category=mugs&page=2`
// have one canonical. Search results are not worth indexing: their pages say `noindex, follow` (the
// crawler still follows their links to the products). A product page's canonical has no query string.

/** The query parameters that make another list, in the order canonical addresses list them. */
const LIST_PARAMETERS = ["category", "page"] as const;
/** The search page's own: the query comes first. */
const SEARCH_PARAMETERS = ["q", ...LIST_PARAMETERS] as const;

/** The robots directive of pages search engines should not index but may crawl through (search results). */
export const NOINDEX_FOLLOW = "noindex, follow";

/** Pages behind a bearer link (the order status page): neither indexed nor followed. */
export const NOINDEX_NOFOLLOW = "noindex, nofollow";

/** A `page` value worth keeping: a whole number above 1, written without leading zeros; else null. */
export function listPageNumber(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const page = Number(value.trim());
  return page > 1 ? page : null;
}

function canonicalQuery(searchParams: URLSearchParams, kept: readonly string[]): string {
  const query = new URLSearchParams();
  for (const name of kept) {
    const raw = searchParams.get(name);
    if (name === "page") {
      const page = listPageNumber(raw);
      if (page !== null) query.set(name, String(page));
    } else if (raw !== null && raw.trim() !== "") {
      query.set(name, raw.trim());
    }
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The canonical path and query of a store page's list (`/`, `/{urlId}`): only `category` and a page above 1. */
export const canonicalListUrl = (path: string, searchParams: URLSearchParams): string => `${path}${canonicalQuery(searchParams, LIST_PARAMETERS)}`;

/** The canonical path and query of a search result page (`/search`): the query, `category` and a page above 1. */
export const canonicalSearchUrl = (path: string, searchParams: URLSearchParams): string => `${path}${canonicalQuery(searchParams, SEARCH_PARAMETERS)}`;
