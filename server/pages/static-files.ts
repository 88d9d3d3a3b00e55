// Static files: the built client's hashed assets (/assets/..., cached for a year) and the files of
// client/public (product images...), from the build when there is one, else from the sources.
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
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

const COMPRESSIBLE = new Set([".js", ".css", ".map", ".svg"]);
const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

/** The file gzipped once (per modification time) and kept: assets are few and immutable. */
function gzippedFile(path: string): Buffer {
  const { mtimeMs } = statSync(path);
  const cached = gzipped.get(path);
  if (cached && cached.mtimeMs === mtimeMs) return cached.body;
  const body = gzipSync(readFileSync(path), { level: 9 });
  gzipped.set(path, { mtimeMs, body });
  return body;
}

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
  const path = hashed ? fileUnder(CLIENT_BUILD_DIR, url.pathname) : (fileUnder(CLIENT_BUILD_DIR, url.pathname) ?? fileUnder(PUBLIC_DIR, url.pathname));
  if (!path || !(extname(path) in TYPES)) return false;
  const headers = {
    "content-type": TYPES[extname(path)],
    "cache-control": hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    vary: "accept-encoding",
  };
  if (COMPRESSIBLE.has(extname(path)) && /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
    const body = gzippedFile(path);
    response.writeHead(200, { ...headers, "content-encoding": "gzip", "content-length": body.length });
    response.end(request.method === "HEAD" ? undefined : body);
    return true;
  }
  response.writeHead(200, { ...headers, "content-length": statSync(path).size });
  if (request.method === "HEAD") {
    response.end();
    return true;
  }
  await new Promise<void>((resolve, reject) => createReadStream(path).on("error", reject).on("end", resolve).pipe(response));
  return true;
}
