// Storing a form submission once it passed every check (FormService.submit): the key and captcha
// token spent, duplicates within a minute answered with the first, a newsletter sign-up, all in the
// transaction whose commit the visitor's acknowledgement waits for.
import { CaptchaError, FormKeyInvalidError } from "../../domain/errors.ts";
import type { FormAnswers } from "../../domain/forms/fields.ts";
import { formMessages } from "../../domain/messages/forms.ts";
import type { Tx } from "../../db/client.ts";
import { newId } from "../support/ids.ts";
import { spendCaptchaToken } from "./captcha.ts";
import { DUPLICATE_WINDOW_MS, type FormView, type SubmissionAck } from "./form-views.ts";
import type { NewsletterService } from "./newsletter.ts";

/** Two identical submissions raced for the duplicate check; the retry finds the first. */
export class DuplicateRace extends Error {}

/** The visitor's acknowledgement of a stored submission (duplicate: answered with an earlier one). */
export function submissionAck(submissionId: string, duplicate: boolean, form: FormView): SubmissionAck {
  return { submissionId, duplicate, submissionMessage: form.submissionMessage, successRedirect: form.successRedirect, postSubmitHtml: form.postSubmitHtml };
}

/**
 * Writes a checked submission in the caller's transaction: spends the key and the captcha token, stores
 * it once per duplicate window (a repeat is answered with the first), and signs a newsletter form's
 * visitor up. DuplicateRace when an identical submission committed meanwhile (the caller retries).
 */
export async function storeSubmission(
  tx: Tx,
  site: { websiteId: string; now: Date; newsletter: Pick<NewsletterService, "subscribe"> },
  s: {
    form: FormView;
    keyHash: string;
    answers: FormAnswers;
    answersHash: string;
    email: string | null;
    spam: boolean;
    page: { pageTitle: string | null; pageId: string | null; contentSource: string | null; pagePath: string | null; pagePermissionTypeValue: number | null };
    captchaToken: string | null;
    language: string | null;
  },
): Promise<SubmissionAck> {
  const now = site.now;
  // Spend the key first: of two requests with one key, only one gets past this.
  const spent = await tx.formSubmissionKey.updateMany({ where: { keyHash: s.keyHash, usedAt: null }, data: { usedAt: now } });
  if (spent.count !== 1) throw new FormKeyInvalidError();
  if (s.captchaToken && !(await spendCaptchaToken(tx, s.captchaToken))) throw new CaptchaError("CAPTCHA_FAILED", formMessages.recaptchaFailed);

  const fingerprint = await tx.submissionFingerprint.findUnique({ where: { formId_answersHash: { formId: s.form.id, answersHash: s.answersHash } } });
  if (fingerprint && now.getTime() - fingerprint.createdAt.getTime() < DUPLICATE_WINDOW_MS) {
    await tx.formSubmissionKey.update({ where: { keyHash: s.keyHash }, data: { submissionId: fingerprint.submissionId } });
    return submissionAck(fingerprint.submissionId, true, s.form);
  }
  const submissionId = newId();
  await tx.formSubmission.create({
    data: {
      id: submissionId,
      websiteId: site.websiteId,
      formId: s.form.id,
      formName: s.form.name,
      answers: JSON.stringify(s.answers),
      answersHash: s.answersHash,
      email: s.email,
      ...s.page,
      spam: s.spam,
      createdAt: now,
    },
  });
  if (fingerprint) {
    const moved = await tx.submissionFingerprint.updateMany({
      where: { formId: s.form.id, answersHash: s.answersHash, submissionId: fingerprint.submissionId },
      data: { submissionId, createdAt: now },
    });
    if (moved.count !== 1) throw new DuplicateRace();
  } else {
    await tx.submissionFingerprint.create({ data: { formId: s.form.id, answersHash: s.answersHash, submissionId, createdAt: now } });
  }
  await tx.formSubmissionKey.update({ where: { keyHash: s.keyHash }, data: { submissionId } });
  if (s.form.kind === "NEWSLETTER" && s.form.mailingListId !== null && s.email && !s.spam) {
    await site.newsletter.subscribe(tx, {
      mailingListId: s.form.mailingListId,
      email: s.email,
      source: "FORM",
      pagePath: s.page.pagePath,
      pageTitle: s.page.pageTitle,
      consentText: s.form.disclaimer,
      formId: s.form.id,
      formSubmissionId: submissionId,
      language: s.language,
    });
  }
  return submissionAck(submissionId, false, s.form);
}
