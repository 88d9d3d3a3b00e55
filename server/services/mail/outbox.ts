// The owner's view of the email outbox: the emails of the site, newest first, by status (the dead
// letters are status FAILED, with the last error), and sending a dead letter again.
import type { Db } from "../../db/client.ts";
import { NotAllowedError, NotFoundError } from "../../domain/errors.ts";
import { isRetryable, type OutboxStatus } from "../../domain/mail.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import type { Mailer } from "./mailer.ts";

export interface OutboxEmailView {
  id: string;
  kind: string;
  toEmail: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date | null;
}

export interface OutboxPage {
  items: OutboxEmailView[];
  hasNextPage: boolean;
}

export const MAX_OUTBOX_PAGE = 100;

const viewSelect = {
  id: true,
  kind: true,
  toEmail: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  sentAt: true,
  nextAttemptAt: true,
} as const;

const toView = (row: Omit<OutboxEmailView, "status"> & { status: string }): OutboxEmailView => ({ ...row, status: row.status as OutboxStatus });

export class OutboxService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly mailer: Mailer,
  ) {}

  /** A page of the site's emails, newest first; `after` is the id of the last email of the previous page. */
  async list({ status, first, after }: { status?: OutboxStatus | null; first?: number | null; after?: string | null }): Promise<OutboxPage> {
    const take = Math.min(Math.max(first ?? 20, 1), MAX_OUTBOX_PAGE);
    const where = { websiteId: this.websiteId, ...(status ? { status } : {}) };
    if (after && !(await this.db.outboxEmail.count({ where: { ...where, id: after } }))) throw new NotFoundError(ownerMessages.outboxEmailNotFound);
    const rows = await this.db.outboxEmail.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      take: take + 1,
      select: viewSelect,
    });
    return { items: rows.slice(0, take).map(toView), hasNextPage: rows.length > take };
  }

  /**
   * Sends a dead letter again: it goes back to PENDING with a fresh count of attempts and is tried at
   * once. Throws NotFoundError (not this site's) or NotAllowedError (not a dead letter).
   */
  async retry(id: string): Promise<OutboxEmailView> {
    const email = await this.db.outboxEmail.findFirst({ where: { id, websiteId: this.websiteId }, select: { status: true } });
    if (!email) throw new NotFoundError(ownerMessages.outboxEmailNotFound);
    if (!isRetryable(email.status)) throw new NotAllowedError(ownerMessages.outboxEmailNotFailed);
    // Conditional: two owners retrying at once reset it once.
    const moved = await this.db.outboxEmail.updateMany({
      where: { id, status: "FAILED" },
      data: { status: "PENDING", attempts: 0, nextAttemptAt: null },
    });
    if (moved.count === 1) await this.mailer.deliverPending();
    return toView(await this.db.outboxEmail.findUniqueOrThrow({ where: { id }, select: viewSelect }));
  }
}
