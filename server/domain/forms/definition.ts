// What an owner may save as a form (the form builder's "build" fieldset): field kinds and their
// editable properties (platform-support §3), plus the form's own settings. Pure: returns the cleaned
// definition or the first problem, worded for the owner.
import { ownerMessages } from "../messages/owner.ts";
import { FIELD_PROPERTIES, FORM_KINDS, HONEYPOT_FIELD_ID, canBeRequired, isFieldType, type FormField, type FormKind } from "./fields.ts";
import { URL_MAX_LENGTH } from "./validate.ts";

export const MAX_FIELDS = 100;
export const MAX_OPTIONS = 100;
export const MAX_TEXT_LENGTH = 5000;
export const MAX_MAX_LENGTH = 100_000;
const FIELD_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const FORM_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** A failure names the problem and, where it can, the input it is about (`key`, `fields.3`...): the form builder shows it there. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string; at?: string };

const isText = (value: unknown, max = MAX_TEXT_LENGTH): value is string => typeof value === "string" && value.length <= max;

function cleanList(value: unknown, what: string): Checked<string[]> {
  if (!Array.isArray(value) || value.length === 0) return { ok: false, problem: `${what} needs at least one entry` };
  if (value.length > MAX_OPTIONS) return { ok: false, problem: `${what} has more than ${MAX_OPTIONS} entries` };
  const items = value.map((item) => (typeof item === "string" ? item.trim() : ""));
  if (items.some((item) => item === "" || item.length > 200)) return { ok: false, problem: `${what} entries are 1 to 200 characters` };
  if (new Set(items).size !== items.length) return { ok: false, problem: `${what} has an entry twice` };
  return { ok: true, value: items };
}

/** One field as the owner sent it, reduced to the properties its kind has. */
export function checkField(input: unknown): Checked<FormField> {
  if (!input || typeof input !== "object" || Array.isArray(input)) return { ok: false, problem: "a field is not an object" };
  const raw = input as Record<string, unknown>;
  if (typeof raw.id !== "string" || !FIELD_ID.test(raw.id)) return { ok: false, problem: "field ids are 1 to 64 letters, digits, - or _", at: "id" };
  if (raw.id === HONEYPOT_FIELD_ID) return { ok: false, problem: `the field id ${HONEYPOT_FIELD_ID} is reserved`, at: "id" };
  if (!isFieldType(raw.type)) return { ok: false, problem: `field ${raw.id} has an unknown kind` };
  const title = raw.title ?? "";
  if (!isText(title, 500)) return { ok: false, problem: `field ${raw.id} needs a title of at most 500 characters`, at: "title" };
  const field: FormField = { id: raw.id, type: raw.type, title };
  for (const property of FIELD_PROPERTIES[raw.type]) {
    const value = raw[property];
    if (value === undefined || value === null) continue;
    switch (property) {
      case "description":
      case "placeholder":
      case "currencySymbol":
      case "key":
      case "value":
        if (!isText(value, property === "description" ? MAX_TEXT_LENGTH : 500))
          return { ok: false, problem: `field ${raw.id}: ${property} is too long or not text`, at: property };
        field[property] = value;
        break;
      case "required":
      case "showCountryCode":
      case "underline":
        if (typeof value !== "boolean") return { ok: false, problem: `field ${raw.id}: ${property} is true or false`, at: property };
        field[property] = value;
        break;
      case "maxLength":
        if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_MAX_LENGTH) {
          return { ok: false, problem: `field ${raw.id}: maxLength is a whole number from 1 to ${MAX_MAX_LENGTH}`, at: property };
        }
        field.maxLength = value as number;
        break;
      case "options":
      case "questions": {
        const list = cleanList(value, `field ${raw.id}'s ${property}`);
        if (!list.ok) return { ...list, at: property };
        field[property] = list.value;
        break;
      }
    }
  }
  if ((raw.type === "radio" || raw.type === "checkbox" || raw.type === "select") && !field.options) {
    return { ok: false, problem: `field ${raw.id} needs options`, at: "options" };
  }
  if (raw.type === "likert" && !field.questions) return { ok: false, problem: `field ${raw.id} needs questions`, at: "questions" };
  if (!canBeRequired(raw.type)) delete field.required;
  return { ok: true, value: field };
}

