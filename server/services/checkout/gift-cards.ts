// Gift cards at checkout (issue 12 item 3): the cards an order pays with have their balance taken with
// a conditional decrement (balance >= amount), as stock is, so concurrent checkouts never spend more
// than a card holds on either database; the gift cards an order buys are issued with fresh codes and
// emailed to their recipients through the outbox in the same transaction.
import { randomBytes } from "node:crypto";
import { GiftCardError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { formatMoney } from "../../domain/money.ts";
import { giftCardCodeFrom, giftCardProblem, GIFT_CARD_CODE_GROUPS, GIFT_CARD_CODE_GROUP_LENGTH } from "../../domain/cart/gift-card-payment.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { Mailer, OutgoingEmail } from "../mail/mailer.ts";
import { newId } from "../support/ids.ts";
import { parseJsonArray } from "../support/json.ts";

/** A new code from the operating system's CSPRNG. */
export const newGiftCardCode = () => giftCardCodeFrom(randomBytes(GIFT_CARD_CODE_GROUPS * GIFT_CARD_CODE_GROUP_LENGTH));

/**
 * Takes what each card pays from its balance at `at` (its last use); GiftCardError when a card was
 * disabled since it was applied (issue 24 §6) or its balance no longer covers it.
 */
export async function spendGiftCards(
  tx: Tx,
  websiteId: string,
  payments: readonly { code: string; amountCents: number }[],
  at: Date = new Date(),
): Promise<void> {
  for (const payment of payments) {
    if (payment.amountCents <= 0) continue;
    // Conditional on what giftCardProblem checks, so a card disabled mid-checkout pays nothing.
    const taken = await tx.giftCard.updateMany({
      where: { websiteId, code: payment.code, balance: { gte: payment.amountCents }, disabledAt: null },
      data: { balance: { decrement: payment.amountCents }, lastUsedAt: at },
    });
    if (taken.count === 1) continue;
    const card = await tx.giftCard.findFirst({ where: { websiteId, code: payment.code } });
    throw new GiftCardError((card && giftCardProblem(card, card.currency)) ?? checkoutMessages.giftCardBalanceChanged);
  }
}

/** The gift card email (one composer for bought and owner-issued cards): plain text through the outbox. */
export function giftCardEmail(
  card: { code: string; amount: number; currency: string; recipientEmail: string; message: string | null },
  storeTitle: string,
  dedupeKey: string,
): OutgoingEmail {
  return {
    kind: "GIFT_CARD",
    dedupeKey,
    toEmail: card.recipientEmail,
    subject: checkoutMessages.giftCardEmailSubject(storeTitle),
    textBody: checkoutMessages.giftCardEmailBody(formatMoney({ value: card.amount, currency: card.currency }), card.code, card.message),
  };
}

/** Issues one card per unit of each gift-card line of the order and queues its email. */
export async function issueGiftCards(
  tx: Tx,
  mailer: Mailer,
  order: { id: string; websiteId: string; currency: string; cartId: string; buyerEmail: string },
): Promise<void> {
  const entries = await tx.cartEntry.findMany({
    where: { cartId: order.cartId, denominationId: { not: null } },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
  });
  if (entries.length === 0) return;
  const denominations = await tx.giftCardDenomination.findMany({ where: { id: { in: entries.map((entry) => entry.denominationId!) } } });
  const website = await tx.website.findUniqueOrThrow({ where: { id: order.websiteId }, select: { title: true } });
  for (const entry of entries) {
    const denomination = denominations.find((candidate) => candidate.id === entry.denominationId);
    if (!denomination) continue;
    for (let unit = 0; unit < entry.quantity; unit++) {
      const code = newGiftCardCode();
      const recipientEmail = entry.giftRecipientEmail ?? order.buyerEmail;
      await tx.giftCard.create({
        data: {
          id: newId(),
          websiteId: order.websiteId,
          code,
          currency: order.currency,
          initialBalance: denomination.amount,
          balance: denomination.amount,
          recipientEmail,
          message: entry.giftMessage,
          orderId: order.id,
        },
      });
      const card = { code, amount: denomination.amount, currency: order.currency, recipientEmail, message: entry.giftMessage };
      await mailer.enqueue(tx, order.websiteId, [giftCardEmail(card, website.title, `gift-card:${order.id}:${entry.id}:${unit}`)]);
    }
  }
}

/** The cards an order of the site bought (shown on its confirmation page in test mode). */
export async function issuedGiftCards(db: Db | Tx, websiteId: string, orderId: string) {
  return db.giftCard.findMany({
    where: { orderId, websiteId },
    orderBy: { createdAt: "asc" },
    select: { code: true, initialBalance: true, currency: true, recipientEmail: true },
  });
}

export const parseGiftCardPayments = (text: string) => parseJsonArray<{ code: string; amount: number }>(text);
