// The request-to-site step (issue 21): the Host header names the site; its services come from the
// pool for the time of the request. An unknown host gets the neutral "no store at this address" page,
// a secondary custom domain a 301 to the site's primary one, a removed site 410.
import type { IncomingMessage, ServerResponse } from "node:http";
import { requestHost } from "../domain/site/hosts.ts";
import type { SiteAccess } from "../domain/site/site-status.ts";
import { sendSitePage } from "../pages/site-pages.ts";
import type { Services } from "../services/index.ts";
import type { SiteDirectory, SiteRecord } from "../services/site/site-directory.ts";
import type { SitePool } from "../services/site/site-pool.ts";
import { GRAPHQL_PATH, isRestPath } from "./paths.ts";

export interface SiteRequest {
  site: SiteRecord;
  access: SiteAccess;
  services: Services;
}

export type SiteResolver = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<SiteRequest | null>;

/** The API's paths answer JSON; pages answer HTML (or JSON with `?format=json`). */
const wantsJson = (url: URL) => url.pathname === GRAPHQL_PATH || isRestPath(url.pathname) || url.searchParams.get("format") === "json";

export type SiteAnswer =
  { kind: "site"; site: SiteRequest; release(): void } | { kind: "unknown" } | { kind: "removed" } | { kind: "redirect"; location: string };

/** The site a Host header names, and its services held until `release` (HTTP requests and sockets alike). */
export function createSiteOpener(directory: SiteDirectory, pool: SitePool) {
  return async function openSite(hostHeader: string | undefined, pathAndQuery: string): Promise<SiteAnswer> {
    const answer = await directory.resolve(requestHost(hostHeader));
    if (answer.kind === "unknown") return answer;
    if (answer.kind === "redirect") return { kind: "redirect", location: new URL(pathAndQuery, directory.hostUrl(answer.host)).href };
    const access = directory.access(answer.site);
    if (access.storefront === "gone") return { kind: "removed" };
    const lease = pool.acquire(answer.site);
    return { kind: "site", site: { site: answer.site, access, services: lease.services }, release: lease.release };
  };
}

export type SiteOpener = ReturnType<typeof createSiteOpener>;

/**
 * The site of a request and its services, held until the response closes; null when the request was
 * answered here (no store, a redirect, a removed store).
 */
export function createSiteResolver(openSite: SiteOpener): SiteResolver {
  return async function siteFor(request, response, url) {
    const answer = await openSite(request.headers.host, url.pathname + url.search);
    const options = { json: wantsJson(url), head: request.method === "HEAD" };
    if (answer.kind === "unknown" || answer.kind === "removed") {
      sendSitePage(response, answer.kind, options);
      return null;
    }
    if (answer.kind === "redirect") {
      response.writeHead(301, { location: answer.location, "cache-control": "no-store" });
      response.end();
      return null;
    }
    response.once("close", answer.release);
    return answer.site;
  };
}
