// Download links (issue 23): GET/HEAD /downloads/<token>. The service decides whether the link
// delivers (services/downloads/download-grants.ts) and counts it; here only HTTP: the file streamed
// (never read whole) with Range support, or a 302 to an external link, or a page saying why not and how
// to get a new link. A request counts as a download when it is a GET starting at byte 0 (no Range, or
// bytes=0-…): a player seeking or a browser resuming asks for later bytes and is not counted again.
import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import contentDisposition from "content-disposition";
import { parseByteRange, startsDownload } from "../domain/downloads/byte-range.ts";
import { DOWNLOADS_PATH_PREFIX } from "../domain/downloads/download-grants.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { downloadMessages } from "../domain/messages/downloads.ts";
import { PageType } from "../domain/storefront/page-types.ts";
import type { DownloadGrantService, OpenedDownload } from "../services/downloads/download-grants.ts";
import { CONTENT_SECURITY_POLICY } from "./content-security-policy.ts";
import { plainDocument } from "./error-page.ts";

const PRIVATE = { "cache-control": "private, no-store", "x-content-type-options": "nosniff", "referrer-policy": "no-referrer" };

/** Answers a /downloads/ request; false for any other path. */
export async function serveDownload(request: IncomingMessage, response: ServerResponse, url: URL, grants: DownloadGrantService): Promise<boolean> {
  if (!url.pathname.startsWith(DOWNLOADS_PATH_PREFIX)) return false;
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { ...PRIVATE, allow: "GET, HEAD", "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify({ error: checkoutMessages.methodNotAllowed }));
    return true;
  }
  const token = url.pathname.slice(DOWNLOADS_PATH_PREFIX.length);
  const rangeHeader = request.headers.range;
  // The size is not known before the grant is read: a suffix or a later start never starts a download.
  const counts = request.method === "GET" && startsDownload(parseByteRange(rangeHeader, Number.MAX_SAFE_INTEGER));
  const opened = await grants.open(token, { counts });
  if (opened.kind === "REFUSED") return refusalPage(response, opened, request.method === "HEAD");
  if (opened.kind === "LINK") {
    response.writeHead(302, { ...PRIVATE, location: opened.url });
    response.end();
    return true;
  }
  const range = parseByteRange(rangeHeader, opened.size);
  const headers = {
    ...PRIVATE,
    "content-type": opened.contentType,
    "content-disposition": contentDisposition(opened.name, { type: "attachment" }),
    "accept-ranges": "bytes",
  };
  if (range.kind === "unsatisfiable") {
    response.writeHead(416, { ...headers, "content-range": `bytes */${opened.size}`, "content-type": "text/plain; charset=utf-8" });
    response.end(request.method === "HEAD" ? undefined : downloadMessages.rangeNotSatisfiable);
    return true;
  }
  const { start, end } = range.kind === "partial" ? range : { start: 0, end: opened.size - 1 };
  const length = opened.size === 0 ? 0 : end - start + 1;
  response.writeHead(range.kind === "partial" ? 206 : 200, {
    ...headers,
    "content-length": length,
    ...(range.kind === "partial" ? { "content-range": `bytes ${start}-${end}/${opened.size}` } : {}),
  });
  if (request.method === "HEAD" || length === 0) {
    response.end();
    return true;
  }
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(opened.path, { start, end });
    // A shopper who cancels closes the socket: the stream stops reading.
    response.on("close", () => {
      stream.destroy();
      resolve();
    });
    stream.on("error", reject).on("end", resolve).pipe(response);
  });
  return true;
}

const REFUSALS = {
  EXPIRED: { status: 410, title: downloadMessages.pageTitleExpired },
  LIMIT_REACHED: { status: 403, title: downloadMessages.pageTitleLimit },
  STOPPED: { status: 410, title: downloadMessages.pageTitleStopped },
  NOT_FOUND: { status: 404, title: downloadMessages.pageTitleNotFound },
} as const;

/** The page of a link that does not deliver: what happened and how to get a new link (HTML, for a browser). */
function refusalPage(response: ServerResponse, refused: Extract<OpenedDownload, { kind: "REFUSED" }>, head: boolean): true {
  const { status, title } = REFUSALS[refused.state];
  const body = {
    EXPIRED: downloadMessages.expiredBody,
    LIMIT_REACHED: downloadMessages.limitBody(refused.downloadLimit),
    STOPPED: downloadMessages.stoppedBody,
    NOT_FOUND: downloadMessages.notFoundBody,
  }[refused.state];
  const newLink =
    refused.orderNumber !== null && refused.state !== "STOPPED" ? ` ${downloadMessages.askForNewLink(refused.storeName, refused.orderNumber)}` : "";
  const html = plainDocument({
    pageType: PageType.ERROR,
    pageTitle: title,
    pageDescription: `${body}${newLink}`,
    link: { href: "/contact", label: downloadMessages.contactStore },
  });
  response.writeHead(status, { ...PRIVATE, "content-type": "text/html; charset=utf-8", "content-security-policy": CONTENT_SECURITY_POLICY });
  response.end(head ? undefined : html);
  return true;
}
