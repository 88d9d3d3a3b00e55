// Mailing lists with double opt-in. A newsletter form (or the restock widget's mailing-list box) puts
// an address on a list as PENDING with a SINGLE consent record (when, from which page, the text the
// visitor saw), records a subscribe event and writes a confirmation email to the outbox; following
// the email's link confirms it (a CONFIRMED consent record and a CONFIRM event). Everything happens
// inside the caller's transaction, so the acknowledgement and the consent are stored together.
import { messagesFor } from "../../domain/messages/localized.ts";
import { NotFoundError } from "../../domain/errors.ts";
import { formMessages } from "../../domain/messages/forms.ts";
import { memberMessages } from "../../domain/messages/members.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import { newSecret, sha256 } from "../support/ids.ts";
import type { Mailer } from "../mail/mailer.ts";

/** The double opt-in email's text (also the admin's preview): the confirmation, then how to unsubscribe. */
export const newsletterConfirmText = (text: ReturnType<typeof messagesFor>, listName: string, confirmLink: string, unsubscribeLink: string): string =>
  `${text.newsletterConfirmBody(listName, confirmLink)}\n\n${text.newsletterUnsubscribeLine(unsubscribeLink)}`;

/** A confirmation link works for 7 days. */
export const CONFIRMATION_LINK_MS = 7 * 24 * 60 * 60 * 1000;
/** A pending address gets at most one confirmation email an hour, however often it subscribes. */
export const CONFIRMATION_RESEND_MS = 60 * 60 * 1000;

export const NEWSLETTER_CONFIRM_PATH = "/api/newsletter/confirm";
/** The newsletter unsubscribe page (page type 300); every newsletter email links it. */
export const NEWSLETTER_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

export interface SubscribeInput {
  /** One of the site's lists. */
  mailingListId: number;
  email: string;
  source: "FORM" | "RESTOCK";
  pagePath?: string | null;
  pageTitle?: string | null;
  consentText?: string | null;
  formId?: number | null;
  formSubmissionId?: string | null;
  restockSignUpId?: number | null;
  /** The visitor's language: the confirmation is in it when multilingual transactional emails are on. */
  language?: string | null;
}

/** A sign-up with its consent records, as the export reads it. */
export interface SignUpRecord {
  id: number;
  email: string;
  status: string;
  createdAt: Date;
  confirmedAt: Date | null;
  consents: { level: string; source: string; pagePath: string | null; pageTitle: string | null; consentText: string | null; createdAt: Date }[];
}

