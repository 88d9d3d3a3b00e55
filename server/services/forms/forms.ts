// Form blocks and newsletter blocks: the schema a page renders, server-side validation, single-use
// submission keys, and submissions. A submission is stored in the transaction whose commit the
// visitor's acknowledgement waits for (form-submissions.ts): an acknowledged submission is never lost.
//
// Spam defence, in layers (limits in docs/forms.md):
//  1. the single-use, expiring submission key, bound to the visitor's crumb;
//  2. per-address rate limit (shared through Redis when set; support/rate-limiter.ts) and per-email
//     limit (in the database);
//  3. captcha where the site has a site key and the form asks for one;
//  4. the invisible honeypot field: a submission that fills it is kept, marked spam, and joins no list;
//  5. duplicate detection: the same answers to the same form within a minute are stored once;
//  6. newsletter double opt-in with consent records (services/forms/newsletter.ts).
import {
  CaptchaError,
  ConflictError,
  FormInvalidError,
  FormKeyInvalidError,
  FormNotConfiguredError,
  InvalidInputError,
  NotFoundError,
  SubmissionRateLimitedError,
} from "../../domain/errors.ts";
import { emailOf, normaliseAnswers, parseSubmittedForm } from "../../domain/forms/answers.ts";
import { checkFormSettings, type FormSettings } from "../../domain/forms/definition.ts";
import { formSchema, formTemplateSchema } from "../../domain/forms/schema.ts";
import { validateForm } from "../../domain/forms/validate.ts";
import { formMessages } from "../../domain/messages/forms.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { budgetOf, LimiterStore, type Limiter } from "../support/rate-limiter.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";
import { isCaptchaAccepted, isCaptchaToken, type CaptchaVerifier } from "./captcha.ts";
import type { Visitor } from "../cart/cart-transaction.ts";
import { newSecret, sha256 } from "../support/ids.ts";
import { canonicalJson } from "../support/json.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { NewsletterService } from "./newsletter.ts";
import type { ProductDefinitions } from "../catalog/product-definitions.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import { DuplicateRace, storeSubmission, submissionAck } from "./form-submissions.ts";
import {
  DEFAULT_FORM_LIMITS,
  SUBMISSION_KEY_MS,
  text,
  toFormView,
  type FormLimits,
  type FormView,
  type SubmissionAck,
  type SubmissionContext,
  type SubmissionInput,
} from "./form-views.ts";
import { parseFormId } from "./form-views.ts";

// Transports read form ids with the service's parser.
export { parseFormId };

/** Rows read per query by the CSV exports. */
export const EXPORT_PAGE_SIZE = 500;

/** A stored submission as the export reads it (answers: the stored JSON text). */
export interface SubmissionRecord {
  id: string;
  createdAt: Date;
  answers: string;
  email: string | null;
  pagePath: string | null;
  pageTitle: string | null;
}

