// The products feed for ads platforms (issue 10 item 7): GET/HEAD /feeds/<token>/products.xml
// (Google Merchant RSS) and .csv. The service checks the token; a retired or made-up token is a 404,
// like any unknown path. Answers are not cached by proxies (the token may be retired at any time).
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { FEED_PATH_PATTERN, type MarketingService } from "../services/store/marketing.ts";

const CONTENT_TYPES = { xml: "application/xml; charset=utf-8", csv: "text/csv; charset=utf-8" } as const;

/** Answers a /feeds/ request; false for any other path. */
export async function serveProductFeed(request: IncomingMessage, response: ServerResponse, url: URL, marketing: MarketingService): Promise<boolean> {
  if (!url.pathname.startsWith("/feeds/")) return false;
  const json = (status: number, error: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
    response.end(JSON.stringify({ error }));
    return true;
  };
  if (request.method !== "GET" && request.method !== "HEAD") return json(405, checkoutMessages.methodNotAllowed, { allow: "GET, HEAD" });
  const match = FEED_PATH_PATTERN.exec(url.pathname);
  const format = match?.[2] as "xml" | "csv" | undefined;
  const body = match && format ? await marketing.feed(match[1], format) : null;
  if (body === null || !format) return json(404, checkoutMessages.routeNotFound);
  response.writeHead(200, {
    "content-type": CONTENT_TYPES[format],
    "cache-control": "private, no-store",
    "x-robots-tag": "noindex",
    "content-length": Buffer.byteLength(body),
    ...(format === "csv" ? { "content-disposition": 'inline; filename="products.csv"' } : {}),
  });
  response.end(request.method === "HEAD" ? undefined : body);
  return true;
}
