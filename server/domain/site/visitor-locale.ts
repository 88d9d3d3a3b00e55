// The visitor's language (issue 12 item 4): the one they chose (the sc_locale cookie, or `?lang=` on
// a document) when the site offers it, else the site's default. Pure: shared with the client.
import { canonicalLocale } from "./languages.ts";

/** The language a page speaks to this visitor: `requested` when the site offers it, else the default. */
export function visitorLocale(requested: unknown, offered: readonly string[], defaultLanguage: string): string {
  const code = canonicalLocale(requested);
  if (code && offered.includes(code)) return code;
  // A regional choice ("fr-CA") falls back to its language ("fr") when only that is offered.
  const language = code?.split("-")[0];
  if (language && offered.includes(language)) return language;
  return defaultLanguage;
}

/**
 * A custom language: a code the translation widget made up, with no standard language behind it
 * (Intl knows no name for it). The switcher keeps it in the page only; standard languages are saved
 * with POST /api/site-users/account/locale (platform-support §6).
 */
export function isCustomLanguage(code: string): boolean {
  if (!canonicalLocale(code)) return true;
  const language = code.split("-")[0].toLowerCase();
  const name = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" }).of(language);
  return name === undefined || name === language;
}

/** Whether money and dates in this language use the store's own en-US format. */
export const usesStoreFormat = (locale: string | null | undefined): boolean => !locale || locale === "en" || locale === "en-US";

/** The language's own name, as a switcher lists it ("français", "English"). */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: "language", fallback: "code" }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}
