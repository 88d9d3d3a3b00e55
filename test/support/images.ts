// Test images made with sharp at run time (no binary fixtures): plain colours of a given size and
// format, a JPEG with EXIF metadata and an orientation, an animated GIF, and a PNG whose header claims
// more pixels than it holds (a decompression bomb's shape: refused before it is decoded).
import { crc32 } from "node:zlib";
import sharp from "sharp";

export type TestFormat = "jpeg" | "png" | "webp" | "gif";

/** A width × height image of one colour. */
export function testImage(width: number, height: number, format: TestFormat = "jpeg", background = "#3366aa"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG stored sideways (EXIF orientation 6: shown rotated 90°) with a copyright tag and GPS-free EXIF. */
export function orientedJpeg(storedWidth: number, storedHeight: number): Promise<Buffer> {
  return sharp({ create: { width: storedWidth, height: storedHeight, channels: 3, background: "#aa3300" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: "Secret Owner", Artist: "Secret Artist" } })
    .toBuffer();
}

/** An animated GIF of two frames, each width × height. */
export async function animatedGif(width: number, height: number): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width, height, channels: 4, background } })
      .png()
      .toBuffer();
  return sharp([await frame("#ff0000"), await frame("#00ff00")], { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** A small PNG whose header says width × height (the CRC fixed so decoders read the header). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await testImage(8, 8, "png"));
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), … CRC over type and data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** What sharp reads of an image: size, format, frames, and whether EXIF is left. */
export async function describe(bytes: Buffer) {
  const metadata = await sharp(bytes, { animated: true }).metadata();
  return {
    width: metadata.width,
    height: metadata.pageHeight ?? metadata.height,
    format: metadata.format,
    pages: metadata.pages ?? 1,
    exif: metadata.exif !== undefined,
    orientation: metadata.orientation ?? null,
  };
}

/** The owner upload path for a product of the demo site. */
export const imagesPath = (productId: number | string, websiteId = "sitecart-demo") =>
  `/api/content-service/product/1.1/websites/${websiteId}/products/${productId}/images`;

/**
 * POSTs image bytes as the admin does: the visitor's cookies, the crumb (X-CSRF-Token) and, when given,
 * the session's X-SiteUser-XSRF-Token. Returns the status, headers and parsed JSON body.
 */
export async function postImage(
  visitor: { baseUrl: string; cookies: Map<string, string>; crumb?: string },
  xsrfToken: string | null,
  path: string,
  bytes: Buffer,
  options: { headers?: Record<string, string>; crumb?: boolean; query?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { "content-type": "application/octet-stream", ...(options.headers ?? {}) };
  if (visitor.cookies.size) headers.cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  if (options.crumb !== false && visitor.crumb) headers["x-csrf-token"] = visitor.crumb;
  if (xsrfToken) headers["x-siteuser-xsrf-token"] = xsrfToken;
  const query = options.query ? `?${new URLSearchParams(options.query)}` : "";
  const response = await fetch(visitor.baseUrl + path + query, { method: "POST", headers, body: new Uint8Array(bytes) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body };
}
