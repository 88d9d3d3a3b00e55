// The shopper's emails after checkout (issue 24): the shipping confirmation of each shipment, the
// cancellation and the refund. Each is composed here as subject + plain text (the Mailer draws the
// HTML alternative with the store's branding), in the order's language when there are texts in it
// (the confirmation's language, order.language), else English.
import { formatMoney, type Money } from "../money.ts";
import { ORDER_FOLLOW_UP_TEXTS, type OrderFollowUpTexts } from "../messages/order-emails.ts";

export interface ComposedEmail {
  subject: string;
  textBody: string;
  language: string;
}

interface Texts {
  t: OrderFollowUpTexts;
  language: string;
  money: (money: Money) => string;
}

function textsFor(language: string | null | undefined): Texts {
  const tag = language ?? "en";
  const code = tag.split(/[-_]/)[0]!.toLowerCase();
  if (!(code in ORDER_FOLLOW_UP_TEXTS) || code === "en") return { t: ORDER_FOLLOW_UP_TEXTS.en!, language: "en", money: (money) => formatMoney(money) };
  return { t: ORDER_FOLLOW_UP_TEXTS[code]!, language: tag, money: (money) => formatMoney(money, tag.includes("-") ? tag : code) };
}

const itemLine = (item: { productName: string; quantity: number; attributes?: Record<string, string> }) => {
  const options = Object.values(item.attributes ?? {}).join(" / ");
  return `- ${item.quantity} × ${item.productName}${options ? ` (${options})` : ""}`;
};

export interface ShippingEmailFacts {
  storeName: string;
  orderNumber: number;
  lines: { productName: string; quantity: number; attributes?: Record<string, string> }[];
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** The last units of the order went out in this shipment. */
  complete: boolean;
  /** The order's page for the shopper; null: none to give. */
  link: string | null;
}

export function shippingConfirmationEmail(facts: ShippingEmailFacts, language: string | null | undefined): ComposedEmail {
  const { t, language: used } = textsFor(language);
  const lines = [t.shippedIntro(facts.orderNumber, facts.complete), "", `${t.shippedItems}${t.colon}`, ...facts.lines.map(itemLine)];
  if (facts.carrier || facts.trackingNumber) lines.push("");
  if (facts.carrier) lines.push(`${t.carrier}${t.colon} ${facts.carrier}`);
  if (facts.trackingNumber) lines.push(`${t.trackingNumber}${t.colon} ${facts.trackingNumber}`);
  if (facts.trackingUrl) lines.push("", t.trackingLink(facts.trackingUrl));
  if (facts.link) lines.push("", t.seeOrder(facts.link));
  return { subject: t.shippedSubject(facts.storeName, facts.orderNumber), textBody: `${lines.join("\n")}\n`, language: used };
}

export interface CancellationEmailFacts {
  storeName: string;
  orderNumber: number;
  /** Something was paid: a refund email follows when the money goes back. */
  paid: boolean;
}

export function orderCancellationEmail(facts: CancellationEmailFacts, language: string | null | undefined): ComposedEmail {
  const { t, language: used } = textsFor(language);
  const lines = [t.cancelledBody(facts.storeName, facts.orderNumber)];
  if (facts.paid) lines.push("", t.cancelledRefund);
  return { subject: t.cancelledSubject(facts.storeName, facts.orderNumber), textBody: `${lines.join("\n")}\n`, language: used };
}

export interface RefundEmailFacts {
  storeName: string;
  orderNumber: number;
  amount: Money;
  /** The refunded lines, if the owner chose lines. */
  lines: { productName: string; quantity: number }[];
  /** Stripe's reason code (requested_by_customer, duplicate, fraudulent); null or unknown: not said. */
  reason: string | null;
  full: boolean;
}

export function orderRefundEmail(facts: RefundEmailFacts, language: string | null | undefined): ComposedEmail {
  const { t, language: used, money } = textsFor(language);
  const intro = t.refundIntro(facts.storeName, facts.orderNumber, money(facts.amount));
  const lines = [facts.full ? `${intro} ${t.refundFull}` : intro];
  if (facts.lines.length > 0) lines.push("", `${t.refundItems}${t.colon}`, ...facts.lines.map(itemLine));
  const reason = facts.reason ? t.reasons[facts.reason] : undefined;
  if (reason) lines.push("", t.refundReason(reason));
  lines.push("", t.refundDelay);
  return { subject: t.refundSubject(facts.storeName, facts.orderNumber), textBody: `${lines.join("\n")}\n`, language: used };
}