/** One site's mailing lists: links and ids of another site's name nothing here. */
export class NewsletterService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Puts the address on the list (double opt-in). Runs in the caller's transaction. */
  async subscribe(tx: Tx, input: SubscribeInput): Promise<{ signUpId: number; status: string }> {
    const now = this.now();
    const email = input.email.trim().toLowerCase();
    const list = await tx.mailingList.findUniqueOrThrow({ where: { id: input.mailingListId, websiteId: this.websiteId }, select: { name: true } });
    let signUp = await tx.mailingListSignUp.findUnique({ where: { mailingListId_email: { mailingListId: input.mailingListId, email } } });
    let token: string | null = null;
    if (!signUp) {
      token = newSecret();
      signUp = await tx.mailingListSignUp.create({
        data: {
          mailingListId: input.mailingListId,
          email,
          status: "PENDING",
          confirmTokenHash: sha256(token),
          confirmationSentAt: now,
          createdAt: now,
          unsubscribeToken: newSecret(),
        },
      });
    } else if (signUp.status !== "CONFIRMED") {
      const lastSent = signUp.confirmationSentAt?.getTime() ?? 0;
      if (signUp.status === "UNSUBSCRIBED" || now.getTime() - lastSent >= CONFIRMATION_RESEND_MS) {
        token = newSecret();
        signUp = await tx.mailingListSignUp.update({
          where: { id: signUp.id },
          data: { status: "PENDING", confirmTokenHash: sha256(token), confirmationSentAt: now },
        });
      }
    }
    await tx.consentRecord.create({
      data: {
        signUpId: signUp.id,
        level: "SINGLE",
        source: input.source,
        pagePath: input.pagePath ?? null,
        pageTitle: input.pageTitle ?? null,
        consentText: input.consentText ?? null,
        formSubmissionId: input.formSubmissionId ?? null,
        restockSignUpId: input.restockSignUpId ?? null,
        createdAt: now,
      },
    });
    await tx.subscribeEvent.create({
      data: {
        mailingListId: input.mailingListId,
        email,
        kind: "SUBSCRIBE",
        formId: input.formId ?? null,
        formSubmissionId: input.formSubmissionId ?? null,
        pagePath: input.pagePath ?? null,
        createdAt: now,
      },
    });
    if (token) {
      // Sign-ups made before unsubscribe links existed get their token with their next email.
      if (!signUp.unsubscribeToken) signUp = await tx.mailingListSignUp.update({ where: { id: signUp.id }, data: { unsubscribeToken: newSecret() } });
      const link = `${this.publicUrl}${NEWSLETTER_CONFIRM_PATH}?token=${token}`;
      const website = await tx.website.findUnique({
        where: { id: this.websiteId },
        select: { multilingualTransactionalEmails: true, multilingualConnected: true },
      });
      const language = website?.multilingualTransactionalEmails && website.multilingualConnected ? (input.language ?? null) : null;
      const text = messagesFor(language);
      await this.mailer.enqueue(tx, this.websiteId, [
        {
          kind: "NEWSLETTER_CONFIRM",
          dedupeKey: `newsletter-confirm:${signUp.id}:${now.getTime()}`,
          toEmail: email,
          subject: text.newsletterConfirmSubject,
          textBody: newsletterConfirmText(text, list.name, link, this.unsubscribeLink(signUp.unsubscribeToken!)),
          language,
        },
      ]);
    }
    return { signUpId: signUp.id, status: signUp.status };
  }

  /** The unsubscribe page's address for a sign-up's token (every newsletter email ends with it). */
  unsubscribeLink(token: string): string {
    return `${this.publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  }

  /** Who an unsubscribe link is for (the page asks before it unsubscribes: mail scanners follow links). */
  async unsubscribeTarget(token: unknown): Promise<{ email: string; mailingList: string; unsubscribed: boolean } | null> {
    if (typeof token !== "string" || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
    const signUp = await this.db.mailingListSignUp.findUnique({
      where: { unsubscribeToken: token, mailingList: { websiteId: this.websiteId } },
      include: { mailingList: { select: { name: true } } },
    });
    if (!signUp) return null;
    return { email: signUp.email, mailingList: signUp.mailingList.name, unsubscribed: signUp.status === "UNSUBSCRIBED" };
  }

  /** Takes the address of this unsubscribe link off its list (UNSUBSCRIBED); doing it twice is the same. */
  async unsubscribe(token: unknown): Promise<{ email: string; mailingList: string }> {
    const target = await this.unsubscribeTarget(token);
    if (!target) throw new NotFoundError(memberMessages.newsletterUnsubscribeInvalid);
    await this.db.mailingListSignUp.updateMany({
      where: { unsubscribeToken: token as string, mailingList: { websiteId: this.websiteId }, NOT: { status: "UNSUBSCRIBED" } },
      data: { status: "UNSUBSCRIBED", unsubscribedAt: this.now(), confirmTokenHash: null },
    });
    return { email: target.email, mailingList: target.mailingList };
  }

  /** Confirms the address whose email holds this token (a sign-up of this site): CONFIRMED, with a consent record and an event. */
  async confirm(token: unknown): Promise<{ email: string; mailingList: string }> {
    if (typeof token !== "string" || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw new NotFoundError(formMessages.newsletterConfirmInvalid);
    const now = this.now();
    const result = await this.db.$transaction(async (tx) => {
      const signUp = await tx.mailingListSignUp.findUnique({
        where: { confirmTokenHash: sha256(token), mailingList: { websiteId: this.websiteId } },
        include: { mailingList: { select: { name: true } } },
      });
      if (!signUp || !signUp.confirmationSentAt || now.getTime() - signUp.confirmationSentAt.getTime() > CONFIRMATION_LINK_MS) return null;
      if (signUp.status === "CONFIRMED") return { email: signUp.email, mailingList: signUp.mailingList.name };
      const single = await tx.consentRecord.findFirst({ where: { signUpId: signUp.id, level: "SINGLE" }, orderBy: { id: "desc" } });
      // Only the transaction that moves it from PENDING records the confirmation (a double click confirms once).
      const moved = await tx.mailingListSignUp.updateMany({ where: { id: signUp.id, status: "PENDING" }, data: { status: "CONFIRMED", confirmedAt: now } });
      if (moved.count === 1) {
        await tx.consentRecord.create({
          data: {
            signUpId: signUp.id,
            level: "CONFIRMED",
            source: single?.source ?? "FORM",
            pagePath: single?.pagePath ?? null,
            pageTitle: single?.pageTitle ?? null,
            consentText: single?.consentText ?? null,
            formSubmissionId: single?.formSubmissionId ?? null,
            restockSignUpId: single?.restockSignUpId ?? null,
            createdAt: now,
          },
        });
        await tx.subscribeEvent.create({
          data: { mailingListId: signUp.mailingListId, email: signUp.email, kind: "CONFIRM", pagePath: single?.pagePath ?? null, createdAt: now },
        });
      }
      return { email: signUp.email, mailingList: signUp.mailingList.name };
    });
    if (!result) throw new NotFoundError(formMessages.newsletterConfirmInvalid);
    return result;
  }

  /** Owner: the sign-ups of the site's lists, newest first (a Pothos connection passes `query`). */
  signUps<Q extends Omit<Prisma.MailingListSignUpFindManyArgs, "where" | "orderBy">>(query: Q, mailingListId?: number | null) {
    return this.db.mailingListSignUp.findMany({
      ...query,
      where: { mailingList: { websiteId: this.websiteId }, ...(mailingListId ? { mailingListId } : {}) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
  }

  /**
   * A list's sign-ups with their consent records for the CSV export, newest first, read
   * `pageSize` at a time (keyset on id), so a big list never sits in memory. NotFoundError when the
   * site has no such list.
   */
  async signUpExport(mailingListId: number, pageSize = 500): Promise<{ name: string; signUps: AsyncIterable<SignUpRecord> }> {
    const list = await this.db.mailingList.findFirst({ where: { id: mailingListId, websiteId: this.websiteId }, select: { name: true } });
    if (!list) throw new NotFoundError(ownerMessages.mailingListNotFound);
    const db = this.db;
    async function* signUps(): AsyncGenerator<SignUpRecord> {
      let before: number | null = null;
      for (;;) {
        const rows: SignUpRecord[] = await db.mailingListSignUp.findMany({
          where: { mailingListId, ...(before !== null ? { id: { lt: before } } : {}) },
          orderBy: { id: "desc" },
          take: pageSize,
          select: {
            id: true,
            email: true,
            status: true,
            createdAt: true,
            confirmedAt: true,
            consents: {
              orderBy: { id: "asc" },
              select: { level: true, source: true, pagePath: true, pageTitle: true, consentText: true, createdAt: true },
            },
          },
        });
        for (const row of rows) yield row;
        if (rows.length < pageSize) return;
        before = rows[rows.length - 1].id;
      }
    }
    return { name: list.name, signUps: signUps() };
  }

  /** The site's lists (the first is where the restock widget's mailing-list box signs up). */
  lists(db: Db | Tx = this.db) {
    return db.mailingList.findMany({ where: { websiteId: this.websiteId }, orderBy: { id: "asc" } });
  }
}
