// Storefront documents: every GET or HEAD that is not GraphQL, REST (/api/...), a static file or the
// health check comes here. The storefront service builds and renders the page the address names
// (server/services/storefront/storefront.ts); `?format=json` answers its page context instead.
// Addresses the store has no page for get the not-found document with status 404. /config and below
// get the owner's admin document (admin.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SiteRequest } from "../http/site-request.ts";
import { sendSitePage } from "./site-pages.ts";
import type { Services } from "../services/index.ts";
import { siteBaseUrl } from "../services/storefront/base-url.ts";
import { localeCookie, localeFrom, sessionTokenFrom, unlockTokensFrom } from "../http/cookies.ts";
import { GRAPHQL_PATH, isRestPath } from "../http/paths.ts";
import { visitorLocale } from "../domain/site/visitor-locale.ts";
import { sendAdminDocument, isAdminPath } from "./admin.ts";
import { clientEntryTags } from "./client-assets.ts";
import { contentSecurityPolicyFor } from "./content-security-policy.ts";
import { sendErrorPage } from "./error-page.ts";
import { isDatabaseUnavailable } from "../db/availability.ts";
import { processLogger } from "../services/support/log.ts";
import { ROBOTS_PATH, sendRobots } from "./robots.ts";
import { isSitemapPath, sendSitemap } from "./sitemap.ts";

export interface PageOptions {
  /** Development: the footer links the GraphQL API (GraphiQL in the browser). */
  graphiql: boolean;
  /** The clock templates see as "now" (default: Date.now). */
  now?: () => number;
}

/** Scheme and host the request was made to, for absolute links (canonical, Open Graph, JSON-LD). */
export const baseUrlOf = (request: IncomingMessage): string => siteBaseUrl(request.headers);

export function createPageHandler(options: PageOptions) {
  const now = options.now ?? Date.now;
  return async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL, { services, access }: SiteRequest): Promise<boolean> {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    // An unknown API address is the API's 404 (JSON), not a page.
    if (isRestPath(url.pathname)) return false;
    if (isAdminPath(url.pathname)) {
      sendAdminDocument(response, request.method === "HEAD");
      return true;
    }
    if (url.pathname === ROBOTS_PATH) {
      sendRobots(response, request.method === "HEAD", baseUrlOf(request));
      return true;
    }
    // A store whose plan is closed shows its visitors the unavailable page; its owners still reach /config.
    if (access.storefront !== "open") {
      sendSitePage(response, "unavailable", { json: url.searchParams.get("format") === "json", head: request.method === "HEAD" });
      return true;
    }
    try {
      // /sitemap.xml, /sitemap-{n}.xml; a file the site does not have is the not-found page below.
      if (isSitemapPath(url.pathname) && (await sendSitemap(response, url, baseUrlOf(request), services.sitemap, request.method === "HEAD"))) return true;
      await sendPage(services, request, response, url);
    } catch (error) {
      // The visitor gets the error page (101), not the API's JSON; the failure is logged.
      const unavailable = isDatabaseUnavailable(error);
      if (!unavailable) processLogger().error({ err: error, path: url.pathname }, "could not serve a storefront page");
      if (response.headersSent) response.end();
      else sendErrorPage(response, { unavailable, json: url.searchParams.get("format") === "json", head: request.method === "HEAD" });
    }
    return true;
  };

  async function sendPage(services: Services, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const signedIn = await services.sessions.documentViewer(sessionTokenFrom(request.headers.cookie));
    // The page's language: `?lang=` (an hreflang link; kept in the locale cookie) or the visitor's choice.
    const site = await services.siteSettings.languages();
    const offered = site.languages.map((language) => language.code);
    const fallback = site.languages.find((language) => language.isDefault)?.code ?? offered[0];
    const requested = url.searchParams.get("lang");
    const current = visitorLocale(requested ?? localeFrom(request.headers.cookie), offered, fallback);
    const languages = offered.length > 1 ? { current, offered } : undefined;
    const page = await services.storefront.page(url, baseUrlOf(request), {
      ...signedIn,
      unlockTokens: unlockTokensFrom(request.headers.cookie),
      languages,
    });
    const chosen = requested ? visitorLocale(requested, offered, "") : "";
    const cookies = chosen && chosen !== localeFrom(request.headers.cookie) ? { "set-cookie": localeCookie(chosen) } : {};
    const head = request.method === "HEAD";
    if (url.searchParams.get("format") === "json") {
      response.writeHead(page.status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      response.end(head ? undefined : JSON.stringify(page.context));
      return;
    }
    const context = options.graphiql ? { ...page.context, developer: { apiUrl: GRAPHQL_PATH } } : page.context;
    const html = await services.storefront.render({ template: page.template, context }, { clientEntryTags: clientEntryTags(), now: now() });
    response.writeHead(page.status, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      // Checkout's document also allows Stripe.js (content-security-policy.ts).
      "content-security-policy": contentSecurityPolicyFor(url.pathname),
      ...cookies,
    });
    response.end(head ? undefined : html);
  }
}
