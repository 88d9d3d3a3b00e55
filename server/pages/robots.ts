// /robots.txt of every site (issue 23, "found by search engines"): crawlers keep out of the owner's
// admin, the cart, checkout, the member's account and the API, whose pages are private or worthless
// in a search result; the storefront's products and pages stay open to them, and the `Sitemap:` line
// points at the site's /sitemap.xml (sitemap.ts), on the address the request came to.
import type { ServerResponse } from "node:http";
import { GRAPHQL_PATH, REST_PREFIX } from "../http/paths.ts";
import { ADMIN_ROOT } from "./admin.ts";
import { SITEMAP_PATH } from "../domain/storefront/sitemap.ts";

export const ROBOTS_PATH = "/robots.txt";

/** The paths no crawler should index, each with everything below it. */
export const PRIVATE_PATHS: readonly string[] = [ADMIN_ROOT, "/cart", "/checkout", "/account", REST_PREFIX, GRAPHQL_PATH];

/** The file for a site served at `baseUrl` (scheme and host). */
export const robotsText = (baseUrl: string): string =>
  ["User-agent: *", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${baseUrl}${SITEMAP_PATH}`, ""].join("\n");

export function sendRobots(response: ServerResponse, head: boolean, baseUrl: string): void {
  const body = robotsText(baseUrl);
  response.writeHead(200, { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600", "content-length": Buffer.byteLength(body) });
  response.end(head ? undefined : body);
}
