// Form field definitions and answer shapes (spec storefront §3 Form; platform-support §3 form field
// types). Stored as JSON on the Form row; the same shapes travel to the client.

export const FIELD_TYPES = [
  "text",
  "textarea",
  "email",
  "number",
  "website",
  "currency",
  "password",
  "twitter",
  "phone",
  "name",
  "address",
  "date",
  "time",
  "checkbox",
  "radio",
  "select",
  "likert",
  "hidden",
  "section",
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

/**
 * The properties an owner can edit on each field kind (platform-support §3 "Form field types and
 * editable properties"). Every field also has an id, a kind and a title. maxLength is the text
 * area's (the spec's "vanilla form handler" case: our server always enforces it).
 */
export const FIELD_PROPERTIES: Record<FieldType, readonly (keyof FormField)[]> = {
  text: ["description", "placeholder", "required"],
  textarea: ["description", "placeholder", "required", "maxLength"],
  email: ["description", "placeholder", "required"],
  number: ["description", "placeholder", "required"],
  website: ["description", "placeholder", "required"],
  currency: ["description", "currencySymbol", "required"],
  password: ["description", "required"],
  twitter: ["description", "required"],
  date: ["description", "required"],
  time: ["description", "required"],
  name: ["description", "required"],
  address: ["description", "required"],
  phone: ["description", "required", "showCountryCode"],
  section: ["description", "underline"],
  radio: ["description", "options", "required"],
  checkbox: ["description", "options", "required"],
  select: ["description", "options", "required"],
  likert: ["description", "questions", "required"],
  hidden: ["key", "value"],
};

/** How each kind's answer is shaped (spec §3 "Form value by field type"). */
export type AnswerShape = "value" | "parts" | "checked-values" | "scores" | "query-value" | "none";

export const ANSWER_SHAPES: Record<FieldType, AnswerShape> = {
  text: "value",
  textarea: "value",
  email: "value",
  number: "value",
  website: "value",
  currency: "value",
  password: "value",
  twitter: "value",
  date: "parts",
  time: "parts",
  name: "parts",
  address: "parts",
  phone: "parts",
  section: "none",
  radio: "value",
  checkbox: "checked-values",
  select: "value",
  likert: "scores",
  hidden: "query-value",
};

/** The form builder's fieldsets (platform-support §3). */
export const FORM_FIELDSETS = ["build", "storage", "advanced", "captcha", "disclaimer"] as const;

/** A form block (FORM) or a newsletter block (NEWSLETTER), whose email answer joins a mailing list. */
export const FORM_KINDS = ["FORM", "NEWSLETTER"] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/**
 * The invisible honeypot input every rendered form carries. People never see it, so never fill it;
 * a submission that answers it is kept apart as spam. No field may use this id.
 */
export const HONEYPOT_FIELD_ID = "sc-website-url";

/** The query-string key a hidden field reads (its key, else its id). */
export const hiddenFieldKey = (field: FormField): string => field.key?.trim() || field.id;

/** Whether a kind ever needs an answer ('Likert is never required'; hidden and section take none). */
export const canBeRequired = (type: FieldType): boolean => type !== "likert" && type !== "hidden" && type !== "section";
