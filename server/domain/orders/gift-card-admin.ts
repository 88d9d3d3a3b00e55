// The owner's gift cards, store-wide (issue 24 §6): a card's state as the list shows it, and the inputs
// of the owner's actions (find by the last group of the code, disable with a reason, issue by hand).
// Whether a disabled card may pay is gift-card-payment.ts's giftCardProblem, the one rule checkout uses.
import { z } from "zod";
import { GIFT_CARD_CODE_GROUP_LENGTH } from "../cart/gift-card-payment.ts";
import { isValidEmail } from "../forms/validate.ts";
import { refusedAs } from "../inputs.ts";
import { ownerGiftCardMessages } from "../messages/owner-gift-cards.ts";

export const GIFT_CARD_STATES = ["ACTIVE", "SPENT", "DISABLED"] as const;
export type GiftCardState = (typeof GIFT_CARD_STATES)[number];

/** DISABLED while the owner keeps it disabled (whatever is left on it), else SPENT once nothing is left. */
export function giftCardState(card: { balance: number; disabledAt: Date | null }): GiftCardState {
  if (card.disabledAt) return "DISABLED";
  return card.balance <= 0 ? "SPENT" : "ACTIVE";
}

/** At most 10,000 in the major unit of a two-decimal currency: a goodwill card, not a bank transfer. */
export const MAX_ISSUED_AMOUNT = 1_000_000;
export const GIFT_CARD_NOTE_MAX = 200;
export const GIFT_CARD_REASON_MAX = 200;

/** A card the owner issues by hand: its amount in the store's currency (minor units), who gets it, why. */
export const issueGiftCardInput = z.object({
  amount: refusedAs(z.number().int().min(1).max(MAX_ISSUED_AMOUNT), ownerGiftCardMessages.giftCardAmountInvalid),
  recipientEmail: refusedAs(z.string().trim().toLowerCase().refine(isValidEmail), ownerGiftCardMessages.giftCardRecipientInvalid),
  note: refusedAs(z.string().trim().max(GIFT_CARD_NOTE_MAX).nullish(), ownerGiftCardMessages.giftCardNoteTooLong(GIFT_CARD_NOTE_MAX)).transform(
    (note) => note || null,
  ),
});

/** Why a card is disabled: said once, shown in the list. */
export const disableReasonInput = refusedAs(
  z.string().trim().min(1).max(GIFT_CARD_REASON_MAX),
  ownerGiftCardMessages.giftCardReasonRequired(GIFT_CARD_REASON_MAX),
);

/** The last group of a code as typed ("k7m2q", "-K7M2Q"): up to a group's letters and digits, upper-cased. */
export const codeEndingInput = refusedAs(
  z
    .string()
    .transform((typed) => typed.toUpperCase().replace(/[^A-Z0-9]/g, ""))
    .pipe(z.string().min(1).max(GIFT_CARD_CODE_GROUP_LENGTH)),
  ownerGiftCardMessages.giftCardCodeEndingInvalid(GIFT_CARD_CODE_GROUP_LENGTH),
);
