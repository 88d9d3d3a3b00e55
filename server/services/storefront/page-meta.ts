// The head of every storefront page (issue 23, "found by search engines"): title, description, the
// canonical address (null for a page with no address of its own), the robots directive of pages kept
// out of the index, Open Graph and Twitter card data. template/defaults/site.html prints them.
import { absolute } from "./context-format.ts";

type PageContext = Record<string, unknown>;

export interface PageMeta {
  pageType: number;
  pageTitle: string;
  pageDescription: string;
  /** Canonical path (and query, domain/storefront/canonical.ts) of the page, or null for a page that has no address of its own (not found). */
  path: string | null;
  /** The robots meta directive (search results: "noindex, follow"); none: indexable. */
  robots?: string;
}

/** Twitter's card: the large image card when the page has an image, else the summary card. */
function twitterCard(openGraph: { title: string; description: string; image?: unknown }) {
  const image = typeof openGraph.image === "string" ? openGraph.image : null;
  return {
    card: image ? "summary_large_image" : "summary",
    title: openGraph.title,
    description: openGraph.description,
    ...(image ? { image } : {}),
  };
}

/** The head's data: title, description, canonical URL, robots, Open Graph and Twitter tags. */
export function pageMeta(site: PageContext, meta: PageMeta, openGraph: Record<string, unknown> = {}) {
  const website = site.website as { baseUrl: string; siteTitle: string };
  const canonicalUrl = meta.path === null ? null : absolute(website.baseUrl, meta.path);
  const og = { type: "website", siteName: website.siteTitle, title: meta.pageTitle, description: meta.pageDescription, url: canonicalUrl, ...openGraph };
  return {
    pageType: meta.pageType,
    pageTitle: meta.pageTitle,
    pageDescription: meta.pageDescription,
    canonicalUrl,
    ...(meta.robots ? { robots: meta.robots } : {}),
    openGraph: og,
    twitter: twitterCard(og),
    structuredData: null as unknown,
  };
}
