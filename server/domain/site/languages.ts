// The site's languages (platform-support §5): the locales an owner may save, in their canonical form.
// Pure, shared with the client.
import { ownerMessages } from "../messages/owner.ts";

export const MAX_LANGUAGES = 30;

/** The languages the admin offers to add (any locale checkLanguages accepts may be saved over the API). */
export const SUGGESTED_LANGUAGES = [
  "ar",
  "cs",
  "da",
  "de",
  "el",
  "en-GB",
  "en-US",
  "es",
  "es-MX",
  "fi",
  "fr",
  "fr-CA",
  "he",
  "hu",
  "it",
  "ja",
  "ko",
  "nb",
  "nl",
  "pl",
  "pt",
  "pt-BR",
  "ro",
  "ru",
  "sv",
  "tr",
  "uk",
  "zh-CN",
  "zh-TW",
] as const;

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
