// Static files: the built client's hashed assets (/assets/..., cached for a year) and the files of
// client/public (product images...), from the build when there is one, else from the sources.
import { createReadStream, existsSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { projectRoot } from "../db/urls.ts";
import { CLIENT_BUILD_DIR } from "./client-assets.ts";

const PUBLIC_DIR = join(projectRoot, "client", "public");
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

/** The file under `root` that a URL path names, or null (outside root, missing, or not a file). */
function fileUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root + sep) || !existsSync(path) || !statSync(path).isFile()) return null;
  return path;
}

export async function serveStatic(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const hashed = url.pathname.startsWith("/assets/");
  const path = hashed
    ? fileUnder(CLIENT_BUILD_DIR, url.pathname)
    : (fileUnder(CLIENT_BUILD_DIR, url.pathname) ?? fileUnder(PUBLIC_DIR, url.pathname));
  if (!path || !(extname(path) in TYPES)) return false;
  response.writeHead(200, {
    "content-type": TYPES[extname(path)],
    "cache-control": hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    "content-length": statSync(path).size,
  });
  if (request.method === "HEAD") {
    response.end();
    return true;
  }
  await new Promise<void>((resolve, reject) => createReadStream(path).on("error", reject).on("end", resolve).pipe(response));
  return true;
}
