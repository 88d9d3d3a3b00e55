// /robots.txt of every site (issue 23, "found by search engines"): crawlers keep out of the owner's
// admin, the cart, checkout, the member's account and the API, whose pages are private or worthless
// in a search result; the storefront's products and pages stay open to them.
import type { ServerResponse } from "node:http";
import { GRAPHQL_PATH, REST_PREFIX } from "../http/paths.ts";
import { ADMIN_ROOT } from "./admin.ts";

export const ROBOTS_PATH = "/robots.txt";

/** The paths no crawler should index, each with everything below it. */
export const PRIVATE_PATHS: readonly string[] = [ADMIN_ROOT, "/cart", "/checkout", "/account", REST_PREFIX, GRAPHQL_PATH];

export const robotsText = (): string => ["User-agent: *", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), ""].join("\n");

export function sendRobots(response: ServerResponse, head: boolean): void {
  const body = robotsText();
  response.writeHead(200, { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600", "content-length": Buffer.byteLength(body) });
  response.end(head ? undefined : body);
}
