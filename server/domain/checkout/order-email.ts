// The order confirmation email (issue 14): items, options, totals in the store's currency, the
// addresses and the link to the order's page, in the shopper's language when the site has several.
// Its texts live here, one table per language, rather than in messages.ts (English only): the email
// is the one text the store sends in another language. English is the fallback.
import { formatMoney, type Money } from "../money.ts";

export interface OrderEmailFacts {
  orderNumber: number;
  currency: string;
  items: { productName: string; attributes: Record<string, string>; quantity: number; unitPrice: number }[];
  subtotal: number;
  discountTotal: number;
  taxTotal: number;
  shippingTotal: number;
  grandTotal: number;
  shippingOption: string | null;
  /** The addresses' lines (address-lines.ts formatAddressLines); null: none (a cart that ships nothing). */
  shippingAddress: string[] | null;
  billingAddress: string[] | null;
  /** The order status page: <public URL>/order-status/<token> (issue 24 §3). */
  link: string;
  /** Placed in test mode (no payment provider connected): the email says no payment was taken. */
  testMode: boolean;
  /** Issue 23: the digital lines' download links (signed, expiring, counted); absent or empty: none. */
  downloads?: { items: { name: string; url: string }[]; expiryHours: number; downloadLimit: number };
}

interface OrderEmailTexts {
  /** "Label: value" as the language writes it (French puts a space before the colon). */
  colon: string;
  subject: (orderNumber: number) => string;
  greeting: (orderNumber: number) => string;
  items: string;
  subtotal: string;
  discount: string;
  shipping: (option: string | null) => string;
  tax: string;
  total: string;
  shippingAddress: string;
  billingAddress: string;
  link: (url: string) => string;
  testMode: string;
  downloads: (hours: number, limit: number) => string;
}

const TEXTS: Readonly<Record<string, OrderEmailTexts>> = {
  en: {
    colon: ":",
    subject: (n) => `Order #${n} is confirmed`,
    greeting: (n) => `Thank you for your order! Order #${n} is confirmed.`,
    items: "Items",
    subtotal: "Subtotal",
    discount: "Discount",
    shipping: (option) => (option ? `Shipping (${option})` : "Shipping"),
    tax: "Tax",
    total: "Total",
    shippingAddress: "Shipping address",
    billingAddress: "Billing address",
    link: (url) => `See your order: ${url}`,
    testMode: "This order was placed in test mode: no payment was taken.",
    downloads: (hours, limit) => `Your downloads (each link works for ${hours} hours and ${limit} downloads):`,
  },
  fr: {
    colon: "\u00a0:",
    subject: (n) => `Commande n° ${n} confirmée`,
    greeting: (n) => `Merci pour votre commande\u00a0! La commande n° ${n} est confirmée.`,
    items: "Articles",
    subtotal: "Sous-total",
    discount: "Remise",
    shipping: (option) => (option ? `Livraison (${option})` : "Livraison"),
    tax: "Taxes",
    total: "Total",
    shippingAddress: "Adresse de livraison",
    billingAddress: "Adresse de facturation",
    link: (url) => `Voir votre commande\u00a0: ${url}`,
    testMode: "Cette commande a été passée en mode test\u00a0: aucun paiement n'a été débité.",
    downloads: (hours, limit) => `Vos téléchargements (chaque lien est valable ${hours}\u00a0heures et ${limit}\u00a0téléchargements)\u00a0:`,
  },
};

/** The languages the email is written in. */
export const ORDER_EMAIL_LANGUAGES: readonly string[] = Object.keys(TEXTS);

const primary = (tag: string) => tag.split(/[-_]/)[0]!.toLowerCase();

/**
 * The language of the confirmation (a BCP 47 tag): the shopper's when the site has several languages
 * and theirs is one of them (by its language part: "fr-CA" matches the site's "fr-FR"), else the
 * site's default. A site with one language writes in it whatever the shopper's browser says.
 */
export function orderEmailLanguage(shopperLanguage: string | null | undefined, siteLanguages: readonly string[], defaultLanguage: string): string {
  if (shopperLanguage && siteLanguages.length > 1) {
    const match = siteLanguages.find((code) => primary(code) === primary(shopperLanguage));
    if (match) return match;
  }
  return defaultLanguage;
}

/** The subject and plain-text body of the confirmation of `order`, in `language` (English when there are no texts in it). */
export function orderConfirmationEmail(order: OrderEmailFacts, language: string): { subject: string; textBody: string; language: string } {
  const code = primary(language) in TEXTS ? primary(language) : "en";
  const t = TEXTS[code]!;
  // The store's own format in English ("$102.99"); Intl's in other languages ("102,99 $US").
  const locale = code === "en" ? undefined : language.includes("-") ? language : code;
  const money = (value: number) => formatMoney({ value, currency: order.currency } satisfies Money, locale);
  const label = (text: string) => `${text}${t.colon}`;
  const lines: string[] = [t.greeting(order.orderNumber), "", label(t.items)];
  for (const item of order.items) {
    const options = Object.values(item.attributes).join(" / ");
    lines.push(`- ${item.quantity} × ${item.productName}${options ? ` (${options})` : ""}${t.colon} ${money(item.unitPrice * item.quantity)}`);
  }
  lines.push("", `${label(t.subtotal)} ${money(order.subtotal)}`);
  if (order.discountTotal > 0) lines.push(`${label(t.discount)} -${money(order.discountTotal)}`);
  if (order.shippingOption || order.shippingTotal > 0) lines.push(`${label(t.shipping(order.shippingOption))} ${money(order.shippingTotal)}`);
  if (order.taxTotal > 0) lines.push(`${label(t.tax)} ${money(order.taxTotal)}`);
  lines.push(`${label(t.total)} ${money(order.grandTotal)}`);
  if (order.shippingAddress) lines.push("", label(t.shippingAddress), ...order.shippingAddress);
  if (order.billingAddress) lines.push("", label(t.billingAddress), ...order.billingAddress);
  if (order.downloads && order.downloads.items.length > 0) {
    lines.push("", t.downloads(order.downloads.expiryHours, order.downloads.downloadLimit));
    for (const download of order.downloads.items) lines.push(`- ${download.name}${t.colon} ${download.url}`);
  }
  lines.push("", t.link(order.link));
  if (order.testMode) lines.push("", t.testMode);
  return { subject: t.subject(order.orderNumber), textBody: `${lines.join("\n")}\n`, language: code === primary(language) ? language : "en" };
}
