// Back-in-stock waitlists (spec storefront §5 Restock, §7 /api/site-users/account/notifications/restock)
// with a fair queue: when stock returns, at most as many waiters as units arrived are notified, in
// sign-up order. Every change to a variant's queue first takes the variant's row lock (the stock
// update itself, or a no-op update for a send), so queue changes of one variant happen one at a time
// on both databases, and a place is moved from RECEIVED by a conditional update: nobody is notified
// twice. Notifications are written to the email outbox in the same transaction.
import { CaptchaError, InvalidInputError, NotAllowedError, NotFoundError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { ProductType } from "../../domain/catalog/product-state.ts";
import {
  OFFER_HOLD_MS,
  expiresAt,
  restockEmailProblem,
  unitsArrived,
  variantText,
  waitersForArrival,
  waitersForSend,
  type RestockStatus,
} from "../../domain/restock.ts";
import { canonicalLocale } from "../../domain/settings/site-settings.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import { isCaptchaAccepted, isCaptchaToken, spendCaptchaToken, type CaptchaVerifier } from "../forms/captcha.ts";
import { MAX_ROW_ID, parseAttributes } from "../catalog/catalog.ts";
import { parseJsonObject } from "../support/json.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { NewsletterService } from "../forms/newsletter.ts";
import type { StoreSettingsService } from "../settings/store-settings.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";

export const RESTOCK_PAGE_SIZE = 20;
export const MAX_SEND_REQUESTS = 100;

/** The restock signup payload (spec §3). */
export interface RestockSignUpInput {
  productId?: unknown;
  variantId?: unknown;
  siteVisitorEmail?: unknown;
  isJoinMailingList?: unknown;
  captchaToken?: unknown;
  recaptchaEnterpriseV3Token?: unknown;
  language?: unknown;
}

export interface RestockSignUpView {
  id: number;
  productId: number;
  variantId: number;
  email: string;
  isJoinMailingList: boolean;
  language: string | null;
  status: RestockStatus;
  createdAt: Date;
  expiresAt: Date;
  notifiedAt: Date | null;
  purchasedAt: Date | null;
  /** Place among those still waiting (RECEIVED), from 1; null for the others. */
  queuePosition: number | null;
}

export interface RestockGroupView {
  productId: number;
  variantId: number;
  productName: string;
  sku: string;
  attributes: Record<string, string>;
  unlimited: boolean;
  qtyInStock: number;
  received: number;
  notified: number;
  purchased: number;
  expired: number;
  total: number;
}

export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export interface SendResult {
  productId: number;
  variantId: number;
  notified: number;
  waiting: number;
}

const toId = (value: unknown): number | null => {
  const digits = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,10}$/.test(digits)) return null;
  const id = Number(digits);
  return id > 0 && id <= MAX_ROW_ID ? id : null;
};

const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** The cursor after this sign-up (queue order). */
export const signUpCursor = (signUp: { createdAt: Date; id: number }) => encodeCursor({ c: signUp.createdAt.getTime(), i: signUp.id });
/** The cursor after this group (variant order). */
export const groupCursor = (group: { variantId: number }) => encodeCursor({ v: group.variantId });
function decodeCursor<T>(cursor: unknown, valid: (value: unknown) => value is T): T | null {
  if (cursor === undefined || cursor === null || cursor === "") return null;
  try {
    const value = JSON.parse(Buffer.from(String(cursor), "base64url").toString("utf8"));
    if (valid(value)) return value;
  } catch {
    // fall through
  }
  throw new InvalidInputError(messages.invalidRequest);
}

const toView = (row: Prisma.RestockSignUpGetPayload<object>, queuePosition: number | null = null): RestockSignUpView => ({
  id: row.id,
  productId: row.productId,
  variantId: row.variantId,
  email: row.email,
  isJoinMailingList: row.isJoinMailingList,
  language: row.language,
  status: row.status as RestockStatus,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  notifiedAt: row.notifiedAt,
  purchasedAt: row.purchasedAt,
  queuePosition,
});

const queueOrder = [{ createdAt: "asc" as const }, { id: "asc" as const }];

