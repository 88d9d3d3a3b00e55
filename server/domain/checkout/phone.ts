// One international phone field (issue 23): what the shopper types ("+1 415 555 0100", "030 1234567"),
// read in the address's country unless it starts with + and a country code, checked and kept as E.164
// ("+14155550100") by libphonenumber-js's default ("min") metadata, which checks a number's length
// and leading digits per country, not its every digit (docs/decisions.md "One phone field"). The
// checkout's and address book's client loads it with their screens: the product page does not.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { normalisePhone } from "../forms/validate.ts";
import { checkoutMessages } from "../messages/checkout.ts";
import { countryName } from "./countries.ts";

/** The phone as an address carries it: one text, or the older four parts [Country, Areacode, Prefix, Line]. */
export type PhoneInput = string | readonly string[] | null | undefined;

export type PhoneReading = { ok: true; e164: string | null } | { ok: false; message: string };

/** Longer text is not a phone number (E.164 has at most 15 digits; spaces, dots and an extension fit). */
export const PHONE_TEXT_MAX_LENGTH = 40;

/**
 * The phone as one text: a string as typed; a list of one string is that string (GraphQL reads a
 * single string given for the list input as a list of one); the four parts [Country, Areacode,
 * Prefix, Line] (3 parts: no country code) joined, "+" and the country code first when there is one.
 */
export function phoneText(phone: PhoneInput): string {
  if (phone === null || phone === undefined) return "";
  if (typeof phone === "string") return phone.trim();
  const parts = phone.map((part) => part.trim());
  if (parts.length <= 1) return parts[0] ?? "";
  const [country = "", ...local] = normalisePhone(parts);
  const code = country.replace(/^\+/, "");
  return [code === "" ? "" : `+${code}`, ...local].filter((part) => part !== "").join(" ");
}

/**
 * Reads a phone number: `country` (ISO 3166-1 alpha-2, the address's) for a number typed without
 * "+"; a number starting with "+" (or 00) may be any country's. Empty: `{ ok: true, e164: null }`.
 * Invalid: the message to show ("Please enter a valid phone number for Germany, or start it with +
 * and the country code.").
 */
export function readPhone(phone: PhoneInput, country: string): PhoneReading {
  const text = phoneText(phone);
  if (text === "") return { ok: true, e164: null };
  const code = country.trim().toUpperCase();
  const name = countryName(code, "en");
  const invalid = (): PhoneReading => ({
    ok: false,
    message: text.startsWith("+") || name === null ? checkoutMessages.phoneInvalid : checkoutMessages.phoneInvalidFor(name),
  });
  // Digits and the usual separators only: libphonenumber-js would otherwise find a number inside any text.
  if (text.length > PHONE_TEXT_MAX_LENGTH || !/^\+?[\d\s().\-/]+$/.test(text)) return invalid();
  const parsed = parsePhoneNumberFromString(text, name === null ? undefined : { defaultCountry: code as CountryCode });
  if (!parsed || !parsed.isValid()) return invalid();
  return { ok: true, e164: parsed.number };
}

/**
 * A stored phone for people to read: national format for a number of `homeCountry` ("(415) 555-0100"
 * for a US store's US number), international otherwise ("+49 30 1234567"). Text that is not a number
 * (an older address's parts that never parsed) is shown as it is; null when there is none.
 */
export function formatPhone(phone: string | null | undefined, homeCountry: string | null): string | null {
  const text = (phone ?? "").trim();
  if (text === "") return null;
  const parsed = text.startsWith("+") ? parsePhoneNumberFromString(text) : undefined;
  if (!parsed) return text;
  return homeCountry && parsed.country === homeCountry.toUpperCase() ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * A phone as stored: E.164 as it is; a row from before issue 23 keeps the spec's four parts as a JSON
 * array, read here through the same rule (E.164 when they make a number, else joined as typed).
 */
export function storedPhone(phone: string | null, country: string): string | null {
  if (phone === null || !phone.startsWith("[")) return phone;
  let parts: string[] = [];
  try {
    const parsed: unknown = JSON.parse(phone);
    if (Array.isArray(parsed)) parts = parsed.map(String);
  } catch {
    return phone;
  }
  const reading = readPhone(parts, country);
  return (reading.ok ? reading.e164 : phoneText(parts)) || null;
}
