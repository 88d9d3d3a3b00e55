// Addresses as stored (OrderAddress, MemberAddress rows) and as the rules read them (PostalAddress):
// the phone is kept in E.164 ("+14155550100", issue 23). Rows from before keep the spec's phone answer
// shape, a JSON array of its parts: they are read through the same rule (domain/checkout/phone.ts).
import { loadAddressRules, type AddressRules } from "../../domain/checkout/address-rules.ts";
import { validateAddress, type PostalAddress } from "../../domain/checkout/address.ts";
import { phoneText, readPhone, storedPhone } from "../../domain/checkout/phone.ts";
import type { FieldError } from "../../domain/errors.ts";

/** An address as the API answers it: trimmed, empty optional parts null, the region's code upper case. */
export interface AddressView {
  fullName: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  country: string;
  /** E.164 ("+14155550100"); an older address's parts that never read as a number, as typed; null: none given. */
  phone: string | null;
}

export interface AddressRow {
  fullName: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  country: string;
  phone: string | null;
}

const orNull = (value: string | null | undefined) => (value ?? "").trim() || null;

/** A validated address, tidied for storing. */
export function tidyAddress(address: PostalAddress, rules: AddressRules | null): AddressView {
  const region = orNull(address.region);
  const choice = region && rules?.regions.find((candidate) => candidate.code.toUpperCase() === region.toUpperCase());
  const phone = readPhone(address.phone, address.country);
  return {
    fullName: address.fullName.trim(),
    company: orNull(address.company),
    line1: address.line1.trim(),
    line2: orNull(address.line2),
    city: address.city.trim(),
    region: choice ? choice.code : region,
    postalCode: orNull(address.postalCode)?.toUpperCase() ?? null,
    country: address.country.trim().toUpperCase(),
    phone: phone.ok ? phone.e164 : phoneText(address.phone) || null,
  };
}

export const toAddressRow = (address: AddressView): AddressRow => ({ ...address });

export function toAddressView(row: AddressRow): AddressView {
  const phone = storedPhone(row.phone, row.country);
  return {
    fullName: row.fullName,
    company: row.company,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    phone,
  };
}

/** The rules of each country the addresses name (loaded once per country). */
export async function rulesFor(addresses: readonly (PostalAddress | null | undefined)[]): Promise<Map<string, AddressRules | null>> {
  const rules = new Map<string, AddressRules | null>();
  for (const address of addresses) {
    const country = address?.country.trim().toUpperCase();
    if (country !== undefined && !rules.has(country)) rules.set(country, await loadAddressRules(country));
  }
  return rules;
}

/**
 * Validates an address with its country's rules; field errors are named `<prefix>.<field>`
 * ("shippingAddress.postalCode"), so a form with two addresses knows where each belongs.
 */
export function addressErrors(address: PostalAddress, rules: AddressRules | null, prefix: string): FieldError[] {
  const result = validateAddress(address, rules);
  return result.ok ? [] : result.fieldErrors.map((error) => ({ fieldId: `${prefix}.${error.fieldId}`, message: error.message }));
}
