// Small formatting shared by the page context's parts: escaped HTML for text templates print raw,
// money objects in every form the template language reads, absolute links, short descriptions.
import { toDecimalValue } from "../../domain/money.ts";

/** Descriptions (page description, excerpt) are cut to this many characters. */
export const DESCRIPTION_LENGTH = 160;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** A money object in every form the language reads: `value`/`currency` (major units) and `decimalValue`/`currencyCode`. */
export function moneyObject(value: number, currency: string) {
  const decimal = toDecimalValue({ value, currency });
  return { value: decimal, currency, decimalValue: decimal, currencyCode: currency };
}

/** Plain text as paragraphs of escaped HTML. */
export function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join("\n");
}

/** At most `length` characters, cut at a word boundary with an ellipsis. */
export function shorten(text: string, length: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** `path` on the site's `baseUrl`, unless it already is an absolute http(s) address. */
export const absolute = (baseUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${baseUrl}${path}`);
