// Variant selection (spec §5 Variant selection): the shopper picks a value per option; the choice
// must name every option and match a variant.
import { messages, selectOptions } from "../messages/storefront.ts";

export interface SelectableVariant {
  attributes: Readonly<Record<string, string>>;
}

export interface VariantOption {
  name: string;
  values: string[];
}

/**
 * The option selectors of a product: one per name in variantOptionOrdering (in that order), values
 * in first-seen order across the variants. Names no variant uses still appear, with no values.
 */
export function variantOptions(ordering: readonly string[], variants: readonly SelectableVariant[]): VariantOption[] {
  return ordering.map((name) => {
    const values: string[] = [];
    for (const variant of variants) {
      const value = variant.attributes[name];
      if (value !== undefined && !values.includes(value)) values.push(value);
    }
    return { name, values };
  });
}

export type VariantSelection<V> = { ok: true; variant: V } | { ok: false; code: "OPTIONS_NOT_SELECTED" | "VARIANT_UNAVAILABLE"; message: string };

/**
 * Finds the variant for the chosen option values. Options are those of `ordering`; a missing or
 * empty choice for any of them gives 'Please select the … option(s).'; a full choice that matches no
 * variant gives the unavailable message. A product with a single variant needs no choice.
 */
export function selectVariant<V extends SelectableVariant>(
  ordering: readonly string[],
  variants: readonly V[],
  chosen: Readonly<Record<string, string | null | undefined>>,
): VariantSelection<V> {
  if (variants.length === 1) return { ok: true, variant: variants[0] };
  const missing = ordering.filter((name) => !chosen[name]);
  if (missing.length > 0) return { ok: false, code: "OPTIONS_NOT_SELECTED", message: selectOptions(missing) };
  const variant = variants.find((candidate) => ordering.every((name) => candidate.attributes[name] === chosen[name]));
  if (!variant) return { ok: false, code: "VARIANT_UNAVAILABLE", message: messages.variantUnavailable };
  return { ok: true, variant };
}
