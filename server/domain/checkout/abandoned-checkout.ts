// Abandoned checkout recovery (issue 24 part 4): which checkout gets its one reminder, the owner's
// delay, and the reminder itself (subject and text; the Mailer draws the HTML with the store's
// branding). Its texts live here, one table per language, as the order confirmation's do: it is an
// email the store sends in the shopper's language. English is the fallback.
import { formatMoney } from "../money.ts";
import { emailMessages } from "../messages/emails.ts";

/** The owner's delay: from 15 minutes to 72 hours; 1 hour until they choose. */
export const REMINDER_DELAY_MINUTES = { min: 15, max: 72 * 60, default: 60 } as const;

/** Where a reminder's link goes: `${CART_RECOVERY_PATH}${token}` restores the cart into the visitor's session. */
export const CART_RECOVERY_PATH = "/cart/recover/";
/** Where its unsubscribe line goes: `${CART_REMINDER_UNSUBSCRIBE_PATH}${token}` asks, then stops the reminders. */
export const CART_REMINDER_UNSUBSCRIBE_PATH = "/cart/unsubscribe/";

/** The refusal of a delay outside the range, or null when it may be saved. */
export function reminderDelayProblem(minutes: number): string | null {
  return Number.isInteger(minutes) && minutes >= REMINDER_DELAY_MINUTES.min && minutes <= REMINDER_DELAY_MINUTES.max
    ? null
    : emailMessages.reminderDelayInvalid(REMINDER_DELAY_MINUTES.min, REMINDER_DELAY_MINUTES.max / 60);
}

/** A cart as the reminder rule reads it (a Cart row satisfies it). */
export interface AbandonedCheckoutFacts {
  contactEmail: string | null;
  contactMarketingConsent: boolean;
  orderId: string | null;
  isPurchased: boolean;
  reminderSentAt: Date | null;
  /** When the shopper last changed the cart or its checkout. */
  updatedAt: Date;
}

/**
 * Whether a checkout is due its reminder at `now`: an email given with marketing consent, no order,
 * never reminded, untouched for `delayMinutes`. (Unsubscribes are the service's to check: they live
 * in other rows.) The service's SQL asks the same; test/domain/checkout/abandoned-checkout.test.ts.
 */
export function isDueForReminder(cart: AbandonedCheckoutFacts, now: Date, delayMinutes: number): boolean {
  return (
    cart.contactEmail !== null &&
    cart.contactMarketingConsent &&
    cart.orderId === null &&
    !cart.isPurchased &&
    cart.reminderSentAt === null &&
    cart.updatedAt.getTime() <= reminderCutoff(now, delayMinutes).getTime()
  );
}

/** Carts last touched at or before this are due at `now`. */
export const reminderCutoff = (now: Date, delayMinutes: number): Date => new Date(now.getTime() - delayMinutes * 60_000);

/** Recovered: an order placed from a reminded cart after its reminder. */
export const isRecovered = (reminderSentAt: Date | null, orderedAt: Date | null): boolean =>
  reminderSentAt !== null && orderedAt !== null && orderedAt.getTime() >= reminderSentAt.getTime();

export interface ReminderFacts {
  storeName: string;
  currency: string;
  items: { productName: string; attributes: Record<string, string>; quantity: number; unitPrice: number }[];
  /** The cart's subtotal as priced now. */
  subtotal: number;
  /** `${publicUrl}${CART_RECOVERY_PATH}${token}` */
  link: string;
  unsubscribeLink: string;
}

interface ReminderTexts {
  colon: string;
  subject: (store: string) => string;
  greeting: (store: string) => string;
  subtotal: string;
  link: (url: string) => string;
  unsubscribe: (url: string) => string;
}

const TEXTS: Readonly<Record<string, ReminderTexts>> = {
  en: {
    colon: ":",
    subject: (store) => `You left something in your cart at ${store}`,
    greeting: (store) => `You started a checkout at ${store} but did not finish it. Your cart is kept for you:`,
    subtotal: "Subtotal",
    link: (url) => `Return to your cart: ${url}`,
    unsubscribe: (url) => `You agreed to hear from us at checkout. To stop these reminders, unsubscribe: ${url}`,
  },
  fr: {
    colon: "\u00a0:",
    subject: (store) => `Vous avez oublié quelque chose dans votre panier chez ${store}`,
    greeting: (store) => `Vous avez commencé une commande chez ${store} sans la terminer. Votre panier vous attend\u00a0:`,
    subtotal: "Sous-total",
    link: (url) => `Retrouver votre panier\u00a0: ${url}`,
    unsubscribe: (url) => `Vous avez accepté nos emails lors de la commande. Pour ne plus recevoir ces rappels, désabonnez-vous\u00a0: ${url}`,
  },
};

const primary = (tag: string) => tag.split(/[-_]/)[0]!.toLowerCase();

/** The reminder's subject and text in `language` (the shopper's at checkout; English when unknown or not written). */
export function abandonedCheckoutEmail(facts: ReminderFacts, language: string | null): { subject: string; textBody: string; language: string } {
  const tag = language ?? "en";
  const code = primary(tag) in TEXTS ? primary(tag) : "en";
  const t = TEXTS[code]!;
  const locale = code === "en" ? undefined : tag.includes("-") ? tag : code;
  const money = (value: number) => formatMoney({ value, currency: facts.currency }, locale);
  const lines = [t.greeting(facts.storeName), ""];
  for (const item of facts.items) {
    const options = Object.values(item.attributes).join(" / ");
    lines.push(`- ${item.quantity} × ${item.productName}${options ? ` (${options})` : ""}${t.colon} ${money(item.unitPrice * item.quantity)}`);
  }
  lines.push("", `${t.subtotal}${t.colon} ${money(facts.subtotal)}`, "", t.link(facts.link), "", t.unsubscribe(facts.unsubscribeLink));
  return { subject: t.subject(facts.storeName), textBody: `${lines.join("\n")}\n`, language: code === primary(tag) ? tag : "en" };
}
