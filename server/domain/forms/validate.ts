// Form validation (spec storefront §5 Forms). Pure: returns field errors; the client runs it for
// instant feedback and the server runs it again before storing anything.
import type { FieldError } from "../errors.ts";
import { messages } from "../messages.ts";
import type { FieldAnswer, FormAnswers, FormField } from "./fields.ts";

export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;
// A simple local part, an at-sign, a domain, and a top-level part of 2 to 4 alphanumerics.
const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9]{2,4}$/;

/** Email validity: 3 to 256 characters of local part, '@', domain and a 2-4 character top level. */
export function isValidEmail(email: string): boolean {
  return email.length >= EMAIL_MIN_LENGTH && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** A phone answer given in 3 parts (no country code) gets an empty first part. */
export function normalisePhone(parts: readonly string[]): string[] {
  return parts.length === 3 ? ["", ...parts] : [...parts];
}

function isEmptyAnswer(answer: FieldAnswer | null | undefined): boolean {
  if (answer === null || answer === undefined) return true;
  if (typeof answer === "string") return answer.trim() === "";
  if (Array.isArray(answer)) return answer.every((part) => typeof part !== "string" || part.trim() === "");
  return Object.keys(answer).length === 0;
}

/** The message for one field's answer, or null when it is valid. */
export function validateField(field: FormField, answer: FieldAnswer | null | undefined): string | null {
  if (field.type === "section" || field.type === "hidden" || field.type === "likert") return null; // likert is never required
  const empty = isEmptyAnswer(answer);
  if (empty) return field.required ? messages.required : null;
  const text = typeof answer === "string" ? answer : null;
  // The spec sets maxLength on text areas; a text field given one (the demo pen's engraving) keeps it too.
  if ((field.type === "textarea" || field.type === "text") && field.maxLength != null && text !== null && text.length > field.maxLength) {
    return messages.characterLimitExceeded;
  }
  if (field.type === "email" && (text === null || !isValidEmail(text.trim()))) return messages.emailNotValid();
  return null;
}

export type FormValidation = { ok: true } | { ok: false; message: string; fieldErrors: FieldError[] };

/** Validates every field of a form; the overall message when any fails. */
export function validateForm(fields: readonly FormField[], answers: FormAnswers): FormValidation {
  const fieldErrors: FieldError[] = [];
  for (const field of fields) {
    const message = validateField(field, answers[field.id]);
    if (message) fieldErrors.push({ fieldId: field.id, message });
  }
  return fieldErrors.length === 0 ? { ok: true } : { ok: false, message: messages.formInvalid, fieldErrors };
}
