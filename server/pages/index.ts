// Storefront documents: every GET or HEAD that is not GraphQL, REST (/api/...), a static file or the
// health check comes here. Each page is rendered from the site's current templates (TemplateService) with
// its page context (server/services/storefront/page-context.ts); `?format=json` answers that context instead.
// Addresses the store has no page for get the not-found document with status 404.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Visitor } from "../services/cart/cart-transaction.ts";
import type { Services } from "../services/index.ts";
import { renderDocument } from "../template/document.ts";
import { clientEntryTags } from "./client-assets.ts";
import { buildPage } from "./routes.ts";

export interface PageOptions {
  /** Development: the footer links the GraphQL API (GraphiQL in the browser). */
  graphiql: boolean;
  /** The clock templates see as "now" (default: Date.now). */
  now?: () => number;
}

// Scripts only from this origin (the built client); the JSON-LD block is data, not script, and
// inline styles are the layout's. Defence in depth: templates already escape what they print.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self' ws: wss:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

/** Scheme and host the request was made to, for absolute links (canonical, Open Graph, JSON-LD). */
export function baseUrlOf(request: IncomingMessage): string {
  const host = String(request.headers.host ?? "").toLowerCase();
  const safeHost = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(host) ? host : "localhost";
  const forwarded = String(request.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    .trim();
  return `${forwarded === "https" ? "https" : "http"}://${safeHost}`;
}

export function createPageHandler(services: Services, options: PageOptions) {
  const now = options.now ?? Date.now;
  return async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL, _visitor: Visitor): Promise<boolean> {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    // An unknown API address is the API's 404 (JSON), not a page.
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return false;
    const page = await buildPage(services, url, baseUrlOf(request));
    const head = request.method === "HEAD";
    if (url.searchParams.get("format") === "json") {
      response.writeHead(page.status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      response.end(head ? undefined : JSON.stringify(page.context));
      return true;
    }
    const templates = await services.templates.current();
    const context = options.graphiql ? { ...page.context, developer: { apiUrl: "/graphql" } } : page.context;
    const { html } = renderDocument(templates, page.template, context, { clientEntryTags: clientEntryTags(), now: now() });
    response.writeHead(page.status, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
    response.end(head ? undefined : html);
    return true;
  };
}
