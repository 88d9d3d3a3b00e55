// Checkout address validation (issue 14), in the result style of forms/validate.ts: field errors keyed
// by field, and the forms' overall message. Pure over a country's rules (address-rules.ts): the client
// runs it for instant feedback and the server again before storing the address.
import type { FieldError } from "../errors.ts";
import { formMessages } from "../messages/forms.ts";
import { checkoutMessages } from "../messages/checkout.ts";
import type { ShippingLocation } from "../cart/cart-totals.ts";
import { readPhone, type PhoneInput } from "./phone.ts";
import { fieldLabel, hasPostalCodeField, hasRegionField, isRequired, type AddressField, type AddressRules } from "./address-rules.ts";

/** A postal address as the checkout form sends it. Text fields may be blank; `region` is a region's code. */
export interface PostalAddress {
  fullName: string;
  company?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  /** Region code from `regionsOf` ("NY"), or free text where the country has no list. */
  region?: string | null;
  postalCode?: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** One text ("+1 415 555 0100", or "030 1234567" read in `country`), or the older four parts
   * [Country, Areacode, Prefix, Line] (3 parts: no country code): see phone.ts. */
  phone?: PhoneInput;
}

export interface AddressValidationOptions {
  /** The store asks for a phone number (for the carrier); optional by default. */
  requirePhone?: boolean;
}

export type AddressValidation = { ok: true } | { ok: false; message: string; fieldErrors: FieldError[] };

/** Longest text we keep per field (a region name or postal code is much shorter, see below). */
export const ADDRESS_TEXT_MAX_LENGTH = 200;
export const POSTAL_CODE_MAX_LENGTH = 20;

const blank = (value: string | null | undefined) => (value ?? "").trim() === "";

/** A postal code in the country's format: the whole code matches, letters in any case. */
export function isValidPostalCode(rules: AddressRules, postalCode: string): boolean {
  if (rules.postalCodePattern === null) return true;
  return new RegExp(`^(?:${rules.postalCodePattern})$`, "i").test(postalCode.trim());
}

/** The phone, read in the address's country (phone.ts). Null: fine, or none given where none is needed. */
function phoneProblem(phone: PhoneInput, country: string, required: boolean): string | null {
  const reading = readPhone(phone, country);
  if (!reading.ok) return reading.message;
  return reading.e164 === null && required ? formMessages.required : null;
}

function regionProblem(rules: AddressRules, region: string): string | null {
  if (!hasRegionField(rules)) return checkoutMessages.regionNotUsed;
  if (rules.regions.length === 0) return region.length > ADDRESS_TEXT_MAX_LENGTH ? formMessages.characterLimitExceeded : null;
  return rules.regions.some((choice) => choice.code.toUpperCase() === region.toUpperCase()) ? null : formMessages.notAnOption;
}

function postalCodeProblem(rules: AddressRules, postalCode: string): string | null {
  if (postalCode.length > POSTAL_CODE_MAX_LENGTH) return formMessages.characterLimitExceeded;
  if (isValidPostalCode(rules, postalCode)) return null;
  return checkoutMessages.postalCodeInvalid(fieldLabel(rules, "postalCode"), rules.postalCodeExamples[0] ?? null);
}

/**
 * Validates an address against its country's rules (`rules`: `loadAddressRules(address.country)`, null
 * when that country is not in the list). Rules: the full name and country always, the street, city,
 * region and postal code where the country requires them ('Required'); text at most 200 characters
 * ('You have exceeded the character limit.'); the region one of the country's list ('Please choose one
 * of the options.') and none where the country has no region; the postal code in the country's format;
 * the phone (optional unless `requirePhone`) a valid number, read in the address's country unless it
 * starts with + ("Please enter a valid phone number for Germany, or start it with + and the country code.").
 * @throws Error when `rules` are another country's: a caller's mistake, not the shopper's.
 */
export function validateAddress(address: PostalAddress, rules: AddressRules | null, options: AddressValidationOptions = {}): AddressValidation {
  const fieldErrors: FieldError[] = [];
  const fail = (field: AddressField, message: string) => fieldErrors.push({ fieldId: field, message });
  const country = address.country.trim().toUpperCase();
  if (rules && rules.country !== country) throw new Error(`validateAddress: rules of ${rules.country} given for an address in ${country}`);

  if (country === "") fail("country", formMessages.required);
  else if (!rules) fail("country", formMessages.notAnOption);

  const texts: [AddressField, string | null | undefined][] = [
    ["fullName", address.fullName],
    ["company", address.company],
    ["line1", address.line1],
    ["line2", address.line2],
    ["city", address.city],
  ];
  for (const [field, value] of texts) {
    if (blank(value)) {
      if (field === "fullName" || (rules && isRequired(rules, field))) fail(field, formMessages.required);
    } else if (value!.trim().length > ADDRESS_TEXT_MAX_LENGTH) {
      fail(field, formMessages.characterLimitExceeded);
    }
  }

  if (rules) {
    const region = (address.region ?? "").trim();
    if (region === "") {
      if (hasRegionField(rules) && isRequired(rules, "region")) fail("region", formMessages.required);
    } else {
      const problem = regionProblem(rules, region);
      if (problem) fail("region", problem);
    }

    const postalCode = (address.postalCode ?? "").trim();
    if (postalCode === "") {
      if (hasPostalCodeField(rules) && isRequired(rules, "postalCode")) fail("postalCode", formMessages.required);
    } else {
      const problem = postalCodeProblem(rules, postalCode);
      if (problem) fail("postalCode", problem);
    }
  }

  const phone = phoneProblem(address.phone, country, options.requirePhone ?? false);
  if (phone) fail("phone", phone);

  return fieldErrors.length === 0 ? { ok: true } : { ok: false, message: formMessages.formInvalid, fieldErrors };
}

/** Where a valid address ships, as cart-totals' tax rules and the shipping zones read it. */
export function shippingLocationOf(address: Pick<PostalAddress, "country" | "region" | "postalCode">): ShippingLocation {
  const region = (address.region ?? "").trim();
  const postalCode = (address.postalCode ?? "").trim();
  return { country: address.country.trim().toUpperCase(), region: region || null, postalCode: postalCode ? postalCode.toUpperCase() : null };
}
