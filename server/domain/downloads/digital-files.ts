// What a digital product may deliver (issue 23): files of an allow-list of common types, at most
// MAX_DIGITAL_FILE_BYTES each, or http(s) links. Pure rules shared with the admin client; the service
// (services/downloads/digital-files.ts) stores the files.
//
// A file's type comes from its name's extension (the allow-list below), and its first bytes must agree
// with it (magic numbers): a renamed executable or an HTML page called "book.pdf" is refused. The
// declared Content-Type of the upload is not trusted. Text files have no signature: they must hold no
// NUL byte in their first 8 KB.
import { DomainError } from "../errors.ts";
import { downloadMessages } from "../messages/downloads.ts";

/** The largest file a product may deliver: 100 MiB (docs/decisions.md "Digital goods deliver"). */
export const MAX_DIGITAL_FILE_BYTES = 100 * 1024 * 1024;
/** Files and links per product. */
export const MAX_DIGITAL_FILES_PER_PRODUCT = 20;
export const MAX_DIGITAL_FILE_NAME_LENGTH = 200;
export const MAX_DIGITAL_LINK_LENGTH = 2000;

export type Signature = "pdf" | "zip" | "mp3" | "mp4" | "wav" | "png" | "jpeg" | "gif" | "webp" | "text";

/** The accepted extensions, the Content-Type each is served with, and the content it must start with. */
export const DIGITAL_FILE_TYPES: Readonly<Record<string, { contentType: string; signature: Signature }>> = {
  pdf: { contentType: "application/pdf", signature: "pdf" },
  zip: { contentType: "application/zip", signature: "zip" },
  epub: { contentType: "application/epub+zip", signature: "zip" },
  mp3: { contentType: "audio/mpeg", signature: "mp3" },
  m4a: { contentType: "audio/mp4", signature: "mp4" },
  wav: { contentType: "audio/wav", signature: "wav" },
  mp4: { contentType: "video/mp4", signature: "mp4" },
  mov: { contentType: "video/quicktime", signature: "mp4" },
  png: { contentType: "image/png", signature: "png" },
  jpg: { contentType: "image/jpeg", signature: "jpeg" },
  jpeg: { contentType: "image/jpeg", signature: "jpeg" },
  gif: { contentType: "image/gif", signature: "gif" },
  webp: { contentType: "image/webp", signature: "webp" },
  txt: { contentType: "text/plain; charset=utf-8", signature: "text" },
};

export type DigitalFileRefusal = "EMPTY" | "TOO_LARGE" | "UNSUPPORTED_TYPE" | "CONTENT_MISMATCH" | "TOO_MANY_FILES";

/** An upload or link the store does not take (REST answers 413, 415 or 422). */
export class DigitalFileRefusedError extends DomainError {
  readonly code = "DIGITAL_FILE_REFUSED";
  constructor(
    readonly reason: DigitalFileRefusal,
    message: string,
  ) {
    super(message);
  }
}

export function digitalFileRefused(reason: DigitalFileRefusal, maxBytes = MAX_DIGITAL_FILE_BYTES): DigitalFileRefusedError {
  const text: Record<DigitalFileRefusal, string> = {
    EMPTY: downloadMessages.fileMissing,
    TOO_LARGE: downloadMessages.fileTooLarge(maxBytes),
    UNSUPPORTED_TYPE: downloadMessages.fileTypeRefused,
    CONTENT_MISMATCH: downloadMessages.fileContentMismatch,
    TOO_MANY_FILES: downloadMessages.tooManyFiles(MAX_DIGITAL_FILES_PER_PRODUCT),
  };
  return new DigitalFileRefusedError(reason, text[reason]);
}

/** The lower-case extension of a file name, or "" without one. */
export function fileExtension(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return match ? match[1].toLowerCase() : "";
}

const startsWith = (bytes: Uint8Array, offset: number, signature: readonly number[]) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const SIGNATURES: Record<Signature, (bytes: Uint8Array) => boolean> = {
  pdf: (b) => startsWith(b, 0, ascii("%PDF-")),
  zip: (b) => startsWith(b, 0, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, 0, [0x50, 0x4b, 0x05, 0x06]),
  // An ID3 tag, or an MPEG audio frame sync (11 set bits).
  mp3: (b) => startsWith(b, 0, ascii("ID3")) || (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0),
  mp4: (b) => startsWith(b, 4, ascii("ftyp")),
  wav: (b) => startsWith(b, 0, ascii("RIFF")) && startsWith(b, 8, ascii("WAVE")),
  png: (b) => startsWith(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (b) => startsWith(b, 0, [0xff, 0xd8, 0xff]),
  gif: (b) => startsWith(b, 0, ascii("GIF87a")) || startsWith(b, 0, ascii("GIF89a")),
  webp: (b) => startsWith(b, 0, ascii("RIFF")) && startsWith(b, 8, ascii("WEBP")),
  text: (b) => !b.subarray(0, 8192).includes(0),
};

/**
 * The Content-Type a file is stored and served with, or the refusal: its extension must be on the
 * allow-list and its first bytes must be what that extension promises.
 */
export function checkDigitalFile(name: string, bytes: Uint8Array, maxBytes = MAX_DIGITAL_FILE_BYTES): { contentType: string } | DigitalFileRefusedError {
  if (bytes.length === 0) return digitalFileRefused("EMPTY", maxBytes);
  if (bytes.length > maxBytes) return digitalFileRefused("TOO_LARGE", maxBytes);
  const type = DIGITAL_FILE_TYPES[fileExtension(name)];
  if (!type) return digitalFileRefused("UNSUPPORTED_TYPE", maxBytes);
  if (!SIGNATURES[type.signature](bytes)) return digitalFileRefused("CONTENT_MISMATCH", maxBytes);
  return { contentType: type.contentType };
}

/** A file or link name cleaned (trimmed, control characters and path separators dropped), or null when empty or too long. */
export function cleanDigitalFileName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\]/g, "").trim();
  if (cleaned.length === 0 || cleaned.length > MAX_DIGITAL_FILE_NAME_LENGTH) return null;
  return cleaned;
}

/** An external link as stored (http or https, no credentials), or null. */
export function cleanDigitalLink(url: string): string | null {
  const text = url.trim();
  if (text.length === 0 || text.length > MAX_DIGITAL_LINK_LENGTH) return null;
  try {
    const parsed = new URL(text);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    if (parsed.username || parsed.password) return null;
    return parsed.toString();
  } catch {
    return null;
  }
}

/** The upload path: POST the raw file with ?name=<file name> (products.write). */
export const DIGITAL_FILES_PATH = "/api/content-service/product/1.1/websites/:websiteId/products/:productId/digital-files";
