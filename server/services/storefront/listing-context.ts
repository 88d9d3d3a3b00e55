// The listing part of a server-rendered collection or search page (issue 23): the true count, the
// numbered pages as links (crawlers and visitors without script follow them), and the sort and
// category choices of its GET form. The URL rules are server/domain/catalog/listing.ts, as in the app.
import { LISTING_PAGE_SIZE, LISTING_SORT_NAMES, pageCount, pagerLinks, type ListingQuery } from "../../domain/catalog/listing.ts";
import { messages } from "../../domain/messages/storefront.ts";

export interface ListingRead {
  query: ListingQuery;
  total: number;
  /** The store page's categories (the category filter); none elsewhere. */
  categories: { id: number; displayName: string }[];
  /** Parameters every link keeps (search's q). */
  keep?: Record<string, string>;
}

/** The page data under `pagination` and `listing` (Squarespace's names where it has them: nextPageUrl, prevPageUrl, pageSize). */
export function listingContext(path: string, read: ListingRead) {
  const { query, total, categories, keep = {} } = read;
  const links = pagerLinks(path, query, total, keep);
  const pages = pageCount(total);
  return {
    pagination: {
      pageSize: LISTING_PAGE_SIZE,
      page: query.page,
      pageCount: pages,
      pageOf: messages.pageOf(Math.min(query.page, pages), pages),
      nextPage: links.next !== null,
      nextPageUrl: links.next,
      prevPage: links.previous !== null,
      prevPageUrl: links.previous,
      // Only when there is more than one page to go to.
      pages: pages > 1 ? links.pages : [],
    },
    listing: {
      path,
      countText: messages.productCount(total),
      totalCount: total,
      keep: Object.entries(keep).map(([name, value]) => ({ name, value })),
      sorts: LISTING_SORT_NAMES.map((name) => ({ value: name, label: messages.sortNames[name], selected: name === query.sort })),
      categories: categories.map((category) => ({ value: String(category.id), label: category.displayName, selected: category.id === query.category })),
      texts: {
        sortLabel: messages.sortLabel,
        categoryLabel: messages.categoryLabel,
        allCategories: messages.allCategories,
        apply: messages.applyListing,
        previous: messages.pagerPrevious,
        next: messages.pagerNext,
        pagerLabel: messages.pagerLabel,
        empty: messages.storeEmpty,
      },
    },
  };
}
