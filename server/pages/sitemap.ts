// /sitemap.xml and /sitemap-{n}.xml of every site (issue 23, "found by search engines"): the request's
// site, addresses on the host the request came to (base-url.ts). The service decides what is listed
// (services/storefront/sitemap.ts); the document is written as it is read, and may be cached a few
// minutes. A file the site does not have is the not-found answer of any unknown address.
import type { ServerResponse } from "node:http";
import { once } from "node:events";
import { sitemapFileOf } from "../domain/storefront/sitemap.ts";
import type { SitemapService } from "../services/storefront/sitemap.ts";

/** How long a crawler or proxy may keep a sitemap (seconds). */
export const SITEMAP_MAX_AGE_SECONDS = 300;

/** Whether the path is a sitemap's (/sitemap.xml, /sitemap-{n}.xml). */
export const isSitemapPath = (pathname: string) => sitemapFileOf(pathname) !== undefined;

/** Answers a sitemap address; false when the site has no such file (the caller answers 404). */
export async function sendSitemap(response: ServerResponse, url: URL, baseUrl: string, sitemap: SitemapService, head: boolean): Promise<boolean> {
  const file = sitemapFileOf(url.pathname);
  if (file === undefined) return false;
  const document = await sitemap.document(baseUrl, file);
  if (!document) return false;
  response.writeHead(200, { "content-type": "application/xml; charset=utf-8", "cache-control": `public, max-age=${SITEMAP_MAX_AGE_SECONDS}` });
  if (head) {
    response.end();
    return true;
  }
  for await (const chunk of document) {
    if (!response.write(chunk)) await once(response, "drain");
  }
  response.end();
  return true;
}
