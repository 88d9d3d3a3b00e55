// Uploaded product images: GET/HEAD /media/<key>/<filename>?format=<N>w|original. The service says
// which file (services/catalog/product-images.ts); here only HTTP: a URL's bytes never change (a new
// upload gets a new key), so responses are cached for a year as immutable, with a strong ETag.
import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { MEDIA_PATH_PREFIX } from "../domain/catalog/product-images.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import type { ProductImagesService } from "../services/catalog/product-images.ts";

const MEDIA_PATH = /^\/media\/([^/]+)\/([^/]+)$/;

/** Answers a /media/ request (the file, 304, or 404); false for any other path. */
export async function serveMedia(request: IncomingMessage, response: ServerResponse, url: URL, images: ProductImagesService): Promise<boolean> {
  if (!url.pathname.startsWith(MEDIA_PATH_PREFIX)) return false;
  const notFound = (status: number, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
    response.end(JSON.stringify({ error: body }));
    return true;
  };
  if (request.method !== "GET" && request.method !== "HEAD") return notFound(405, checkoutMessages.methodNotAllowed, { allow: "GET, HEAD" });
  const match = MEDIA_PATH.exec(url.pathname);
  const file = match ? await images.media(match[1], match[2], url.searchParams.get("format")) : null;
  if (!file) return notFound(404, checkoutMessages.routeNotFound);
  const headers = {
    "content-type": file.contentType,
    "cache-control": "public, max-age=31536000, immutable",
    etag: file.etag,
    "x-content-type-options": "nosniff",
  };
  const tags = String(request.headers["if-none-match"] ?? "")
    .split(",")
    .map((tag) => tag.trim());
  if (tags.includes(file.etag) || tags.includes("*")) {
    response.writeHead(304, headers);
    response.end();
    return true;
  }
  response.writeHead(200, { ...headers, "content-length": file.size });
  if (request.method === "HEAD") {
    response.end();
    return true;
  }
  await new Promise<void>((resolve, reject) => createReadStream(file.path).on("error", reject).on("end", resolve).pipe(response));
  return true;
}
