// Form validation (spec storefront §5 Forms). Pure: returns field errors; the client runs it for
// instant feedback and the server runs it again before storing anything.
import type { FieldError } from "../errors.ts";
import { formMessages } from "../messages/forms.ts";
import { LIKERT_SCORES, type FieldAnswer, type FormAnswers, type FormField } from "./fields.ts";

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

/** URLs are shorter than 2083 characters (platform-support §5 string validator bounds). */
export const URL_MAX_LENGTH = 2082;
const NUMBER_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const isWhole = (text: string) => /^\d+$/.test(text);

/** A date answer [Month, Day, Year] names a real day (years 1 to 9999). */
function isValidDate(parts: readonly string[]): boolean {
  const [month, day, year] = parts.map((part) => part.trim());
  if (!isWhole(month ?? "") || !isWhole(day ?? "") || !isWhole(year ?? "")) return false;
  const [m, d, y] = [Number(month), Number(day), Number(year)];
  if (m < 1 || m > 12 || y < 1 || y > 9999 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, m, 0)).getUTCDate() + (m === 2 && !isLeapYear(y) ? -1 : 0);
  return d <= daysInMonth;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** A time answer [Hour, Minute, Second, Ampm]: 1-12 with AM/PM, else 0-23; seconds may be left empty. */
function isValidTime(parts: readonly string[]): boolean {
  const [hour = "", minute = "", second = "", ampm = ""] = parts.map((part) => part.trim());
  if (!isWhole(hour) || !isWhole(minute) || (second !== "" && !isWhole(second))) return false;
  const meridiem = ampm.toUpperCase();
  if (meridiem !== "" && meridiem !== "AM" && meridiem !== "PM") return false;
  const [h, m, s] = [Number(hour), Number(minute), Number(second || "0")];
  const hourOk = meridiem ? h >= 1 && h <= 12 : h >= 0 && h <= 23;
  return hourOk && m <= 59 && s <= 59;
}

/** An answer that is not one of the field's options (a choice the page never offered). */
function outsideOptions(field: FormField, answer: FieldAnswer): boolean {
  if (!field.options || field.options.length === 0) return false;
  const chosen = typeof answer === "string" ? [answer] : Array.isArray(answer) ? answer.filter((value) => value.trim() !== "") : null;
  return chosen === null || chosen.some((value) => !field.options!.includes(value));
}

/** Likert answers: questions of the field, each scored -2..2. Never required. */
function validateLikert(field: FormField, answer: FieldAnswer | null | undefined): string | null {
  if (answer === null || answer === undefined || answer === "") return null;
  if (typeof answer !== "object" || Array.isArray(answer)) return formMessages.invalidLikert;
  for (const [question, score] of Object.entries(answer)) {
    if (field.questions && field.questions.length > 0 && !field.questions.includes(question)) return formMessages.invalidLikert;
    if (!(LIKERT_SCORES as readonly string[]).includes(String(score).trim())) return formMessages.invalidLikert;
  }
  return null;
}

/** The message for one field's answer, or null when it is valid. */
export function validateField(field: FormField, answer: FieldAnswer | null | undefined): string | null {
  if (field.type === "section" || field.type === "hidden") return null;
  if (field.type === "likert") return validateLikert(field, answer); // likert is never required
  const empty = isEmptyAnswer(answer);
  if (empty) return field.required ? formMessages.required : null;
  const text = typeof answer === "string" ? answer : null;
  // The spec sets maxLength on text areas; a text field given one (the demo pen's engraving) keeps it too.
  if ((field.type === "textarea" || field.type === "text") && field.maxLength != null && text !== null && text.length > field.maxLength) {
    return formMessages.characterLimitExceeded;
  }
  if (field.type === "email" && (text === null || !isValidEmail(text.trim()))) return formMessages.emailNotValid();
  if ((field.type === "number" || field.type === "currency") && (text === null || !NUMBER_PATTERN.test(text.trim()))) return formMessages.notANumber;
  if (field.type === "website" && (text === null || text.trim().length > URL_MAX_LENGTH)) return formMessages.urlTooLong;
  if (field.type === "date" && (!Array.isArray(answer) || !isValidDate(answer))) return formMessages.invalidDate;
  if (field.type === "time" && (!Array.isArray(answer) || !isValidTime(answer))) return formMessages.invalidTime;
  if ((field.type === "radio" || field.type === "select" || field.type === "checkbox") && outsideOptions(field, answer!)) return formMessages.notAnOption;
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
  return fieldErrors.length === 0 ? { ok: true } : { ok: false, message: formMessages.formInvalid, fieldErrors };
}
