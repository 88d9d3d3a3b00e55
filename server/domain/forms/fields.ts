// Form field definitions and answer shapes (spec storefront §3 Form; platform-support §3 form field
// types). Stored as JSON on the Form row; the same shapes travel to the client.

export const FIELD_TYPES = [
  "text", "textarea", "email", "number", "website", "currency", "password", "twitter", "phone",
  "name", "address", "date", "time", "checkbox", "radio", "select", "likert", "hidden", "section",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FormField {
  id: string;
  type: FieldType;
  title: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
  /** textarea only */
  maxLength?: number | null;
  /** radio, checkbox, select */
  options?: string[];
  /** likert: the questions, each answered on the -2..2 scale */
  questions?: string[];
  /** hidden: the URL query key (defaults to the field id) and the default value */
  key?: string;
  value?: string;
  /** phone: whether the country-code part is shown */
  showCountryCode?: boolean;
  /** currency: the symbol shown before the amount */
  currencySymbol?: string;
  /** section: draws an underline */
  underline?: boolean;
}

/** One answer: a plain value, the parts of a multi-part field, checked values, or likert scores. */
export type FieldAnswer = string | string[] | Record<string, string>;
export type FormAnswers = Record<string, FieldAnswer | null | undefined>;

/** The named parts of multi-part fields, in answer order (spec §3 answer shapes). */
export const FIELD_PARTS = {
  address: ["Line1", "Line2", "City", "State", "Zip", "Country"],
  date: ["Month", "Day", "Year"],
  name: ["First", "Last"],
  phone: ["Country", "Areacode", "Prefix", "Line"],
  time: ["Hour", "Minute", "Second", "Ampm"],
} as const;

export const LIKERT_SCORES = ["-2", "-1", "0", "1", "2"] as const;

export function isFieldType(type: unknown): type is FieldType {
  return typeof type === "string" && (FIELD_TYPES as readonly string[]).includes(type);
}
