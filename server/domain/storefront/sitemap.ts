// The sitemap protocol (sitemaps.org; issue 23, "found by search engines"): a `<urlset>` lists at most
// 50,000 addresses, so a site with more answers a sitemap index at /sitemap.xml pointing at
// /sitemap-1.xml, /sitemap-2.xml... of at most 50,000 each. A site within one file answers the
// `<urlset>` itself at /sitemap.xml (no index, no /sitemap-N.xml). Pure: the service pages through the
// rows and writes these pieces.
import { xmlEscape } from "../catalog/product-feed.ts";

/** The protocol's limit of addresses in one sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

export const SITEMAP_PATH = "/sitemap.xml";
const FILE_PATTERN = /^\/sitemap-([1-9]\d{0,5})\.xml$/;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** `/sitemap-{n}.xml`. */
export const sitemapFilePath = (file: number) => `/sitemap-${file}.xml`;

/** The sitemap an address asks for: the whole (null) at /sitemap.xml, file n at /sitemap-n.xml; undefined for any other path. */
export function sitemapFileOf(pathname: string): number | null | undefined {
  if (pathname === SITEMAP_PATH) return null;
  const match = FILE_PATTERN.exec(pathname);
  return match ? Number(match[1]) : undefined;
}

/** How many files `urlCount` addresses take at `perFile` each (at least one, possibly empty). */
export const sitemapFileCount = (urlCount: number, perFile: number = SITEMAP_URL_LIMIT) => Math.max(1, Math.ceil(urlCount / perFile));

export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
export const URLSET_CLOSE = "</urlset>\n";

/** One `<url>`: its absolute address, and when it last changed (W3C datetime) if known. */
export function sitemapUrl(loc: string, lastmod: Date | null = null): string {
  return `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>\n`;
}

/** The sitemap index of a site whose addresses take `files` files, on `baseUrl`. */
export function sitemapIndex(baseUrl: string, files: number): string {
  const entries = Array.from({ length: files }, (_, index) => `  <sitemap><loc>${xmlEscape(`${baseUrl}${sitemapFilePath(index + 1)}`)}</loc></sitemap>\n`);
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join("")}</sitemapindex>\n`;
}
