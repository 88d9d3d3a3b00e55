// The email outbox. Whatever the store sends (back-in-stock notifications, newsletter confirmations)
// is written to OutboxEmail inside the transaction that decides to send it, so a decision is never
// lost and never made twice (dedupeKey is unique). After commit the Mailer delivers pending rows over
// SMTP with nodemailer when SMTP_URL is set; without it the rows are written as RECORDED and the
// table is the record. Delivery is at least once: a row is claimed by bumping its attempt count, and
// a row whose delivery failed stays PENDING until its next attempt time (exponential backoff,
// domain/mail.ts), then FAILED (the dead letter) after MAX_DELIVERY_ATTEMPTS. The outbox job
// (services/jobs/) calls deliverPending on a timer; writers call it after commit for a quick first try.
// One outbox serves every site of the deployment, and each batch takes the sites in turn.
import nodemailer from "nodemailer";
import type { Db, Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { afterFailedDelivery } from "../../domain/mail.ts";
import { newId } from "../support/ids.ts";
import { loadEffectiveBranding } from "./branding.ts";
import { renderEmailHtml } from "./templates/render.ts";
import { processLogger } from "../support/log.ts";

export interface OutgoingEmail {
  kind:
    | "RESTOCK"
    | "NEWSLETTER_CONFIRM"
    | "ORDER_CONFIRMATION"
    | "PASSWORD_RESET"
    | "CONTRIBUTOR_INVITATION"
    | "GIFT_CARD"
    | "PAYMENT_REFUNDED"
    | "RENEWAL_FAILED"
    | "SUBSCRIPTION_CANCELLED"
    | "OWNER_SUBSCRIPTION_CANCELLED"
    | "ORDER_REFUNDED"
    | "PAYMENT_DISPUTED"
    | "ORDER_STATUS_LINK"
    | "SHIPPING_CONFIRMATION"
    | "ORDER_CANCELLED"
    | "ABANDONED_CHECKOUT";
  /** Makes sending idempotent: a second email with the same key is not written. */
  dedupeKey: string;
  toEmail: string;
  subject: string;
  textBody: string;
  language?: string | null;
}

export { MAX_DELIVERY_ATTEMPTS } from "../../domain/mail.ts";
const DELIVERY_BATCH = 50;

type Transport = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string; replyTo?: string }): Promise<unknown>;
  close?(): void;
};

export class Mailer {
  #delivering: Promise<void> | null = null;
  #again = false;

  constructor(
    private readonly db: Db,
    private readonly transport: Transport | null,
    readonly from: string = "Sitecart <no-reply@sitecart.test>",
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** SMTP over nodemailer when SMTP_URL is set (smtp://user:pass@host:port or smtps://...), else none. */
  static fromEnv(db: Db, env: { SMTP_URL?: string | null; MAIL_FROM?: string }, now?: () => Date): Mailer {
    const url = env.SMTP_URL?.trim();
    return new Mailer(db, url ? (nodemailer.createTransport(url) as unknown as Transport) : null, env.MAIL_FROM?.trim() || undefined, now);
  }

  get delivers(): boolean {
    return this.transport !== null;
  }

  /**
   * Writes the emails inside the caller's transaction; returns how many were new (an email whose
   * dedupeKey was written before is skipped).
   */
  async enqueue(tx: Tx, websiteId: string, emails: readonly OutgoingEmail[]): Promise<number> {
    let written = 0;
    const branding = emails.length > 0 ? await loadEffectiveBranding(tx, websiteId) : null;
    for (const email of emails) {
      // One statement: an email already queued under this key is left as it is.
      const inserted = await sql(tx)
        .insertInto("OutboxEmail")
        .values({
          id: newId(),
          websiteId,
          kind: email.kind,
          dedupeKey: email.dedupeKey,
          toEmail: email.toEmail,
          subject: email.subject,
          textBody: email.textBody,
          // Drawn now, with today's branding: what was decided is what is sent, even after a change.
          htmlBody: await renderEmailHtml(email, branding!),
          replyTo: branding!.replyTo,
          language: email.language ?? null,
          status: this.transport ? "PENDING" : "RECORDED",
          createdAt: this.now(),
        })
        .onConflict((conflict) => conflict.column("dedupeKey").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) written++;
    }
    return written;
  }

  /** Delivers the pending emails that are due (after the transaction that wrote them commits, and on a timer). Never throws. */
  deliverPending(): Promise<void> {
    if (!this.transport) return Promise.resolve();
    if (this.#delivering) {
      this.#again = true;
      return this.#delivering;
    }
    this.#delivering = (async () => {
      try {
        do {
          this.#again = false;
          await this.#deliverBatch();
        } while (this.#again);
      } catch (error) {
        processLogger().error({ err: error }, "Email delivery run failed");
      } finally {
        this.#delivering = null;
      }
    })();
    return this.#delivering;
  }

  async #deliverBatch(): Promise<void> {
    const ids = await this.#dueInTurn();
    const rows = await this.db.outboxEmail.findMany({ where: { id: { in: ids } } });
    const pending = rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    for (const email of pending) {
      // Claim it: only the process whose bump succeeds sends (several processes share the table).
      const claimed = await this.db.outboxEmail.updateMany({
        where: { id: email.id, status: "PENDING", attempts: email.attempts },
        data: { attempts: { increment: 1 } },
      });
      if (claimed.count !== 1) continue;
      try {
        // Both parts (multipart/alternative) when the row has its HTML; rows written before it go as text.
        await this.transport!.sendMail({
          from: this.from,
          to: email.toEmail,
          subject: email.subject,
          text: email.textBody,
          ...(email.htmlBody ? { html: email.htmlBody } : {}),
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        });
        await this.db.outboxEmail.update({ where: { id: email.id }, data: { status: "SENT", sentAt: this.now(), nextAttemptAt: null, lastError: null } });
      } catch (error) {
        await this.db.outboxEmail.update({
          where: { id: email.id },
          data: { ...afterFailedDelivery(email.attempts + 1, this.now()), lastError: String((error as Error).message).slice(0, 500) },
        });
      }
    }
  }

  /**
   * The ids of the next batch of due emails, taken site by site (issue 21): every site's oldest due
   * email, then every site's second, and so on. A site with 10,000 queued emails takes one place per
   * round, so another site's password reset goes in the next batch.
   */
  async #dueInTurn(): Promise<string[]> {
    const now = this.now();
    const due = sql(this.db)
      .selectFrom("OutboxEmail")
      .where("status", "=", "PENDING")
      .where((eb) => eb.or([eb("nextAttemptAt", "is", null), eb("nextAttemptAt", "<=", now)]))
      .select((eb) => [
        "id",
        "createdAt",
        eb.fn
          .agg<number>("row_number")
          .over((over) => over.partitionBy("websiteId").orderBy("createdAt").orderBy("id"))
          .as("round"),
      ]);
    const rows = await sql(this.db).selectFrom(due.as("due")).select("id").orderBy("round").orderBy("createdAt").orderBy("id").limit(DELIVERY_BATCH).execute();
    return rows.map((row) => row.id);
  }

  close(): void {
    this.transport?.close?.();
  }
}
