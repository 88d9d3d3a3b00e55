// The answers of a request that reaches no open store (issue 21): an address with no store (404), a
// store that is unavailable (its plan expired: 503) and a removed store (410). Pages get a neutral
// document, never another site's content; API paths get JSON with the same words.
import type { ServerResponse } from "node:http";
import { siteMessages } from "../domain/messages/sites.ts";
import { PageType } from "../domain/storefront/page-types.ts";
import { CONTENT_SECURITY_POLICY } from "./content-security-policy.ts";
import { plainDocument } from "./error-page.ts";

export type SitePageKind = "unknown" | "unavailable" | "removed";

const PAGES: Record<SitePageKind, { status: number; pageType: number; pageTitle: string; pageDescription: string }> = {
  unknown: { status: 404, pageType: PageType.NOT_FOUND, pageTitle: siteMessages.unknownTitle, pageDescription: siteMessages.unknownText },
  unavailable: { status: 503, pageType: PageType.ERROR, pageTitle: siteMessages.unavailableTitle, pageDescription: siteMessages.unavailableText },
  removed: { status: 410, pageType: PageType.NOT_FOUND, pageTitle: siteMessages.removedTitle, pageDescription: siteMessages.removedText },
};

/** Answers one of the pages: HTML for a browser's page, JSON for an API path or `?format=json`. */
export function sendSitePage(response: ServerResponse, kind: SitePageKind, options: { json: boolean; head: boolean }): void {
  const { status, ...page } = PAGES[kind];
  const body = options.json ? JSON.stringify({ error: page.pageTitle, ...page }) : plainDocument(page);
  response.writeHead(status, {
    "content-type": options.json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": CONTENT_SECURITY_POLICY,
    ...(kind === "unavailable" ? { "retry-after": "3600" } : {}),
  });
  response.end(options.head ? undefined : body);
}
