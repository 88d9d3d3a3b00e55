// Rules of the owner's site settings (platform-support §3-§5, §7): the store's URL id, commerce
// preferences, languages. Pure, shared with the client (the editor derives the same URL id).
import { ownerMessages } from "../owner-messages.ts";

/** The title a store gets its URL id from when its own title is empty or under 3 characters (ours). */
export const STORE_FALLBACK_TITLE = "Store";

/** Lower-case letters and digits joined by single dashes, accents dropped, at most 60 characters. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/**
 * The store's URL id from its title (platform-support §5): a fallback title when the title is empty
 * or under 3 characters (or has no letters or digits), then -1, -2, ... until it is free.
 */
export function storeUrlId(title: string, isTaken: (urlId: string) => boolean): string {
  const trimmed = title.trim();
  const base = (trimmed.length >= 3 && slugify(trimmed)) || slugify(STORE_FALLBACK_TITLE);
  if (!isTaken(base)) return base;
  for (let suffix = 1; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}

/** The root category a new store gets (platform-support §3): ROOT, LIST_VIEW, display index 1. */
export const ROOT_CATEGORY = { type: "ROOT", pageRendering: "LIST_VIEW", displayIndex: 1 } as const;
/** The root category's name (ours: the spec leaves it open). */
export const ROOT_CATEGORY_NAME = "All";
export const CATEGORY_TYPES = ["ROOT", "CATEGORY"] as const;
export const PAGE_RENDERINGS = ["LIST_VIEW", "GRID_VIEW"] as const;

/** A preferences namespace: 1 to 64 letters, digits, dots, dashes or underscores. */
export const NAMESPACE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A value that counts as not set: null, undefined, blank text, an empty list or object. */
export function isEmptyPreference(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/**
 * The preferences to store from what a client sent (platform-support §3): the server's websiteId
 * field dropped, empty values filtered out.
 */
export function cleanPreferences(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([name, value]) => name !== "websiteId" && !isEmptyPreference(value)));
}

/** JSON with object keys sorted: equal preferences have equal text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry) =>
    entry && typeof entry === "object" && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );
}

/** Whether a save changes anything (an unchanged save is skipped). */
export const preferencesChanged = (before: Record<string, unknown>, after: Record<string, unknown>): boolean => canonical(before) !== canonical(after);

export const MAX_LANGUAGES = 30;

/** A locale's canonical BCP 47 form (en-us -> en-US), or null when it is not one. */
export function canonicalLocale(value: unknown): string | null {
  if (typeof value !== "string" || !/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/.test(value.trim())) return null;
  try {
    return Intl.getCanonicalLocales(value.trim().replace(/_/g, "-"))[0] ?? null;
  } catch {
    return null;
  }
}

/** The site's languages as saved (PUT /api/multilingual/languages): locales, the first the default. */
export function checkLanguages(input: unknown): { ok: true; languages: string[] } | { ok: false; problem: string } {
  if (!Array.isArray(input) || input.length === 0 || input.length > MAX_LANGUAGES) return { ok: false, problem: ownerMessages.languagesInvalid };
  const languages: string[] = [];
  for (const item of input) {
    const code = canonicalLocale(typeof item === "object" && item !== null ? (item as { code?: unknown }).code : item);
    if (!code) return { ok: false, problem: ownerMessages.languagesInvalid };
    if (!languages.includes(code)) languages.push(code);
  }
  return { ok: true, languages };
}
