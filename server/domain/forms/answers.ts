// Form answers as they travel (spec storefront §3 "Form value by field type"): the client collects them
// with `collectAnswer`, the server reshapes what arrives with `normaliseAnswers` before validating and
// storing it. Pure, shared with the client.
import { FIELD_PARTS, HONEYPOT_FIELD_ID, hiddenFieldKey, type FieldAnswer, type FormAnswers, type FormField } from "./fields.ts";
import { readQueryString } from "../query-string.ts";
import { normalisePhone } from "./validate.ts";

const isScalar = (value: unknown): value is string | number | boolean => typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/** Query-string parameters as the page has them (platform-support §9: at most 1000 keys are read). */
export type QueryValues = Record<string, string | undefined>;

/** The page's query string as values, first value per key, the first 1000 keys (domain/query-string.ts). */
export const queryValues = (search: string): QueryValues => readQueryString(search).values;

/** A hidden field's value: the URL query value of the same name, else its own default. */
export function hiddenFieldValue(field: FormField, query: QueryValues): string {
  return query[hiddenFieldKey(field)] ?? field.value ?? "";
}

/**
 * The `form` of a submission payload (JSON text or an object) as field id -> raw value; null when it
 * is not a JSON object ('Could not parse the form fields, please check your entries.').
 */
export function parseSubmittedForm(form: unknown): Record<string, unknown> | null {
  let value = form;
  if (typeof form === "string") {
    try {
      value = JSON.parse(form);
    } catch {
      return null;
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  return value as Record<string, unknown>;
}

/** Parts of a multi-part answer, given as a list or as an object keyed by part name (Line1, Month...). */
function toParts(value: unknown, names: readonly string[]): string[] | null {
  if (value === null || value === undefined || value === "") return names.map(() => "");
  if (Array.isArray(value)) return value.every(isScalar) ? value.map(String) : null;
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (!Object.values(record).every((part) => part === null || part === undefined || isScalar(part))) return null;
    return names.map((name) => (record[name] === null || record[name] === undefined ? "" : String(record[name])));
  }
  return null;
}

/**
 * One field's answer in its stored shape, or undefined when the value has a shape the field cannot
 * take (the payload is then unparseable). Sections take no answer; hidden fields keep the value the
 * page sent (its query value) or fall back to their default.
 */
export function normaliseAnswer(field: FormField, value: unknown): FieldAnswer | null | undefined {
  switch (field.type) {
    case "section":
      return null;
    case "hidden":
      return isScalar(value) && String(value) !== "" ? String(value) : (field.value ?? "");
    case "address":
    case "date":
    case "name":
    case "time":
      return toParts(value, FIELD_PARTS[field.type]) ?? undefined;
    case "phone": {
      const parts = toParts(value, FIELD_PARTS.phone);
      return parts ? normalisePhone(parts) : undefined;
    }
    case "checkbox":
      if (value === null || value === undefined || value === "") return [];
      if (isScalar(value)) return [String(value)];
      return Array.isArray(value) && value.every(isScalar) ? value.map(String) : undefined;
    case "likert": {
      if (value === null || value === undefined || value === "") return {};
      if (typeof value !== "object" || Array.isArray(value)) return undefined;
      const scores: Record<string, string> = {};
      for (const [question, score] of Object.entries(value as Record<string, unknown>)) {
        if (score === null || score === undefined || score === "") continue;
        if (!isScalar(score)) return undefined;
        scores[question] = String(score);
      }
      return scores;
    }
    default:
      if (value === null || value === undefined) return "";
      return isScalar(value) ? String(value) : undefined;
  }
}

export type NormalisedForm = { ok: true; answers: FormAnswers; honeypot: string } | { ok: false; fieldId: string };

/**
 * The answers to a form's fields in their stored shapes. Values for ids the form does not have are
 * dropped (only the honeypot is read); sections are skipped. Fails on the first value whose shape
 * its field cannot take.
 */
export function normaliseAnswers(fields: readonly FormField[], raw: Record<string, unknown>): NormalisedForm {
  const answers: FormAnswers = {};
  for (const field of fields) {
    if (field.type === "section") continue;
    const answer = normaliseAnswer(field, raw[field.id]);
    if (answer === undefined) return { ok: false, fieldId: field.id };
    answers[field.id] = answer;
  }
  const honeypot = raw[HONEYPOT_FIELD_ID];
  return { ok: true, answers, honeypot: isScalar(honeypot) ? String(honeypot).trim() : honeypot ? "filled" : "" };
}

/** The first answered email field's address, trimmed and lower-cased (per-email limits, newsletter). */
export function emailOf(fields: readonly FormField[], answers: FormAnswers): string | null {
  for (const field of fields) {
    const answer = answers[field.id];
    if (field.type === "email" && typeof answer === "string" && answer.trim()) return answer.trim().toLowerCase();
  }
  return null;
}

/**
 * What the client sends for a field, from what the page holds: the input's value(s), the hidden
 * field's query value, nothing for a section (spec §3 "Form value by field type").
 */
export function collectAnswer(field: FormField, input: unknown, query: QueryValues = {}): FieldAnswer | null {
  if (field.type === "hidden") return hiddenFieldValue(field, query);
  const answer = normaliseAnswer(field, input);
  return answer === undefined ? null : answer;
}