export class FormService {
  readonly #perAddress: Limiter;

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly settings: StoreSettingsService,
    private readonly captcha: CaptchaVerifier,
    private readonly mailer: Mailer,
    private readonly newsletter: NewsletterService,
    private readonly pubsub: StorePubSub,
    private readonly definitions: ProductDefinitions,
    private readonly limits: FormLimits = DEFAULT_FORM_LIMITS,
    private readonly now: () => Date = () => new Date(),
    limiters: LimiterStore = new LimiterStore(null),
  ) {
    this.#perAddress = limiters.limiter("form-address", budgetOf(limits.perAddress));
  }

  /** A form of this site by id or key; null when there is none. */
  async find(ref: { id?: number | null; key?: string | null }): Promise<FormView | null> {
    if (ref.id == null && !ref.key) return null;
    const row = await this.db.form.findFirst({
      where: { websiteId: this.websiteId, ...(ref.id != null ? { id: ref.id } : {}), ...(ref.key ? { key: ref.key } : {}) },
    });
    return row ? toFormView(row) : null;
  }

  /** Whether a submission to this form needs a captcha: the site has a site key and the form asks. */
  async captchaFor(form: Pick<FormView, "captchaEnabled">): Promise<{ required: boolean; siteKey: string | null }> {
    const { captchaSiteKey } = await this.settings.get();
    return { required: !!captchaSiteKey && form.captchaEnabled, siteKey: captchaSiteKey };
  }

  /** GET /api/template/GetTemplateSchema?type=form: the builder's schema, and one form's when asked. */
  async templateSchema(ref: { id?: number | null; key?: string | null }) {
    const builder = formTemplateSchema();
    if (ref.id == null && !ref.key) return builder;
    const form = await this.find(ref);
    if (!form) throw new FormNotConfiguredError();
    return { ...builder, form: formSchema(form, await this.captchaFor(form)) };
  }

  /** POST /api/rest/forms/validate/{formId}: throws FormInvalidError with field id -> message. */
  async validate(formId: number | null, answersInput: unknown): Promise<{ valid: true }> {
    const form = formId === null ? null : await this.find({ id: formId });
    if (!form) throw new FormNotConfiguredError();
    const raw = parseSubmittedForm(answersInput);
    if (!raw) throw new InvalidInputError(formMessages.formFieldsUnparseable);
    const normalised = normaliseAnswers(form.fields, raw);
    if (!normalised.ok) throw new InvalidInputError(formMessages.formFieldsUnparseable);
    const validation = validateForm(form.fields, normalised.answers);
    if (!validation.ok) throw new FormInvalidError(validation.fieldErrors);
    return { valid: true };
  }

  /** POST /api/form/FormSubmissionKey: a single-use key, for an hour, for this visitor's crumb. */
  async issueKey(visitor: Visitor): Promise<{ key: string; expiresAt: Date }> {
    const now = this.now();
    const key = newSecret();
    const expiresAt = new Date(now.getTime() + SUBMISSION_KEY_MS);
    await this.db.formSubmissionKey.create({
      data: { keyHash: sha256(key), websiteId: this.websiteId, crumbHash: visitor.crumb ? sha256(visitor.crumb) : null, createdAt: now, expiresAt },
    });
    // Keys a day past their end are of no use to anyone.
    await this.db.formSubmissionKey.deleteMany({ where: { websiteId: this.websiteId, expiresAt: { lt: new Date(now.getTime() - 24 * 60 * 60 * 1000) } } });
    return { key, expiresAt };
  }

  /**
   * POST /api/form/SaveFormSubmission. Checks in the order of the spec's status codes: the form (404),
   * the fields' JSON (400), the key (401), the limits (429), the captcha and the answers (400); then
   * stores the submission in one transaction with the key spent, the captcha token spent, and for a
   * newsletter the sign-up, its consent and subscribe event and the confirmation email.
   */
  async submit(input: SubmissionInput, context: SubmissionContext): Promise<SubmissionAck> {
    const formId = parseFormId(input.formId);
    const form = formId === null ? null : await this.find({ id: formId });
    if (!form) throw new FormNotConfiguredError();
    const raw = parseSubmittedForm(input.form);
    if (!raw) throw new InvalidInputError(formMessages.formFieldsUnparseable);
    const normalised = normaliseAnswers(form.fields, raw);
    if (!normalised.ok) throw new InvalidInputError(formMessages.formFieldsUnparseable);
    const answers = normalised.answers;
    const answersHash = sha256(canonicalJson(answers));

    if (typeof input.key !== "string" || !/^[A-Za-z0-9_-]{16,128}$/.test(input.key)) throw new FormKeyInvalidError();
    const keyHash = sha256(input.key);
    const key = await this.db.formSubmissionKey.findUnique({ where: { keyHash } });
    const crumbHash = context.visitor.crumb ? sha256(context.visitor.crumb) : null;
    if (!key || key.websiteId !== this.websiteId || (key.crumbHash !== null && key.crumbHash !== crumbHash)) throw new FormKeyInvalidError();
    if (key.usedAt) return this.#replay(key.submissionId, formId!, answersHash, form);
    if (key.expiresAt <= this.now()) throw new FormKeyInvalidError();

    const retryAfter = await this.#perAddress.take(context.remoteAddress ?? "unknown");
    if (retryAfter > 0) throw new SubmissionRateLimitedError(retryAfter);
    const email = emailOf(form.fields, answers);
    if (email && this.limits.perEmail.max > 0) {
      const recent = await this.db.formSubmission.count({
        where: { websiteId: this.websiteId, email, spam: false, createdAt: { gt: new Date(this.now().getTime() - this.limits.perEmail.windowMs) } },
      });
      if (recent >= this.limits.perEmail.max) throw new SubmissionRateLimitedError(60);
    }

    const captcha = await this.captchaFor(form);
    const captchaToken = isCaptchaToken(input.captchaKey) ? input.captchaKey : null;
    if (captcha.required) {
      if (!captchaToken) throw new CaptchaError("CAPTCHA_REQUIRED", formMessages.recaptchaFailed);
      const website = await this.db.website.findUnique({ where: { id: this.websiteId }, select: { captchaSecretKey: true } });
      const accepted = await isCaptchaAccepted(this.db, this.captcha, {
        token: captchaToken,
        secret: website?.captchaSecretKey ?? null,
        remoteIp: context.remoteAddress,
      });
      if (!accepted) throw new CaptchaError("CAPTCHA_FAILED", formMessages.recaptchaFailed);
    }

    const validation = validateForm(form.fields, answers);
    if (!validation.ok) throw new FormInvalidError(validation.fieldErrors);

    const page = {
      pageTitle: text(input.pageTitle, 500),
      pageId: text(input.pageId, 100),
      contentSource: input.contentSource === "i" || input.contentSource === "c" ? input.contentSource : null,
      pagePath: text(input.pagePath, 2000),
      pagePermissionTypeValue: Number.isInteger(input.pagePermissionTypeValue) ? (input.pagePermissionTypeValue as number) : null,
    };
    const spam = normalised.honeypot !== "";
    const store = () =>
      this.db.$transaction(
        (tx) =>
          storeSubmission(
            tx,
            { websiteId: this.websiteId, now: this.now(), newsletter: this.newsletter },
            {
              form,
              keyHash,
              answers,
              answersHash,
              email,
              spam,
              page,
              captchaToken: captcha.required ? captchaToken : null,
              language: context.language ?? null,
            },
          ),
        { maxWait: 10_000, timeout: 15_000 },
      );
    let ack: SubmissionAck;
    try {
      ack = await store();
    } catch (error) {
      // Two identical submissions raced for the duplicate check: the second, retried, finds the first.
      if (!(error instanceof DuplicateRace || isUniqueViolation(error))) throw error;
      ack = await store();
    }
    void this.mailer.deliverPending();
    return ack;
  }

  /** A key already spent: a retry of the same answers is answered with its submission, else refused. */
  async #replay(submissionId: string | null, formId: number, answersHash: string, form: FormView): Promise<SubmissionAck> {
    const submission = submissionId
      ? await this.db.formSubmission.findUnique({ where: { id: submissionId }, select: { id: true, formId: true, answersHash: true } })
      : null;
    if (!submission || submission.formId !== formId || submission.answersHash !== answersHash) throw new FormKeyInvalidError();
    return submissionAck(submission.id, true, form);
  }

  // ---- owners ----

  /** The site's forms by name (a Pothos connection passes `query`). */
  list<Q extends Omit<Prisma.FormFindManyArgs, "where" | "orderBy">>(query: Q) {
    return this.db.form.findMany({ ...query, where: { websiteId: this.websiteId }, orderBy: [{ name: "asc" }, { id: "asc" }] });
  }

  /** Submissions of the site (or one form), newest first; spam only when asked for. */
  submissions<Q extends Omit<Prisma.FormSubmissionFindManyArgs, "where" | "orderBy">>(query: Q, filter: { formId?: number | null; spam?: boolean }) {
    return this.db.formSubmission.findMany({
      ...query,
      where: { websiteId: this.websiteId, spam: filter.spam ?? false, ...(filter.formId ? { formId: filter.formId } : {}) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
  }

  /**
   * A form's submissions for the CSV export: the form (its fields are the columns) and its
   * submissions newest first, read EXPORT_PAGE_SIZE at a time (keyset on createdAt, id), so a big
   * form never sits in memory. NotFoundError when the site has no such form.
   */
  async submissionExport(formId: number, filter: { spam?: boolean } = {}): Promise<{ form: FormView; submissions: AsyncIterable<SubmissionRecord> }> {
    const form = await this.find({ id: formId });
    if (!form) throw new NotFoundError(formMessages.formNotFound);
    const where: Prisma.FormSubmissionWhereInput = { websiteId: this.websiteId, formId, spam: filter.spam ?? false };
    const db = this.db;
    async function* submissions(): AsyncGenerator<SubmissionRecord> {
      let after: { createdAt: Date; id: string } | null = null;
      for (;;) {
        const rows: SubmissionRecord[] = await db.formSubmission.findMany({
          where: after ? { ...where, OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: EXPORT_PAGE_SIZE,
          select: { id: true, createdAt: true, answers: true, email: true, pagePath: true, pageTitle: true },
        });
        for (const row of rows) yield row;
        if (rows.length < EXPORT_PAGE_SIZE) return;
        after = rows[rows.length - 1];
      }
    }
    return { form, submissions: submissions() };
  }

  /** A mailing list's sign-ups with their consent records for the CSV export (NewsletterService.signUpExport). */
  mailingListExport(mailingListId: number) {
    return this.newsletter.signUpExport(mailingListId, EXPORT_PAGE_SIZE);
  }

  async #checkMailingList(tx: Tx, settings: FormSettings) {
    if (settings.kind !== "NEWSLETTER" && settings.mailingListId === null) return;
    const lists = await tx.mailingList.findMany({ where: { websiteId: this.websiteId }, select: { id: true } });
    if (lists.length === 0) throw new InvalidInputError(ownerMessages.formDefinitionInvalid(ownerMessages.noMailingLists));
    if (!lists.some((list) => list.id === settings.mailingListId))
      throw new InvalidInputError(ownerMessages.formDefinitionInvalid(ownerMessages.listNotSelected));
  }

  #check(input: Parameters<typeof checkFormSettings>[0]): FormSettings {
    const checked = checkFormSettings(input);
    if (!checked.ok) throw new InvalidInputError(ownerMessages.formDefinitionInvalid(checked.problem));
    return checked.value;
  }

  #data(settings: FormSettings) {
    return { ...settings, fields: JSON.stringify(settings.fields) };
  }

  async create(input: Parameters<typeof checkFormSettings>[0]): Promise<FormView> {
    const settings = this.#check(input);
    try {
      const row = await this.db.$transaction(async (tx) => {
        await this.#checkMailingList(tx, settings);
        return tx.form.create({ data: { websiteId: this.websiteId, ...this.#data(settings) } });
      });
      this.#formsChanged([]);
      return toFormView(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(ownerMessages.formKeyTaken);
      throw error;
    }
  }

  /** Changes the given settings of a form (others keep their values). */
  async update(id: number, patch: Partial<Record<keyof FormSettings, unknown>>): Promise<FormView> {
    const existing = await this.find({ id });
    if (!existing) throw new NotFoundError(formMessages.formNotFound);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const settings = this.#check({ ...existing, ...defined });
    let productIds: number[] = [];
    try {
      const row = await this.db.$transaction(async (tx) => {
        await this.#checkMailingList(tx, settings);
        productIds = (await tx.product.findMany({ where: { additionalFieldsFormId: id }, select: { id: true } })).map((product) => product.id);
        return tx.form.update({ where: { id }, data: this.#data(settings) });
      });
      this.#formsChanged(productIds);
      return toFormView(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(ownerMessages.formKeyTaken);
      throw error;
    }
  }

  /** Deletes a form; its submissions stay (they name the form), products lose the form. */
  async delete(id: number): Promise<{ id: number }> {
    const productIds = await this.db.$transaction(async (tx) => {
      const form = await tx.form.findFirst({ where: { id, websiteId: this.websiteId }, select: { id: true } });
      if (!form) throw new NotFoundError(formMessages.formNotFound);
      const products = await tx.product.findMany({ where: { additionalFieldsFormId: id }, select: { id: true } });
      await tx.form.delete({ where: { id } });
      return products.map((product) => product.id);
    });
    this.#formsChanged(productIds);
    return { id };
  }

  /**
   * Products carry their form's fields in cached definitions, and cached catalogue results hold
   * forms: tell every process (an event with no product ids still drops cached results).
   */
  #formsChanged(productIds: number[]) {
    this.definitions.invalidate(productIds);
    this.pubsub.publish("catalogChanged", { productIds });
  }

  // ---- reads for the GraphQL schema (Pothos passes `query`, the selection it needs) ----

  /** A form of this site by id and/or key, as a page renders it; null without either, or when none matches. */
  formFor<Q extends Omit<Prisma.FormFindFirstArgs, "where">>(query: Q, ref: { id?: number | null; key?: string | null }) {
    if (ref.id == null && !ref.key) return Promise.resolve(null);
    return this.db.form.findFirst({
      ...query,
      where: { websiteId: this.websiteId, ...(ref.id != null ? { id: ref.id } : {}), ...(ref.key ? { key: ref.key } : {}) },
    });
  }

  /** The site's forms with these keys, in the keys' order (a key no form has is left out). */
  async formsByKeys<Q extends Omit<Prisma.FormFindManyArgs, "where">>(query: Q, keys: readonly string[]) {
    if (keys.length === 0) return [];
    const rows = await this.db.form.findMany({ ...query, where: { websiteId: this.websiteId, key: { in: [...keys] } } });
    const byKey = new Map(rows.map((row) => [(row as unknown as { key: string }).key, row]));
    return keys.flatMap((key) => (byKey.has(key) ? [byKey.get(key)!] : []));
  }

  /** The site's mailing lists, oldest first. */
  mailingLists<Q extends Omit<Prisma.MailingListFindManyArgs, "where" | "orderBy">>(query: Q) {
    return this.db.mailingList.findMany({ ...query, where: { websiteId: this.websiteId }, orderBy: { id: "asc" } });
  }

  /** The site's mailing-list sign-ups (of one list when given), newest first. */
  mailingListSignUps<Q extends Omit<Prisma.MailingListSignUpFindManyArgs, "where" | "orderBy">>(query: Q, mailingListId?: number | null) {
    return this.newsletter.signUps(query, mailingListId);
  }
}