/** A form's fields: each valid, ids unique, at most 100. */
export function checkFields(input: unknown): Checked<FormField[]> {
  if (!Array.isArray(input)) return { ok: false, problem: "fields must be a list", at: "fields" };
  if (input.length > MAX_FIELDS) return { ok: false, problem: `a form has at most ${MAX_FIELDS} fields`, at: "fields" };
  const fields: FormField[] = [];
  const ids = new Set<string>();
  for (const [index, item] of input.entries()) {
    const checked = checkField(item);
    // A field's problem names the field, then the property when it is about one (`fields.2.options`).
    if (!checked.ok) return { ...checked, at: checked.at ? `fields.${index}.${checked.at}` : `fields.${index}` };
    if (ids.has(checked.value.id)) return { ok: false, problem: `two fields have the id ${checked.value.id}`, at: `fields.${index}.id` };
    ids.add(checked.value.id);
    fields.push(checked.value);
  }
  return { ok: true, value: fields };
}

/** A success redirect: a path on the site or an http(s) address, shorter than 2083 characters. */
export function isValidRedirect(value: string): boolean {
  if (value.length > URL_MAX_LENGTH) return false;
  if (value.startsWith("/") && !value.startsWith("//")) return !/\s/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export interface FormSettings {
  key: string;
  name: string;
  kind: FormKind;
  fields: FormField[];
  submissionMessage: string;
  disclaimer: string | null;
  successRedirect: string | null;
  captchaEnabled: boolean;
  postSubmitHtml: string | null;
  mailingListId: number | null;
}

/** The whole form an owner saves; `problem` names the first thing wrong. */
export function checkFormSettings(input: {
  key?: unknown;
  name?: unknown;
  kind?: unknown;
  fields?: unknown;
  submissionMessage?: unknown;
  disclaimer?: unknown;
  successRedirect?: unknown;
  captchaEnabled?: unknown;
  postSubmitHtml?: unknown;
  mailingListId?: unknown;
}): Checked<FormSettings> {
  if (typeof input.key !== "string" || !FORM_KEY.test(input.key))
    return { ok: false, problem: "the key is 1 to 64 lower-case letters, digits or dashes", at: "key" };
  if (typeof input.name !== "string" || !input.name.trim() || input.name.length > 200)
    return { ok: false, problem: "the name is 1 to 200 characters", at: "name" };
  const kind = input.kind ?? "FORM";
  if (!(FORM_KINDS as readonly unknown[]).includes(kind)) return { ok: false, problem: "the kind is FORM or NEWSLETTER", at: "kind" };
  const fields = checkFields(input.fields ?? []);
  if (!fields.ok) return fields;
  for (const name of ["submissionMessage", "disclaimer", "postSubmitHtml"] as const) {
    const value = input[name];
    if (value !== undefined && value !== null && !isText(value, name === "postSubmitHtml" ? 20_000 : MAX_TEXT_LENGTH)) {
      return { ok: false, problem: `${name} is too long or not text`, at: name };
    }
  }
  const redirect = typeof input.successRedirect === "string" && input.successRedirect.trim() ? input.successRedirect.trim() : null;
  if (input.successRedirect !== undefined && input.successRedirect !== null && typeof input.successRedirect !== "string") {
    return { ok: false, problem: ownerMessages.notValidPageUrl(String(input.successRedirect)), at: "successRedirect" };
  }
  if (redirect !== null && !isValidRedirect(redirect)) return { ok: false, problem: ownerMessages.notValidPageUrl(redirect), at: "successRedirect" };
  if (input.captchaEnabled !== undefined && typeof input.captchaEnabled !== "boolean")
    return { ok: false, problem: "captchaEnabled is true or false", at: "captchaEnabled" };
  const mailingListId = input.mailingListId ?? null;
  if (mailingListId !== null && !Number.isInteger(mailingListId)) return { ok: false, problem: ownerMessages.listNotSelected, at: "mailingListId" };
  if (kind === "NEWSLETTER") {
    if (!fields.value.some((field) => field.type === "email")) return { ok: false, problem: "a newsletter form needs an email field", at: "fields" };
    if (mailingListId === null) return { ok: false, problem: ownerMessages.listNotSelected, at: "mailingListId" };
  }
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);
  return {
    ok: true,
    value: {
      key: input.key,
      name: input.name.trim(),
      kind: kind as FormKind,
      fields: fields.value,
      submissionMessage: typeof input.submissionMessage === "string" ? input.submissionMessage : "",
      disclaimer: text(input.disclaimer),
      successRedirect: redirect,
      captchaEnabled: input.captchaEnabled === undefined ? true : (input.captchaEnabled as boolean),
      postSubmitHtml: text(input.postSubmitHtml),
      mailingListId: mailingListId as number | null,
    },
  };
}
