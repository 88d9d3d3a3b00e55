// A product's translation into one of the site's other languages (issue 12 item 4, issue 23 part 6):
// the name, the description and the option values ("Large" -> "Grand"). The variant's attributes
// keep the canonical values: selection and the cart use them; only the selectors' labels change.
// Pure, shared with the client.
import { ownerMessages } from "../messages/owner.ts";
import type { VariantOption } from "./variant-selection.ts";

export const MAX_TRANSLATED_NAME = 200;
export const MAX_TRANSLATED_DESCRIPTION = 20_000;
export const MAX_TRANSLATED_OPTION_VALUE = 100;

/** Option name -> { canonical value -> translated value }, as the optionValues column holds it. */
export type OptionValueTranslations = Record<string, Record<string, string>>;

export interface OptionValueTranslation {
  optionName: string;
  value: string;
  translation: string;
}

/**
 * The owner's option value translations checked against the product's options: each names an option
 * value the product has; an empty translation is left out (the canonical value shows).
 */
export function checkOptionValueTranslations(
  input: readonly OptionValueTranslation[],
  options: readonly VariantOption[],
): { ok: true; translations: OptionValueTranslations } | { ok: false; problem: string } {
  const translations: OptionValueTranslations = {};
  for (const item of input) {
    const option = options.find((candidate) => candidate.name === item.optionName);
    if (!option || !option.values.includes(item.value)) return { ok: false, problem: ownerMessages.translationUnknownOptionValue(item.optionName, item.value) };
    const translation = item.translation.trim();
    if (translation.length > MAX_TRANSLATED_OPTION_VALUE) return { ok: false, problem: ownerMessages.translationOptionValueTooLong };
    if (translation) translations[item.optionName] = { ...translations[item.optionName], [item.value]: translation };
  }
  return { ok: true, translations };
}

/** The stored translations read defensively: anything but strings under option names reads as none. */
export function parseOptionValueTranslations(text: string | null | undefined): OptionValueTranslations {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const translations: OptionValueTranslations = {};
    for (const [name, values] of Object.entries(value)) {
      if (!values || typeof values !== "object" || Array.isArray(values)) continue;
      const strings = Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === "string");
      if (strings.length > 0) translations[name] = Object.fromEntries(strings);
    }
    return translations;
  } catch {
    return {};
  }
}

/** The translations as a list, in the product's option order (the owner's API reads them so). */
export function optionValueTranslationList(translations: OptionValueTranslations, options: readonly VariantOption[]): OptionValueTranslation[] {
  return options.flatMap((option) =>
    option.values
      .filter((value) => translations[option.name]?.[value])
      .map((value) => ({ optionName: option.name, value, translation: translations[option.name][value] })),
  );
}

/** What a selector shows for `value` of option `name`: its translation, else the value itself. */
export function optionValueLabel(translations: OptionValueTranslations | null | undefined, name: string, value: string): string {
  return translations?.[name]?.[value] || value;
}
