// Back-in-stock waitlists (spec storefront §5 Restock, §7 /api/site-users/account/notifications/restock)
// with a fair queue: when stock returns, at most as many waiters as units arrived are notified, in
// sign-up order. Every change to a variant's queue first takes the variant's row lock (the stock
// update itself, or a no-op update for a send), so queue changes of one variant happen one at a time
// on both databases, and a place is moved from RECEIVED by a conditional update: nobody is notified
// twice. Notifications are written to the email outbox in the same transaction.
import { messagesFor } from "../../domain/messages/localized.ts";
import { CaptchaError, InvalidInputError, NotAllowedError, NotFoundError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages/storefront.ts";
import { formMessages } from "../../domain/messages/forms.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { isVariantSoldOut, ProductType } from "../../domain/catalog/product-state.ts";
import { productPath } from "../../domain/catalog/product-path.ts";
import {
  OFFER_HOLD_MS,
  expiresAt,
  currentStatus,
  movement,
  requeuesOnSignUp,
  restockEmailProblem,
  unitsArrived,
  variantText,
  waitersForArrival,
  waitersForSend,
  type RestockStatus,
} from "../../domain/restock/restock.ts";
import { canonicalLocale } from "../../domain/site/languages.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import { isCaptchaAccepted, isCaptchaToken, spendCaptchaToken, type CaptchaVerifier } from "../forms/captcha.ts";
import { parseAttributes } from "../catalog/catalog.ts";
import { parseJsonObject } from "../support/json.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";
import { biggestGroups, findGroup, listGroups, listSignUps, queueOrder, type GroupFilter, type ReportSource, type SignUpFilter } from "./restock-reports.ts";
import {
  groupCursor,
  signUpCursor,
  toId,
  type Page,
  type RestockGroupView,
  type RestockSignUpInput,
  type RestockSignUpView,
  type SendResult,
} from "./restock-views.ts";

/** A variant's stock as the waitlist reads it. */
type Stock = { unlimited: boolean; qtyInStock: number };

// The service's answers and cursors, as transports import them.
export { groupCursor, signUpCursor, type Page, type RestockGroupView, type RestockSignUpInput, type RestockSignUpView, type SendResult };
import type { Mailer } from "../mail/mailer.ts";
import type { NewsletterService } from "../forms/newsletter.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";

export const MAX_SEND_REQUESTS = 100;

const asPlace = (row: { status: string; expiresAt: Date }) => ({ status: row.status as RestockStatus, expiresAt: row.expiresAt });

/**
 * Moves the places matching `where` that are still in `from` to `to`, only as RESTOCK_TRANSITIONS
 * allows (the conditional update is what keeps two writers from moving one place twice).
 */
function moveStatus(
  tx: Tx,
  where: Prisma.RestockSignUpWhereInput,
  from: RestockStatus,
  to: RestockStatus,
  data: Omit<Prisma.RestockSignUpUpdateManyMutationInput, "status"> = {},
) {
  const step = movement(from, to);
  return tx.restockSignUp.updateMany({ where: { ...where, ...step.where }, data: { ...data, ...step.data } });
}

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
      throw new InvalidInputError(checkoutMessages.invalidRequest);
    }
    const productId = toId(input.productId);
    const variantId = toId(input.variantId);
    if (productId === null) throw new NotFoundError(checkoutMessages.productNotFound);
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
    if (!isVariantSoldOut(variant.product.productType, variant)) throw new NotAllowedError(messages.restockInStock);

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
      if (!accepted) throw new CaptchaError("CAPTCHA_FAILED", enterprise ? formMessages.formUnauthorized : formMessages.recaptchaFailed);
    }
    // The language is kept only with multilingual transactional emails on and a translation plugin connected.
    const language = website.multilingualTransactionalEmails && website.multilingualConnected ? canonicalLocale(input.language) : null;
    const joinList = input.isJoinMailingList === true && merchandising.mailingListSignUpEnabled;
    const consentText = parseJsonObject(merchandising.restockNotificationMessages).mailingListDescription ?? null;

    const attempt = () =>
      this.db.$transaction(async (tx) => {
        if (captchaSiteKey && token && !(await spendCaptchaToken(tx, token))) throw new CaptchaError("CAPTCHA_FAILED", formMessages.recaptchaFailed);
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
        } else if (!requeuesOnSignUp(asPlace(existing), now)) {
          row = await tx.restockSignUp.update({
            where: { id: existing.id },
            data: { isJoinMailingList: existing.isJoinMailingList || joinList, ...(language ? { language } : {}) },
          });
        } else {
          // A lapsed place not yet marked so is marked EXPIRED first: every move follows the table.
          const place = asPlace(existing);
          const from = currentStatus(place, now);
          if (from !== place.status) await moveStatus(tx, { id: existing.id }, place.status, from);
          await moveStatus(tx, { id: existing.id }, from, "RECEIVED", {
            createdAt: now,
            expiresAt: expiresAt(now),
            notifiedAt: null,
            purchasedAt: null,
            orderId: null,
            isJoinMailingList: existing.isJoinMailingList || joinList,
            language: language ?? existing.language,
          });
          row = await tx.restockSignUp.findUniqueOrThrow({ where: { id: existing.id } });
        }
        if (joinList) {
          const [list] = await this.newsletter.lists(tx);
          if (list) {
            await this.newsletter.subscribe(tx, {
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
   * days lapse (EXPIRED); notified waiters who have since bought the variant are PURCHASED. Only this
   * site's places (the ids may come from a client).
   */
  async reconcile(tx: Tx, variantIds: number[]): Promise<void> {
    if (variantIds.length === 0) return;
    const now = this.now();
    await moveStatus(tx, { websiteId: this.websiteId, variantId: { in: variantIds }, expiresAt: { lte: now } }, "RECEIVED", "EXPIRED");
    const notified = await tx.restockSignUp.findMany({
      where: { websiteId: this.websiteId, variantId: { in: variantIds }, status: "NOTIFIED" },
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
        await moveStatus(tx, { id: place.id }, "NOTIFIED", "PURCHASED", { purchasedAt: bought.order.createdAt, orderId: bought.order.id });
      }
    }
  }

  /**
   * The scheduled waitlist expiry (services/jobs/): every place of the site not notified within 90
   * days lapses (EXPIRED). A notification reconciles its variant first in its own transaction, so it
   * never picks a lapsed place; the conditional move keeps the two from moving one place twice.
   * Returns how many lapsed.
   */
  async expireLapsed(): Promise<number> {
    const moved = await moveStatus(this.db, { websiteId: this.websiteId, expiresAt: { lte: this.now() } }, "RECEIVED", "EXPIRED");
    return moved.count;
  }

  /** Notifies the first `count` waiting places of the variant, in sign-up order; returns how many. */
  async #notifyNext(tx: Tx, variantId: number, count: number): Promise<number> {
    if (count <= 0) return 0;
    const variant = await tx.variant.findUniqueOrThrow({
      where: { id: variantId },
      select: { attributes: true, product: { select: { name: true, slug: true, translations: { select: { locale: true, name: true } } } } },
    });
    const places = await tx.restockSignUp.findMany({ where: { variantId, status: "RECEIVED" }, orderBy: queueOrder, take: count });
    const now = this.now();
    const link = `${this.publicUrl}${productPath(variant.product.slug)}`;
    let notified = 0;
    for (const place of places) {
      const moved = await moveStatus(tx, { id: place.id }, "RECEIVED", "NOTIFIED", { notifiedAt: now });
      if (moved.count !== 1) continue;
      await this.mailer.enqueue(tx, this.websiteId, [
        {
          kind: "RESTOCK",
          dedupeKey: `restock:${place.id}:${place.createdAt.getTime()}`,
          toEmail: place.email,
          // In the waiter's language (kept only with multilingual transactional emails on): the
          // catalogue's texts and the owner's name for the product in it.
          subject: messagesFor(place.language).restockSubject(translatedName(variant.product, place.language)),
          textBody: messagesFor(place.language).restockBody(
            translatedName(variant.product, place.language),
            variantText(parseAttributes(variant.attributes)),
            link,
          ),
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
  async stockChanged(tx: Tx, variantId: number, before: Stock, after: Stock): Promise<number> {
    const arrived = unitsArrived(before, after);
    if (arrived === 0) return 0;
    await this.reconcile(tx, [variantId]);
    const waiting = await tx.restockSignUp.count({ where: { variantId, status: "RECEIVED" } });
    return this.#notifyNext(tx, variantId, waitersForArrival(arrived, waiting));
  }

  /**
   * `stockChanged` for many variants at once (the CSV import): one query finds the variants with
   * someone waiting, and only those are reconciled and notified.
   */
  async stocksChanged(tx: Tx, changes: { variantId: number; before: Stock; after: Stock }[]): Promise<number> {
    const arriving = changes.filter((change) => unitsArrived(change.before, change.after) !== 0);
    if (arriving.length === 0) return 0;
    const waited = await tx.restockSignUp.findMany({
      where: { websiteId: this.websiteId, variantId: { in: arriving.map((change) => change.variantId) }, status: "RECEIVED" },
      select: { variantId: true },
      distinct: ["variantId"],
    });
    const hasWaiters = new Set(waited.map((row) => row.variantId));
    let notified = 0;
    for (const { variantId, before, after } of arriving) if (hasWaiters.has(variantId)) notified += await this.stockChanged(tx, variantId, before, after);
    return notified;
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
    if (productId === null) throw new NotFoundError(checkoutMessages.productNotFound);
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
    if (!Array.isArray(requests) || requests.length === 0) throw new InvalidInputError(checkoutMessages.invalidRequest);
    if (requests.length > MAX_SEND_REQUESTS) throw new InvalidInputError(messages.sendRequestsTooMany(MAX_SEND_REQUESTS));
    const parsed = requests.map((request) => {
      if (!request || typeof request !== "object") throw new InvalidInputError(checkoutMessages.invalidRequest);
      const { productId, variantId } = request as { productId?: unknown; variantId?: unknown };
      if (toId(productId) === null || toId(variantId) === null) throw new InvalidInputError(checkoutMessages.invalidRequest);
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
  list(filter: SignUpFilter): Promise<Page<RestockSignUpView>> {
    return listSignUps(this.#reports(), filter);
  }

  /** GET .../restock/groups: one entry per variant with sign-ups, with counts by status. */
  groups(filter: GroupFilter): Promise<Page<RestockGroupView>> {
    return listGroups(this.#reports(), filter);
  }

  /** The waitlists with the most people waiting (not yet notified), largest first. */
  biggestWaitlists(limit: number): Promise<RestockGroupView[]> {
    return biggestGroups(this.#reports(), limit);
  }

  /** One variant's group with its counts by status; null when it has no sign-ups. */
  group(productId: unknown, variantId: unknown): Promise<RestockGroupView | null> {
    return findGroup(this.#reports(), productId, variantId);
  }

  #reports(): ReportSource {
    return { db: this.db, websiteId: this.websiteId, reconcile: (tx, variantIds) => this.reconcile(tx, variantIds) };
  }
}

/** The product's name in `language` when the owner translated it, else its own. */
function translatedName(product: { name: string; translations: { locale: string; name: string }[] }, language: string | null): string {
  return (language && product.translations.find((translation) => translation.locale === language)?.name) || product.name;
}
