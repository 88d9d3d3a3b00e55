// Placing an order from a priced cart, inside the caller's transaction: the one sequence both a
// test-mode checkout (checkout.ts) and a settled payment (payments/payment-settlement.ts) run. Take the
// stock, spend the gift cards, write the order, start what it starts, queue its confirmation email.
import type { Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import type { AddressRules } from "../../domain/checkout/address-rules.ts";
import { formatAddressLines } from "../../domain/checkout/address-lines.ts";
import { orderConfirmationEmail, orderEmailLanguage } from "../../domain/checkout/order-email.ts";
import { NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import type { CartView } from "../cart/cart-view.ts";
import type { CartRow } from "../cart/cart-transaction.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import type { StockHoldService } from "../cart/stock-holds.ts";
import type { AddressView } from "./addresses.ts";
import { loadOrderView, type OrderView } from "./order-view.ts";
import { spendGiftCards } from "./gift-cards.ts";
import { grantDownloads, type GrantedDownloads } from "../downloads/download-grants.ts";
import { issueStatusToken } from "../orders/order-status-links.ts";
import { orderStatusPath } from "../../domain/orders/order-status-page.ts";
import { sendOrderEmail } from "../orders/order-emails.ts";
import { recordOrderEvent } from "../orders/order-timeline.ts";
import { startOrderFollowUps, takeStock, writeOrder, type OrderFacts, type OrderPayment } from "./order-steps.ts";

export interface PlaceOrder {
  cart: CartRow;
  view: CartView;
  facts: OrderFacts;
  saveAddress: boolean;
  payment: OrderPayment;
  /** The address rules of the order's countries (loaded before the transaction). */
  rules: ReadonlyMap<string, AddressRules | null>;
}

export interface PlacedOrder {
  order: OrderView;
  /** Products whose stock the order took (their caches and subscribers are told after commit). */
  soldProductIds: Set<number>;
}

/**
 * Places the order; throws NotEnoughStockError when a limited line cannot be taken and GiftCardError
 * when a gift card's balance changed, leaving the caller to roll the transaction back.
 */
export async function placeOrder(
  tx: Tx,
  mailer: Mailer,
  publicUrl: string,
  { cart, view, facts, saveAddress, payment, rules }: PlaceOrder,
): Promise<PlacedOrder> {
  const soldProductIds = await takeStock(tx, view, cart, facts.at);
  // Gift cards pay their share: each balance taken conditionally (never below zero).
  await spendGiftCards(tx, cart.websiteId, view.giftCards, facts.at);
  const orderId = await writeOrder(tx, cart, view, facts, payment);
  await startOrderFollowUps(tx, mailer, { cart, view, orderId, facts, saveAddress });
  const order = await loadOrderView(tx, orderId);
  if (!order) throw new NotFoundError(checkoutMessages.cartNotFound);
  // The timeline (issue 24): placed, and paid when a payment took money (test mode and gift cards alone: no PAID).
  await recordOrderEvent(tx, { websiteId: order.websiteId, orderId, kind: "PLACED", actor: "shopper", at: facts.at });
  if (payment.paymentIntentId)
    await recordOrderEvent(tx, {
      websiteId: order.websiteId,
      orderId,
      kind: "PAID",
      data: { amount: order.grandTotal },
      actor: "system",
      at: facts.at,
    });
  const downloads = await grantDownloads(tx, order.websiteId, order.id, facts.at, publicUrl);
  // The order status page's bearer token (issue 24 §3): only its hash is stored; the email carries it.
  const statusToken = await issueStatusToken(tx, order.id);
  await enqueueConfirmation(tx, mailer, publicUrl, order, rules, downloads, statusToken, facts.at);
  return { order, soldProductIds };
}

/** The order confirmation email, written in the order's transaction (sent after commit). */
async function enqueueConfirmation(
  tx: Tx,
  mailer: Mailer,
  publicUrl: string,
  order: OrderView,
  rules: ReadonlyMap<string, AddressRules | null>,
  downloads: GrantedDownloads,
  statusToken: string,
  at: Date,
) {
  if (!order.customerEmail) return;
  const q = sql(tx);
  const [website, languages] = await Promise.all([
    q.selectFrom("Website").select("defaultLanguage").where("id", "=", order.websiteId).executeTakeFirstOrThrow(),
    q.selectFrom("SiteLanguage").select("code").where("websiteId", "=", order.websiteId).orderBy("position").orderBy("id").execute(),
  ]);
  const language = orderEmailLanguage(
    order.language,
    languages.map((row) => row.code),
    website.defaultLanguage,
  );
  const lines = (address: AddressView | null) => address && formatAddressLines(address, rules.get(address.country) ?? null, language);
  const email = orderConfirmationEmail(
    {
      orderNumber: order.orderNumber,
      currency: order.currency,
      items: order.items,
      subtotal: order.subtotal,
      discountTotal: order.discountTotal,
      taxTotal: order.taxTotal,
      shippingTotal: order.shippingTotal,
      grandTotal: order.grandTotal,
      shippingOption: order.shippingOption,
      shippingAddress: lines(order.shippingAddress),
      billingAddress: lines(order.billingAddress),
      link: `${publicUrl}${orderStatusPath(statusToken)}`,
      testMode: order.testMode,
      downloads: { items: downloads.downloads, expiryHours: downloads.expiryHours, downloadLimit: downloads.downloadLimit },
    },
    language,
  );
  await sendOrderEmail(tx, mailer, {
    websiteId: order.websiteId,
    orderId: order.id,
    kind: "ORDER_CONFIRMATION",
    dedupeKey: `order-confirmation:${order.id}`,
    toEmail: order.customerEmail,
    email,
    at,
  });
}

/** After commit: the sold products' stock changed (every process hears it), and the order was placed. */
export function announceSale(stock: Pick<StockHoldService, "announce">, pubsub: StorePubSub, order: OrderView, soldProductIds: Iterable<number>): void {
  const productIds = [...soldProductIds];
  stock.announce(productIds);
  pubsub.publish("orderPlaced", { websiteId: order.websiteId, orderId: order.id, productIds });
}
