// The rows of the owner's CSV exports (docs/forms.md "Exports"): a form's submissions, one row
// each with one column per answering field (as formatAnswer reads it, 'N/A' when empty), and a
// mailing list's sign-ups, one row per consent record. Pure; transports write the CSV.
import { ownerMessages } from "../messages/owner.ts";
import { answerFields, formatAnswer } from "./answer-text.ts";
import type { FormAnswers, FormField } from "./fields.ts";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : "");

/** The submissions export's headings: when, each answering field's title, the page, the id. */
export function submissionColumns(fields: readonly FormField[]): string[] {
  const c = ownerMessages.csvColumns;
  return [c.submitted, ...answerFields(fields).map((field) => field.title || field.id), c.pagePath, c.pageTitle, c.submissionId];
}

export interface SubmissionExportRecord {
  id: string;
  createdAt: Date;
  /** The stored answers (JSON text of field id -> answer). */
  answers: string;
  pagePath: string | null;
  pageTitle: string | null;
}

function parseAnswers(text: string): FormAnswers {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as FormAnswers) : {};
  } catch {
    return {};
  }
}

/** One submission's row, in the order of submissionColumns. */
export function submissionRow(fields: readonly FormField[], submission: SubmissionExportRecord): string[] {
  const answers = parseAnswers(submission.answers);
  return [
    iso(submission.createdAt),
    ...answerFields(fields).map((field) => formatAnswer(field, answers[field.id])),
    submission.pagePath ?? "",
    submission.pageTitle ?? "",
    submission.id,
  ];
}

/** The sign-ups export's headings: the address and its status, then one consent record. */
export function signUpColumns(): string[] {
  const c = ownerMessages.csvColumns;
  return [c.email, c.status, c.signedUp, c.confirmed, c.consentLevel, c.consentSource, c.consentGiven, c.consentPage, c.consentPageTitle, c.consentText];
}

export interface SignUpExportRecord {
  email: string;
  status: string;
  createdAt: Date;
  confirmedAt: Date | null;
  consents: { level: string; source: string; pagePath: string | null; pageTitle: string | null; consentText: string | null; createdAt: Date }[];
}

/** A sign-up's rows: one per consent record, oldest first (one with empty consent columns when it has none). */
export function signUpRows(signUp: SignUpExportRecord): string[][] {
  const head = [signUp.email, signUp.status, iso(signUp.createdAt), iso(signUp.confirmedAt)];
  if (signUp.consents.length === 0) return [[...head, "", "", "", "", "", ""]];
  return signUp.consents.map((consent) => [
    ...head,
    consent.level,
    consent.source,
    iso(consent.createdAt),
    consent.pagePath ?? "",
    consent.pageTitle ?? "",
    consent.consentText ?? "",
  ]);
}

/** A file name for a download: lower-case letters, digits and dashes only. */
export function exportFileName(base: string, suffix: string): string {
  const slug = base
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "export"}-${suffix}.csv`;
}
