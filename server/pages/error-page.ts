// The error page (page type 101): what a visitor gets when the store could not build the page they
// asked for. It is written here without the site's templates or settings, because either may be
// what failed; it says what happened and offers a reload and the home page.
import type { ServerResponse } from "node:http";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { messages } from "../domain/messages/storefront.ts";
import { PageType } from "../domain/storefront/page-types.ts";
import { CONTENT_SECURITY_POLICY } from "./content-security-policy.ts";
import { escapeHtml } from "./html.ts";

/** The error page's context, as `?format=json` answers it (no site data: it may be what failed). */
export function errorPageContext(unavailable: boolean) {
  return {
    pageType: PageType.ERROR,
    pageTitle: messages.somethingWentWrong,
    pageDescription: unavailable ? checkoutMessages.databaseUnavailable : checkoutMessages.serverError,
  };
}

export function errorDocument(unavailable: boolean): string {
  return plainDocument({ ...errorPageContext(unavailable), link: { href: "/", label: messages.continueShopping } });
}

/**
 * A page written without the site's templates: the error page, and the pages of an address with no
 * store, an unavailable store and a removed one (site-pages.ts).
 */
export function plainDocument(page: { pageType: number; pageTitle: string; pageDescription: string; link?: { href: string; label: string } }): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(page.pageTitle)}</title>`,
    "<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:3rem 1.25rem;color:#1a1a1a}main{max-width:36rem;margin:0 auto}a{color:inherit}</style>",
    "</head>",
    `<body data-page-type="${page.pageType}">`,
    "<main>",
    `<h1>${escapeHtml(page.pageTitle)}</h1>`,
    `<p>${escapeHtml(page.pageDescription)}</p>`,
    ...(page.link ? [`<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p>`] : []),
    "</main>",
    "</body>",
    "</html>",
  ].join("\n");
}

/** Answers the error page: 503 while the database is unreachable, else 500. */
export function sendErrorPage(response: ServerResponse, options: { unavailable: boolean; json: boolean; head: boolean }): void {
  const status = options.unavailable ? 503 : 500;
  const body = options.json ? JSON.stringify(errorPageContext(options.unavailable)) : errorDocument(options.unavailable);
  response.writeHead(status, {
    "content-type": options.json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": CONTENT_SECURITY_POLICY,
    ...(options.unavailable ? { "retry-after": "5" } : {}),
  });
  response.end(options.head ? undefined : body);
}
