// The owner's gift cards, store-wide (issue 24 §6): every card of the site, newest first, with what is
// left on it, when it last paid and who it was for; found by the last group of its code (the owner helps
// a recipient who reads out the end of a code, never the whole of it); disabled with a reason and
// enabled again (checkout refuses a disabled card: domain giftCardProblem, spendGiftCards); issued by
// hand in the store's currency and emailed to the recipient through the outbox with the gift card email.
import { maskGiftCardCode } from "../../domain/cart/gift-card-payment.ts";
import { ConflictError, NotFoundError } from "../../domain/errors.ts";
import { parseInput } from "../../domain/inputs.ts";
import { ownerGiftCardMessages } from "../../domain/messages/owner-gift-cards.ts";
import { codeEndingInput, disableReasonInput, giftCardState, issueGiftCardInput, type GiftCardState } from "../../domain/orders/gift-card-admin.ts";
import type { Db, Prisma } from "../../db/client.ts";
import { giftCardEmail, newGiftCardCode } from "../checkout/gift-cards.ts";
import type { Mailer } from "../mail/mailer.ts";
import { newId } from "../support/ids.ts";

/** A gift card as its owner sees it: the code masked but for its last group. */
export interface OwnerGiftCardListView {
  id: string;
  maskedCode: string;
  currency: string;
  initialBalance: number;
  balance: number;
  state: GiftCardState;
  recipientEmail: string;
  /** Who bought it (the order's email); null for a card the owner issued. */
  buyerEmail: string | null;
  /** The owner who issued it by hand, and why; null for a bought card. */
  issuedBy: string | null;
  note: string | null;
  orderId: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
}

export interface GiftCardFilter {
  state?: GiftCardState | null;
  /** The last group of the code, as typed. */
  codeEnding?: string | null;
}

export const MAX_GIFT_CARD_PAGE = 100;

const WHERE_STATE: Record<GiftCardState, Prisma.GiftCardWhereInput> = {
  ACTIVE: { disabledAt: null, balance: { gt: 0 } },
  SPENT: { disabledAt: null, balance: { lte: 0 } },
  DISABLED: { disabledAt: { not: null } },
};

type GiftCardRow = Prisma.GiftCardGetPayload<object>;

export class GiftCardAdminService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly mailer: Mailer,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A page of the site's cards, newest first; `after` is the id of the last card of the previous page. */
  async list(filter: GiftCardFilter & { first?: number | null; after?: string | null }): Promise<{ items: OwnerGiftCardListView[]; hasNextPage: boolean }> {
    const take = Math.min(Math.max(filter.first ?? 20, 1), MAX_GIFT_CARD_PAGE);
    const where: Prisma.GiftCardWhereInput = { websiteId: this.websiteId, ...(filter.state ? WHERE_STATE[filter.state] : {}) };
    if (filter.codeEnding) where.code = { endsWith: parseInput(codeEndingInput, filter.codeEnding) };
    if (filter.after && !(await this.db.giftCard.count({ where: { AND: [where, { id: filter.after }] } })))
      throw new NotFoundError(ownerGiftCardMessages.giftCardNotFound);
    const rows = await this.db.giftCard.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...(filter.after ? { cursor: { id: filter.after }, skip: 1 } : {}),
      take: take + 1,
    });
    const page = rows.slice(0, take);
    return { items: await this.#views(page), hasNextPage: rows.length > take };
  }

  /** Disables a card: checkout refuses it from now on. `reason` is shown beside it in the list. */
  async disable(giftCardId: string, reasonInput: string): Promise<OwnerGiftCardListView> {
    const reason = parseInput(disableReasonInput, reasonInput);
    await this.#find(giftCardId);
    const changed = await this.db.giftCard.updateMany({
      where: { id: giftCardId, websiteId: this.websiteId, disabledAt: null },
      data: { disabledAt: this.now(), disabledReason: reason },
    });
    if (changed.count !== 1) throw new ConflictError(ownerGiftCardMessages.giftCardAlreadyDisabled);
    return this.#view(giftCardId);
  }

  /** Enables a disabled card again: it pays at checkout as before, with the balance it had. */
  async enable(giftCardId: string): Promise<OwnerGiftCardListView> {
    await this.#find(giftCardId);
    const changed = await this.db.giftCard.updateMany({
      where: { id: giftCardId, websiteId: this.websiteId, disabledAt: { not: null } },
      data: { disabledAt: null, disabledReason: null },
    });
    if (changed.count !== 1) throw new ConflictError(ownerGiftCardMessages.giftCardNotDisabled);
    return this.#view(giftCardId);
  }

  /**
   * Issues a card by hand (a goodwill gesture) in the store's currency, `amount` in minor units, and
   * queues its email to the recipient in the same transaction. `issuedBy`: the owner's email.
   */
  async issue(input: { amount: number; recipientEmail: string; note?: string | null }, issuedBy: string | null): Promise<OwnerGiftCardListView> {
    const { amount, recipientEmail, note } = parseInput(issueGiftCardInput, input);
    const id = newId();
    await this.db.$transaction(async (tx) => {
      const website = await tx.website.findUniqueOrThrow({ where: { id: this.websiteId }, select: { title: true, currency: true } });
      const code = newGiftCardCode();
      await tx.giftCard.create({
        data: {
          id,
          websiteId: this.websiteId,
          code,
          currency: website.currency,
          initialBalance: amount,
          balance: amount,
          recipientEmail,
          issuedBy,
          note,
          createdAt: this.now(),
        },
      });
      // The note is the owner's, not a message to the recipient: the email carries none.
      const card = { code, amount, currency: website.currency, recipientEmail, message: null };
      await this.mailer.enqueue(tx, this.websiteId, [giftCardEmail(card, website.title, `gift-card:issued:${id}`)]);
    });
    void this.mailer.deliverPending();
    return this.#view(id);
  }

  async #find(giftCardId: string): Promise<GiftCardRow> {
    const row = await this.db.giftCard.findFirst({ where: { id: giftCardId, websiteId: this.websiteId } });
    if (!row) throw new NotFoundError(ownerGiftCardMessages.giftCardNotFound);
    return row;
  }

  async #view(giftCardId: string): Promise<OwnerGiftCardListView> {
    const [view] = await this.#views([await this.#find(giftCardId)]);
    return view;
  }

  /** The rows as the owner sees them, with their orders' buyers read in one query. */
  async #views(rows: readonly GiftCardRow[]): Promise<OwnerGiftCardListView[]> {
    const orderIds = [...new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
    const orders = orderIds.length
      ? await this.db.order.findMany({ where: { id: { in: orderIds }, websiteId: this.websiteId }, select: { id: true, customerEmail: true } })
      : [];
    const buyers = new Map(orders.map((order) => [order.id, order.customerEmail]));
    return rows.map((row) => ({
      id: row.id,
      maskedCode: maskGiftCardCode(row.code),
      currency: row.currency,
      initialBalance: row.initialBalance,
      balance: row.balance,
      state: giftCardState(row),
      recipientEmail: row.recipientEmail,
      buyerEmail: row.orderId ? (buyers.get(row.orderId) ?? null) : null,
      issuedBy: row.issuedBy,
      note: row.note,
      orderId: row.orderId,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      disabledAt: row.disabledAt,
      disabledReason: row.disabledReason,
    }));
  }
}
