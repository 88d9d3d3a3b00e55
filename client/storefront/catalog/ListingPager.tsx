// Numbered pages of a storefront listing: plain links (?page=2) that work without script and that
// crawlers follow; the app navigates in place. Nothing shows when everything fits on one page.
import { Link } from "../../shared/router/Router.tsx";
import { pageCount, pagerLinks, type ListingQuery } from "../../../server/domain/catalog/listing.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";

export function ListingPager({ path, query, keep, totalCount }: { path: string; query: ListingQuery; keep: Record<string, string>; totalCount: number }) {
  const pages = pageCount(totalCount);
  if (pages <= 1 && query.page <= 1) return null;
  const links = pagerLinks(path, query, totalCount, keep);
  return (
    <nav className="listing-pager" aria-label={messages.pagerLabel}>
      <p className="listing-pager-status">{messages.pageOf(Math.min(query.page, pages), pages)}</p>
      <ul>
        {links.previous ? (
          <li>
            <Link href={links.previous} rel="prev">
              {messages.pagerPrevious}
            </Link>
          </li>
        ) : null}
        {links.pages.map((link) => (
          <li key={link.page}>
            {link.current ? (
              <span aria-current="page" aria-label={messages.pagerPage(link.page)}>
                {link.page}
              </span>
            ) : (
              <Link href={link.href} aria-label={messages.pagerPage(link.page)}>
                {String(link.page)}
              </Link>
            )}
          </li>
        ))}
        {links.next ? (
          <li>
            <Link href={links.next} rel="next">
              {messages.pagerNext}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
