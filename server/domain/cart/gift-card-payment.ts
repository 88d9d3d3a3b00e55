// Gift cards as a way to pay (issue 12 item 3). A code applied to a cart pays for what it may pay for,
// up to its balance: never gift cards or subscriptions (a card cannot buy another card or a plan), and
// only in the card's own currency. Several cards pay in the order they were applied. The balance is
// taken at checkout with a conditional decrement (services/checkout/checkout.ts); these rules are pure.
import { z } from "zod";
import { checkoutMessages } from "../messages/checkout.ts";
import { ProductType } from "../catalog/product-state.ts";
import { isValidEmail } from "../forms/validate.ts";
import { refusedAs } from "../inputs.ts";

/** A gift card code: 4 groups of 5 characters of an alphabet without look-alikes (~98 bits). */
export const GIFT_CARD_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const GIFT_CARD_CODE_GROUPS = 4;
export const GIFT_CARD_CODE_GROUP_LENGTH = 5;
export const GIFT_CARD_MESSAGE_MAX = 80;

/** Writes a code from random bytes (one byte per character; 256 is a multiple of the alphabet's 32). */
export function giftCardCodeFrom(bytes: Uint8Array): string {
  const length = GIFT_CARD_CODE_GROUPS * GIFT_CARD_CODE_GROUP_LENGTH;
  if (bytes.length < length) throw new Error(`a gift card code needs ${length} random bytes`);
  const chars = Array.from(bytes.subarray(0, length), (byte) => GIFT_CARD_CODE_ALPHABET[byte % GIFT_CARD_CODE_ALPHABET.length]);
  const groups: string[] = [];
  for (let i = 0; i < length; i += GIFT_CARD_CODE_GROUP_LENGTH) groups.push(chars.slice(i, i + GIFT_CARD_CODE_GROUP_LENGTH).join(""));
  return groups.join("-");
}

/** A code as typed: case, spaces and missing dashes forgiven ("abcde fghjk..." names the same card). */
export function normaliseGiftCardCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (bare.length !== GIFT_CARD_CODE_GROUPS * GIFT_CARD_CODE_GROUP_LENGTH) return bare;
  return bare.match(new RegExp(`.{${GIFT_CARD_CODE_GROUP_LENGTH}}`, "g"))!.join("-");
}

/** The code at the edge: blank or absurdly long text names no card (refused as a GiftCardError). */
export const giftCardCodeInput = refusedAs(z.string().trim().min(1).max(64), checkoutMessages.giftCardInvalid, "GIFT_CARD_INVALID");

/** The buyer's choices on the gift card page: who receives the code and an optional short message. */
export const giftCardDeliveryInput = z.object({
  recipientEmail: refusedAs(z.string().trim().toLowerCase().refine(isValidEmail), checkoutMessages.giftCardRecipientInvalid),
  message: refusedAs(z.string().trim().max(GIFT_CARD_MESSAGE_MAX).nullish(), checkoutMessages.giftCardMessageTooLong).transform((m) => (m ? m : null)),
});

/** Which lines gift cards may pay for: not gift cards themselves, not a subscription's. */
export function canGiftCardPay(line: { productType: number }, cartKind: string): boolean {
  return cartKind !== "SUBSCRIPTION" && line.productType !== ProductType.GIFT_CARD;
}

/** A cart with something gift cards may pay for (else applying a card is refused: 'Gift cards cannot pay for…'). */
export function giftCardsCanPayAny(lines: readonly { productType: number }[], cartKind: string): boolean {
  return lines.some((line) => canGiftCardPay(line, cartKind));
}

/**
 * The part of a cart's grand total gift cards may not pay: all of a subscription checkout's, else its
 * gift-card lines (untaxed and never shipped, so their subtotal is their whole share).
 */
export function giftCardExcludedTotal(
  lines: readonly { productType: number; quantity: number; unitPrice: number }[],
  cartKind: string,
  grandTotal: number,
): number {
  if (cartKind === "SUBSCRIPTION") return grandTotal;
  return lines.filter((line) => !canGiftCardPay(line, cartKind)).reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

export interface GiftCardFacts {
  code: string;
  currency: string;
  balance: number;
  /** When the owner disabled it (issue 24 §6); null or absent: usable. */
  disabledAt?: Date | null;
}

/** Why this card cannot be applied to a cart in `cartCurrency` (or pay at checkout), or null when it can. */
export function giftCardProblem(card: GiftCardFacts | null | undefined, cartCurrency: string): string | null {
  if (!card) return checkoutMessages.giftCardInvalid;
  if (card.disabledAt) return checkoutMessages.giftCardDisabled;
  if (card.currency !== cartCurrency) return checkoutMessages.giftCardWrongCurrency(cartCurrency);
  if (card.balance <= 0) return checkoutMessages.giftCardEmpty;
  return null;
}

export interface GiftCardPayment {
  code: string;
  /** What the card pays, in minor units (0 when earlier cards already paid everything). */
  amount: number;
  /** The card's balance before this order. */
  balance: number;
}

/**
 * What each applied card pays of a cart's grand total. Gift cards pay at most what they may pay for:
 * the grand total less the gift-card and subscription lines (their share of the tax and shipping
 * included in what is payable). Cards in another currency (or unknown) pay nothing.
 */
export function allocateGiftCards(input: {
  grandTotal: number;
  /** The part of the grand total gift cards may not pay (gift-card and subscription lines). */
  notPayable: number;
  currency: string;
  cards: readonly (GiftCardFacts | null)[];
}): { payments: GiftCardPayment[]; total: number } {
  let payable = Math.max(0, input.grandTotal - input.notPayable);
  const payments: GiftCardPayment[] = [];
  for (const card of input.cards) {
    if (!card) continue;
    const usable = card.currency === input.currency ? Math.max(0, card.balance) : 0;
    const amount = Math.min(usable, payable);
    payable -= amount;
    payments.push({ code: card.code, amount, balance: card.balance });
  }
  return { payments, total: payments.reduce((sum, payment) => sum + payment.amount, 0) };
}

/** A code shown to anyone but its holder: only its last group ("•••••-•••••-•••••-K7M2Q"). */
export function maskGiftCardCode(code: string): string {
  const groups = code.split("-");
  return groups.map((group, index) => (index === groups.length - 1 ? group : "•".repeat(group.length))).join("-");
}
