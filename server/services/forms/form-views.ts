// What the form calls take and answer, and the limits they run under: the submission payload and
// its acknowledgement, a stored form as a view, the per-address and per-email limits, form ids.
import type { FormSettings } from "../../domain/forms/definition.ts";
import type { Prisma } from "../../db/client.ts";
import type { Visitor } from "../cart/cart-transaction.ts";
import { MAX_ROW_ID, parseFormFields } from "../catalog/catalog.ts";

/** A submission key can be spent for an hour after it was handed out. */
export const SUBMISSION_KEY_MS = 60 * 60 * 1000;
/** The same answers to the same form within a minute are one submission. */
export const DUPLICATE_WINDOW_MS = 60 * 1000;

export interface FormLimits {
  /** Submissions per client address: `burst` at once, refilled at `perSecond` (in memory, per process). */
  perAddress: { burst: number; perSecond: number };
  /** Stored submissions per email address within `windowMs` (counted in the database). */
  perEmail: { max: number; windowMs: number };
}

export const DEFAULT_FORM_LIMITS: FormLimits = {
  perAddress: { burst: 10, perSecond: 10 / 60 },
  perEmail: { max: 5, windowMs: 60 * 60 * 1000 },
};

/** FORM_SUBMISSIONS_PER_MINUTE and FORM_SUBMISSIONS_PER_EMAIL_PER_HOUR override the defaults (0: off). */
export function formLimitsFromEnv(env: Record<string, string | undefined>): FormLimits {
  const number = (text: string | undefined, fallback: number) => (text !== undefined && text.trim() !== "" && Number(text) >= 0 ? Number(text) : fallback);
  const perMinute = number(env.FORM_SUBMISSIONS_PER_MINUTE, 10);
  return {
    perAddress: { burst: perMinute, perSecond: perMinute / 60 },
    perEmail: { max: number(env.FORM_SUBMISSIONS_PER_EMAIL_PER_HOUR, 5), windowMs: 60 * 60 * 1000 },
  };
}

/** A stored form: what an owner saves (FormSettings), with its id. */
export interface FormView extends FormSettings {
  id: number;
}

type FormRow = Prisma.FormGetPayload<object>;

export function toFormView(row: FormRow): FormView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    kind: row.kind === "NEWSLETTER" ? "NEWSLETTER" : "FORM",
    fields: parseFormFields(row.fields),
    submissionMessage: row.submissionMessage,
    disclaimer: row.disclaimer,
    successRedirect: row.successRedirect,
    captchaEnabled: row.captchaEnabled,
    postSubmitHtml: row.postSubmitHtml,
    mailingListId: row.mailingListId,
  };
}

/** The spec's submission payload plus formId (spec §3 "Form submission payload"). */
export interface SubmissionInput {
  key?: unknown;
  formId?: unknown;
  form?: unknown;
  captchaKey?: unknown;
  pageTitle?: unknown;
  pageId?: unknown;
  contentSource?: unknown;
  pagePath?: unknown;
  pagePermissionTypeValue?: unknown;
}

export interface SubmissionContext {
  visitor: Visitor;
  /** The client's address (per-address limit, captcha's remoteip). */
  remoteAddress: string | null;
  /** The visitor's language (the newsletter confirmation is in it when multilingual transactional emails are on). */
  language?: string | null;
}

export interface SubmissionAck {
  submissionId: string;
  /** True when these answers were already stored (a retry, or a duplicate within a minute). */
  duplicate: boolean;
  submissionMessage: string;
  successRedirect: string | null;
  postSubmitHtml: string | null;
}

export const text = (value: unknown, max: number): string | null => (typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null);

/** A form id as clients send it: a number or its digits. */
export function parseFormId(value: unknown): number | null {
  const digits = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,10}$/.test(digits)) return null;
  const id = Number(digits);
  return id > 0 && id <= MAX_ROW_ID ? id : null;
}