export class RestockService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly settings: StoreSettingsService,
    private readonly captcha: CaptchaVerifier,
    private readonly mailer: Mailer,
    private readonly newsletter: NewsletterService,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A visitor joins the waitlist of a sold-out variant. Signing up again does not add a second place:
   * a waiting place stays where it is; a place that was notified, bought or lapsed goes to the back.
   */
  async signUp(input: RestockSignUpInput, context: { remoteAddress: string | null }): Promise<{ signUpId: number; status: RestockStatus }> {
    const emailProblem = restockEmailProblem(input.siteVisitorEmail);
    if (emailProblem) throw new InvalidInputError(emailProblem);
    const email = (input.siteVisitorEmail as string).trim().toLowerCase();
    if (input.isJoinMailingList !== undefined && input.isJoinMailingList !== null && typeof input.isJoinMailingList !== "boolean") {
      throw new InvalidInputError(messages.invalidRequest);
    }
    const productId = toId(input.productId);
    const variantId = toId(input.variantId);
    if (productId === null) throw new NotFoundError(messages.productNotFound);
    if (variantId === null) throw new NotFoundError(messages.variantNotFound);
    const variant = await this.db.variant.findFirst({
      where: { id: variantId, productId, product: { websiteId: this.websiteId, visible: true } },
      select: { unlimited: true, qtyInStock: true, product: { select: { productType: true, merchandising: true } } },
    });
    if (!variant) throw new NotFoundError(messages.variantNotFound);
    const merchandising = variant.product.merchandising;
    if (
      !merchandising?.restockNotificationsEnabled ||
      variant.product.productType === ProductType.DIGITAL ||
      variant.product.productType === ProductType.GIFT_CARD
    ) {
      throw new NotAllowedError(messages.restockNotOffered);
    }
    if (variant.unlimited || variant.qtyInStock > 0) throw new NotAllowedError(messages.restockInStock);

    // Captcha only where the site has a site key (spec §5 Restock).
    const { captchaSiteKey } = await this.settings.get();
    const enterprise = input.recaptchaEnterpriseV3Token !== undefined && input.recaptchaEnterpriseV3Token !== null && input.recaptchaEnterpriseV3Token !== "";
    const tokenInput = enterprise ? input.recaptchaEnterpriseV3Token : input.captchaToken;
    const token = isCaptchaToken(tokenInput) ? tokenInput : null;
    const website = await this.db.website.findUniqueOrThrow({
      where: { id: this.websiteId },
      select: { captchaSecretKey: true, multilingualConnected: true, multilingualTransactionalEmails: true },
    });
    if (captchaSiteKey) {
      if (!token) throw new CaptchaError("CAPTCHA_REQUIRED", messages.completeCaptcha);
      const accepted = await isCaptchaAccepted(this.db, this.captcha, { token, secret: website.captchaSecretKey, remoteIp: context.remoteAddress });
      // In the enterprise mode the widget shows 'Unable to submit form. Please try again later.' (spec §8).
      if (!accepted) throw new CaptchaError("CAPTCHA_FAILED", enterprise ? messages.formUnauthorized : messages.recaptchaFailed);
    }
    // The language is kept only with multilingual transactional emails on and a translation plugin connected.
    const language = website.multilingualTransactionalEmails && website.multilingualConnected ? canonicalLocale(input.language) : null;
    const joinList = input.isJoinMailingList === true && merchandising.mailingListSignUpEnabled;
    const consentText = parseJsonObject(merchandising.restockNotificationMessages).mailingListDescription ?? null;

    const attempt = () =>
      this.db.$transaction(async (tx) => {
        if (captchaSiteKey && token && !(await spendCaptchaToken(tx, token))) throw new CaptchaError("CAPTCHA_FAILED", messages.recaptchaFailed);
        const now = this.now();
        const existing = await tx.restockSignUp.findUnique({ where: { variantId_email: { variantId, email } } });
        let row;
        if (!existing) {
          row = await tx.restockSignUp.create({
            data: {
              websiteId: this.websiteId,
              productId,
              variantId,
              email,
              isJoinMailingList: joinList,
              language,
              status: "RECEIVED",
              createdAt: now,
              expiresAt: expiresAt(now),
            },
          });
        } else if (existing.status === "RECEIVED" && existing.expiresAt > now) {
          row = await tx.restockSignUp.update({
            where: { id: existing.id },
            data: { isJoinMailingList: existing.isJoinMailingList || joinList, ...(language ? { language } : {}) },
          });
        } else {
          row = await tx.restockSignUp.update({
            where: { id: existing.id },
            data: {
              status: "RECEIVED",
              createdAt: now,
              expiresAt: expiresAt(now),
              notifiedAt: null,
              purchasedAt: null,
              orderId: null,
              isJoinMailingList: existing.isJoinMailingList || joinList,
              language: language ?? existing.language,
            },
          });
        }
        if (joinList) {
          const [list] = await this.newsletter.lists(this.websiteId, tx);
          if (list) {
            await this.newsletter.subscribe(tx, {
              websiteId: this.websiteId,
              mailingListId: list.id,
              email,
              source: "RESTOCK",
              consentText,
              restockSignUpId: row.id,
            });
          }
        }
        return { signUpId: row.id, status: row.status as RestockStatus };
      });
    let result;
    try {
      result = await attempt();
    } catch (error) {
      // Two sign-ups of one address raced: the retry finds the first.
      if (!isUniqueViolation(error)) throw error;
      result = await attempt();
    }
    if (joinList) void this.mailer.deliverPending();
    return result;
  }

  /**
   * Brings a variant's queue up to date in the caller's transaction: places not notified within 90
   * days lapse (EXPIRED); notified waiters who have since bought the variant are PURCHASED.
   */
  async reconcile(tx: Tx, variantIds: number[]): Promise<void> {
    if (variantIds.length === 0) return;
    const now = this.now();
    await tx.restockSignUp.updateMany({ where: { variantId: { in: variantIds }, status: "RECEIVED", expiresAt: { lte: now } }, data: { status: "EXPIRED" } });
    const notified = await tx.restockSignUp.findMany({
      where: { variantId: { in: variantIds }, status: "NOTIFIED" },
      select: { id: true, variantId: true, email: true, notifiedAt: true },
    });
    if (notified.length === 0) return;
    const since = new Date(Math.min(...notified.map((place) => place.notifiedAt?.getTime() ?? now.getTime())));
    const items = await tx.orderItem.findMany({
      where: { variantId: { in: [...new Set(notified.map((place) => place.variantId))] }, order: { websiteId: this.websiteId, createdAt: { gte: since } } },
      select: { variantId: true, order: { select: { id: true, customerEmail: true, createdAt: true } } },
      orderBy: { id: "asc" },
    });
    for (const place of notified) {
      const bought = items.find(
        (item) =>
          item.variantId === place.variantId &&
          item.order.customerEmail?.trim().toLowerCase() === place.email &&
          item.order.createdAt >= (place.notifiedAt ?? now),
      );
      if (bought) {
        await tx.restockSignUp.updateMany({
          where: { id: place.id, status: "NOTIFIED" },
          data: { status: "PURCHASED", purchasedAt: bought.order.createdAt, orderId: bought.order.id },
        });
      }
    }
  }

  /** Notifies the first `count` waiting places of the variant, in sign-up order; returns how many. */
  async #notifyNext(tx: Tx, variantId: number, count: number): Promise<number> {
    if (count <= 0) return 0;
    const variant = await tx.variant.findUniqueOrThrow({
      where: { id: variantId },
      select: { attributes: true, product: { select: { name: true, slug: true } } },
    });
    const places = await tx.restockSignUp.findMany({ where: { variantId, status: "RECEIVED" }, orderBy: queueOrder, take: count });
    const now = this.now();
    const link = `${this.publicUrl}/shop/p/${variant.product.slug}`;
    let notified = 0;
    for (const place of places) {
      const moved = await tx.restockSignUp.updateMany({ where: { id: place.id, status: "RECEIVED" }, data: { status: "NOTIFIED", notifiedAt: now } });
      if (moved.count !== 1) continue;
      await this.mailer.enqueue(tx, this.websiteId, [
        {
          kind: "RESTOCK",
          dedupeKey: `restock:${place.id}:${place.createdAt.getTime()}`,
          toEmail: place.email,
          subject: messages.restockSubject(variant.product.name),
          textBody: messages.restockBody(variant.product.name, variantText(parseAttributes(variant.attributes)), link),
          language: place.language,
        },
      ]);
      notified++;
    }
    return notified;
  }

  /**
   * Called by the owner's stock change inside its transaction (which holds the variant's row lock):
   * notifies one waiter per unit that arrived. Returns how many were notified.
   */
  async stockChanged(
    tx: Tx,
    variantId: number,
    before: { unlimited: boolean; qtyInStock: number },
    after: { unlimited: boolean; qtyInStock: number },
  ): Promise<number> {
    const arrived = unitsArrived(before, after);
    if (arrived === 0) return 0;
    await this.reconcile(tx, [variantId]);
    const waiting = await tx.restockSignUp.count({ where: { variantId, status: "RECEIVED" } });
    return this.#notifyNext(tx, variantId, waitersForArrival(arrived, waiting));
  }

  /** Delivers the emails a committed stock change wrote. */
  afterCommit(): void {
    void this.mailer.deliverPending();
  }

  /**
   * POST .../restock/send: notifies waiters of one variant, as many as there are units in stock not
   * held for someone notified in the last 48 hours. Sending twice notifies nobody twice.
   */
  async send(productIdInput: unknown, variantIdInput: unknown): Promise<SendResult> {
    const result = await this.#send(productIdInput, variantIdInput);
    this.afterCommit();
    return result;
  }

  async #send(productIdInput: unknown, variantIdInput: unknown): Promise<SendResult> {
    const productId = toId(productIdInput);
    const variantId = toId(variantIdInput);
    if (productId === null) throw new NotFoundError(messages.productNotFound);
    if (variantId === null) throw new NotFoundError(messages.variantNotFound);
    return this.db.$transaction(
      async (tx) => {
        const exists = await tx.variant.count({ where: { id: variantId, productId, product: { websiteId: this.websiteId } } });
        if (!exists) throw new NotFoundError(messages.variantNotFound);
        // The row lock that queues this send behind any other change to the variant's stock or queue.
        const stock = await tx.variant.update({
          where: { id: variantId },
          data: { qtyInStock: { increment: 0 } },
          select: { unlimited: true, qtyInStock: true },
        });
        await this.reconcile(tx, [variantId]);
        const waiting = await tx.restockSignUp.count({ where: { variantId, status: "RECEIVED" } });
        const openOffers = await tx.restockSignUp.count({
          where: { variantId, status: "NOTIFIED", notifiedAt: { gt: new Date(this.now().getTime() - OFFER_HOLD_MS) } },
        });
        const notified = await this.#notifyNext(tx, variantId, waitersForSend(stock, openOffers, waiting));
        return { productId, variantId, notified, waiting: waiting - notified };
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
  }

  /** POST .../restock/send/all: each request as a send, at most 100. */
  async sendAll(requests: unknown): Promise<SendResult[]> {
    if (!Array.isArray(requests) || requests.length === 0) throw new InvalidInputError(messages.invalidRequest);
    if (requests.length > MAX_SEND_REQUESTS) throw new InvalidInputError(messages.sendRequestsTooMany(MAX_SEND_REQUESTS));
    const parsed = requests.map((request) => {
      if (!request || typeof request !== "object") throw new InvalidInputError(messages.invalidRequest);
      const { productId, variantId } = request as { productId?: unknown; variantId?: unknown };
      if (toId(productId) === null || toId(variantId) === null) throw new InvalidInputError(messages.invalidRequest);
      return { productId, variantId };
    });
    const results: SendResult[] = [];
    for (const request of parsed) results.push(await this.#send(request.productId, request.variantId));
    this.afterCommit();
    return results;
  }

  /**
   * GET .../restock: the sign-ups of a product (or one variant), in queue order, a page at a time.
   * With a variant, waiting places carry their queue position.
   */
  async list(filter: { productId?: unknown; variantId?: unknown; cursor?: unknown; first?: number }): Promise<Page<RestockSignUpView>> {
    const productId = filter.productId === undefined || filter.productId === null || filter.productId === "" ? null : toId(filter.productId);
    const variantId = filter.variantId === undefined || filter.variantId === null || filter.variantId === "" ? null : toId(filter.variantId);
    if ((filter.productId && productId === null) || (filter.variantId && variantId === null)) throw new InvalidInputError(messages.invalidRequest);
    const cursor = decodeCursor(
      filter.cursor,
      (value): value is { c: number; i: number } =>
        !!value && typeof value === "object" && Number.isFinite((value as { c?: unknown }).c) && Number.isInteger((value as { i?: unknown }).i),
    );
    const take = Math.min(Math.max(filter.first ?? RESTOCK_PAGE_SIZE, 1), 100);
    const where: Prisma.RestockSignUpWhereInput = { websiteId: this.websiteId, ...(productId ? { productId } : {}), ...(variantId ? { variantId } : {}) };
    return this.db.$transaction(async (tx) => {
      const variants = variantId
        ? [variantId]
        : (await tx.restockSignUp.findMany({ where, distinct: ["variantId"], select: { variantId: true } })).map((row) => row.variantId);
      await this.reconcile(tx, variants);
      const rows = await tx.restockSignUp.findMany({
        where: {
          ...where,
          ...(cursor ? { OR: [{ createdAt: { gt: new Date(cursor.c) } }, { createdAt: new Date(cursor.c), id: { gt: cursor.i } }] } : {}),
        },
        orderBy: queueOrder,
        take: take + 1,
      });
      const page = rows.slice(0, take);
      let positions = new Map<number, number>();
      if (variantId) {
        const waiting = await tx.restockSignUp.findMany({ where: { variantId, status: "RECEIVED" }, orderBy: queueOrder, select: { id: true } });
        positions = new Map(waiting.map((place, index) => [place.id, index + 1]));
      }
      const last = page[page.length - 1];
      return {
        items: page.map((row) => toView(row, positions.get(row.id) ?? null)),
        hasNextPage: rows.length > take,
        nextPageCursor: rows.length > take && last ? signUpCursor(last) : null,
      };
    });
  }

  /** GET .../restock/groups: one entry per variant with sign-ups, with counts by status. */
  async groups(filter: { cursor?: unknown; first?: number }): Promise<Page<RestockGroupView>> {
    const cursor = decodeCursor(
      filter.cursor,
      (value): value is { v: number } => !!value && typeof value === "object" && Number.isInteger((value as { v?: unknown }).v),
    );
    const take = Math.min(Math.max(filter.first ?? RESTOCK_PAGE_SIZE, 1), 100);
    return this.db.$transaction(async (tx) => {
      const variantRows = await tx.restockSignUp.findMany({
        where: { websiteId: this.websiteId, ...(cursor ? { variantId: { gt: cursor.v } } : {}) },
        distinct: ["variantId"],
        orderBy: { variantId: "asc" },
        select: { variantId: true },
        take: take + 1,
      });
      const variantIds = variantRows.slice(0, take).map((row) => row.variantId);
      await this.reconcile(tx, variantIds);
      const counts = await tx.restockSignUp.groupBy({ by: ["variantId", "status"], where: { variantId: { in: variantIds } }, _count: { _all: true } });
      const variants = await tx.variant.findMany({
        where: { id: { in: variantIds } },
        select: { id: true, productId: true, sku: true, attributes: true, unlimited: true, qtyInStock: true, product: { select: { name: true } } },
      });
      const items = variantIds.flatMap((id) => {
        const variant = variants.find((row) => row.id === id);
        if (!variant) return [];
        const count = (status: RestockStatus) => counts.find((row) => row.variantId === id && row.status === status)?._count._all ?? 0;
        const group = {
          productId: variant.productId,
          variantId: id,
          productName: variant.product.name,
          sku: variant.sku,
          attributes: parseAttributes(variant.attributes),
          unlimited: variant.unlimited,
          qtyInStock: variant.qtyInStock,
          received: count("RECEIVED"),
          notified: count("NOTIFIED"),
          purchased: count("PURCHASED"),
          expired: count("EXPIRED"),
        };
        return [{ ...group, total: group.received + group.notified + group.purchased + group.expired }];
      });
      const last = variantIds[variantIds.length - 1];
      return { items, hasNextPage: variantRows.length > take, nextPageCursor: variantRows.length > take && last ? groupCursor({ variantId: last }) : null };
    });
  }
}
