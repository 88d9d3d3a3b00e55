// The owner's admin (/config and below): one document that loads the admin entry of the client.
// Who may see what is decided by the GraphQL API (docs/permissions.md); the document itself holds
// nothing private, so it is the same for everyone, and never indexed or cached.
import type { ServerResponse } from "node:http";
import { adminMessages } from "../domain/messages/admin.ts";
import { ADMIN_ENTRY, clientEntryTags } from "./client-assets.ts";
import { CONTENT_SECURITY_POLICY } from "./content-security-policy.ts";
import { escapeHtml } from "./html.ts";

export const ADMIN_ROOT = "/config";

export const isAdminPath = (pathname: string): boolean => pathname === ADMIN_ROOT || pathname.startsWith(`${ADMIN_ROOT}/`);

export function adminDocument(): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(adminMessages.title)}</title>`,
    clientEntryTags(ADMIN_ENTRY),
    "</head>",
    "<body>",
    `<div id="admin"><noscript><p>${escapeHtml(adminMessages.needsJavaScript)}</p></noscript></div>`,
    "</body>",
    "</html>",
  ].join("\n");
}

/** Answers a GET or HEAD of an admin address with the admin document. */
export function sendAdminDocument(response: ServerResponse, head: boolean): void {
  response.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": CONTENT_SECURITY_POLICY,
  });
  response.end(head ? undefined : adminDocument());
}
