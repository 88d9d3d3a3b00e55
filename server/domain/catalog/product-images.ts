// Product images (issue 9): which files an upload becomes and which file a request gets. Pure rules,
// shared with the admin client; services/catalog/product-images.ts does the I/O with sharp.
//
// An upload is recognised by its first bytes (never by its name or Content-Type header), refused past
// MAX_IMAGE_BYTES or MAX_IMAGE_PIXELS, cleaned (auto-oriented, metadata stripped) and resized into every
// width of the spec's srcset list (platform-support §9: 100w … 2500w) that is not wider than the image:
// an image is never upscaled, and a request for a width that was not made gets the next one up, or the
// cleaned original (`?format=original`), which is the largest there is.
import { DomainError } from "../errors.ts";
import { ownerMessages } from "../messages/owner.ts";

/** The srcset widths of platform-support.md §9, in pixels. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
/** Upload limits: the file's size, and its pixels (width × height, every frame of an animation). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGES_PER_PRODUCT = 50;
/** The spec caps the automatic alt text at 250 characters (platform-support §9); an owner's text too. */
export const MAX_ALT_TEXT_LENGTH = 250;

/** The accepted image types and the file extension each keeps. */
export const IMAGE_TYPES = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/gif": "gif" } as const;
export type ImageType = keyof typeof IMAGE_TYPES;
/** Resized widths are WebP (docs/decisions.md "Product images"); the original keeps its own type. */
export const RESIZED_TYPE = "image/webp";

export type ImageRefusal = "UNSUPPORTED_TYPE" | "TOO_LARGE" | "TOO_MANY_PIXELS" | "UNREADABLE" | "EMPTY" | "TOO_MANY_IMAGES";

/** An upload the store does not take; `reason` says why (REST answers 415, 413 or 422). */
export class ImageRefusedError extends DomainError {
  readonly code = "IMAGE_REFUSED";
  constructor(
    readonly reason: ImageRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** The refusal for a reason, with its message. */
export function imageRefused(
  reason: ImageRefusal,
  limits: { maxBytes: number; maxPixels: number } = { maxBytes: MAX_IMAGE_BYTES, maxPixels: MAX_IMAGE_PIXELS },
) {
  const text: Record<ImageRefusal, string> = {
    UNSUPPORTED_TYPE: ownerMessages.imageTypeRefused,
    TOO_LARGE: ownerMessages.imageTooLarge(limits.maxBytes),
    TOO_MANY_PIXELS: ownerMessages.imageTooManyPixels(limits.maxPixels),
    UNREADABLE: ownerMessages.imageUnreadable,
    EMPTY: ownerMessages.imageMissing,
    TOO_MANY_IMAGES: ownerMessages.imageTooMany(MAX_IMAGES_PER_PRODUCT),
  };
  return new ImageRefusedError(reason, text[reason]);
}

const startsWith = (bytes: Uint8Array, offset: number, signature: readonly number[]) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes begin with (magic numbers), or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, 0, ascii("RIFF")) && startsWith(bytes, 8, ascii("WEBP"))) return "image/webp";
  if (startsWith(bytes, 0, ascii("GIF87a")) || startsWith(bytes, 0, ascii("GIF89a"))) return "image/gif";
  return null;
}

/** The srcset widths made for an image `originalWidth` wide: every one not wider (never upscaled). */
export function widthsFor(originalWidth: number): number[] {
  return IMAGE_WIDTHS.filter((width) => width <= originalWidth);
}

/**
 * The file a `?format=` value asks for: a width that was made, else the next width up that was made,
 * else the original (the largest there is). No format: the original. A value that is neither
 * `<N>w` nor `original` names nothing (null: 404).
 */
export function variantFor(format: string | null, widths: readonly number[]): number | "original" | null {
  if (format === null || format === "" || format === "original") return "original";
  const match = /^(\d{1,5})w$/.exec(format);
  if (!match) return null;
  const wanted = Number(match[1]);
  return [...widths].sort((a, b) => a - b).find((width) => width >= wanted) ?? "original";
}

/** The owner's upload path (REST, raw body): beside the owner product endpoints of platform-support §7. */
export const PRODUCT_IMAGES_PATH = "/api/content-service/product/1.1/websites/:websiteId/products/:productId/images";

/** Where an image is served: `/media/<key>/<filename>`, with `?format=<N>w` or `?format=original`. */
export const MEDIA_PATH_PREFIX = "/media/";
export const mediaUrl = (key: string, filename: string) => `${MEDIA_PATH_PREFIX}${key}/${filename}`;

/** `url?format=100w 100w, …` over the widths made, then the original at its own width when it is wider. */
export function imageSrcset(url: string, widths: readonly number[], originalWidth: number): string {
  const entries = widths.map((width) => `${url}?format=${width}w ${width}w`);
  if (widths.length === 0 || originalWidth > widths[widths.length - 1]) entries.push(`${url}?format=original ${originalWidth}w`);
  return entries.join(", ");
}

/** The `systemDataVariants` value of the template language: "100w,300w,…" (the widths made). */
export const systemDataVariants = (widths: readonly number[]) => widths.map((width) => `${width}w`).join(",");

/** What an image says to a screen reader: the owner's alt text, else the product's name (at most 250 characters). */
export function altTextOf(altText: string, productName: string): string {
  return (altText.trim() || productName).slice(0, MAX_ALT_TEXT_LENGTH);
}

/** The owner's alt text, trimmed; null when it is too long. */
export function cleanAltText(altText: string): string | null {
  const text = altText.replace(/\s+/g, " ").trim();
  return text.length > MAX_ALT_TEXT_LENGTH ? null : text;
}

/** The image's file name in its URL: the upload's name as a slug, with the extension of its type. */
export function mediaFilename(uploadName: string | null, type: ImageType): string {
  const base = (uploadName ?? "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${base || "image"}.${IMAGE_TYPES[type]}`;
}

/** Whether `order` lists each of `current` exactly once (a reorder names every image of the product). */
export function isSameImageSet(current: readonly number[], order: readonly number[]): boolean {
  return order.length === current.length && new Set(order).size === order.length && order.every((id) => current.includes(id));
}

/** The order after moving the image at `index` by `delta` places (the admin's move up/down). */
export function moveImage<T>(order: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) return [...order];
  const next = [...order];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
