// Storefront documents: every GET or HEAD that is not GraphQL, REST (/api/...), a static file or the
// health check comes here. The storefront service builds and renders the page the address names
// (server/services/storefront/storefront.ts); `?format=json` answers its page context instead.
// Addresses the store has no page for get the not-found document with status 404.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Visitor } from "../services/cart/cart-transaction.ts";
import type { Services } from "../services/index.ts";
import { siteBaseUrl } from "../services/storefront/base-url.ts";
import { clientEntryTags } from "./client-assets.ts";

export interface PageOptions {
  /** Development: the footer links the GraphQL API (GraphiQL in the browser). */
  graphiql: boolean;
  /** The clock templates see as "now" (default: Date.now). */
  now?: () => number;
}

// Scripts only from this origin (the built client): no inline script at all, so no nonce is needed
// (the JSON-LD block is data, never run); no plugins. Inline styles are the layout's. Defence in
// depth: templates already escape what they print. The other security headers are every
// response's (server/http/security-headers.ts).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self' ws: wss:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

/** Scheme and host the request was made to, for absolute links (canonical, Open Graph, JSON-LD). */
export const baseUrlOf = (request: IncomingMessage): string => siteBaseUrl(request.headers);

export function createPageHandler(services: Services, options: PageOptions) {
  const now = options.now ?? Date.now;
  return async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL, _visitor: Visitor): Promise<boolean> {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    // An unknown API address is the API's 404 (JSON), not a page.
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return false;
    const page = await services.storefront.page(url, baseUrlOf(request));
    const head = request.method === "HEAD";
    if (url.searchParams.get("format") === "json") {
      response.writeHead(page.status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      response.end(head ? undefined : JSON.stringify(page.context));
      return true;
    }
    const context = options.graphiql ? { ...page.context, developer: { apiUrl: "/graphql" } } : page.context;
    const html = await services.storefront.render({ template: page.template, context }, { clientEntryTags: clientEntryTags(), now: now() });
    response.writeHead(page.status, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": CONTENT_SECURITY_POLICY,
    });
    response.end(head ? undefined : html);
    return true;
  };
}
