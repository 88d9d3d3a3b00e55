// The countries a shopper can choose at checkout, named in the page's language (issue 14). The list
// and the names are i18n-iso-countries' (ISO 3166-1, maintained; docs/decisions.md "Addresses"): its
// per-language JSON only, not its JavaScript, so the client bundle carries just the languages below.
import englishNames from "i18n-iso-countries/langs/en.json";
import frenchNames from "i18n-iso-countries/langs/fr.json";

/** A language's file: alpha-2 code -> its official name, or [official name, ...aliases]. */
type CountryNamesFile = { locale: string; countries: Readonly<Record<string, string | readonly string[]>> };

/**
 * The languages country names are offered in; any other page language falls back to English, on the
 * server and in the browser alike. Adding one is an import and an entry here (~6 KB each).
 */
const NAMES_BY_LANGUAGE: Readonly<Record<string, CountryNamesFile>> = { en: englishNames, fr: frenchNames };
const FALLBACK_LANGUAGE = "en";

export interface CountryChoice {
  /** ISO 3166-1 alpha-2, upper case ("US"). */
  code: string;
  /** The official short name in the page's language ("United States of America", "États-Unis d'Amérique"). */
  name: string;
}

/** ISO 3166-1 alpha-2 codes of every country a shopper can choose. */
export const COUNTRY_CODES: readonly string[] = Object.keys(englishNames.countries);
const KNOWN_CODES = new Set(COUNTRY_CODES);

/** Whether `code` (any case, no spaces) is a country of the list. */
export function isKnownCountry(code: string): boolean {
  return KNOWN_CODES.has(code.toUpperCase());
}

/** The language part of a BCP-47 tag we have names for ("fr-CA" -> "fr"), else English. */
export function countryNamesLanguage(locale: string): string {
  const language = locale.split(/[-_]/)[0]!.toLowerCase();
  return language in NAMES_BY_LANGUAGE ? language : FALLBACK_LANGUAGE;
}

/** A country's name in the page's language, or null for a code not in the list. */
export function countryName(code: string, locale: string): string | null {
  const upper = code.toUpperCase();
  if (!KNOWN_CODES.has(upper)) return null;
  const names = NAMES_BY_LANGUAGE[countryNamesLanguage(locale)]!.countries[upper] ?? englishNames.countries[upper as keyof typeof englishNames.countries];
  return typeof names === "string" ? names : names[0]!;
}

/**
 * Every country, named in the page's language (`locale`, a BCP-47 tag such as "fr-FR"): the store's
 * own country first (shoppers mostly live there), then the rest in that language's alphabetical order.
 * A `storeCountry` not in the list is ignored.
 */
export function countries(locale: string, storeCountry: string | null): CountryChoice[] {
  const store = storeCountry?.toUpperCase() ?? null;
  const collator = new Intl.Collator(countryNamesLanguage(locale));
  const choices = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale)! }));
  const first = choices.filter((choice) => choice.code === store);
  const rest = choices.filter((choice) => choice.code !== store).sort((a, b) => collator.compare(a.name, b.name));
  return [...first, ...rest];
}
