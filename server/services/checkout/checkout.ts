// Checkout in test mode: payment always succeeds. One transaction turns the cart into an order, marks
// the cart purchased and takes the stock (its steps: order-steps.ts). Stock is taken with a conditional decrement
// (qtyInStock >= n), so concurrent checkouts can never sell more than there is, on either database.
// A purchased cart answers every later checkout with its order.
import { CheckoutError, NotFoundError } from "../../domain/errors.ts";
import { checkoutEmailInput } from "../../domain/checkout-inputs.ts";
import { parseInput } from "../../domain/inputs.ts";
import { messages } from "../../domain/messages/storefront.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import type { PostalAddress } from "../../domain/checkout/address.ts";
import type { AddressRules } from "../../domain/checkout/address-rules.ts";
import { formatAddressLines } from "../../domain/checkout/address-lines.ts";
import { orderConfirmationEmail, orderEmailLanguage } from "../../domain/checkout/order-email.ts";
import { canonicalLocale } from "../../domain/site/languages.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { priceCart } from "../cart/cart-view.ts";
import { CartWriter, type CartRow, type Visitor, type WriteOptions } from "../cart/cart-transaction.ts";
import type { Mailer } from "../mail/mailer.ts";
import { rulesFor, toAddressView, type AddressView } from "./addresses.ts";
import { checkAddresses, checkCartCanCheckOut, priceForAddress, startOrderFollowUps, takeStock, writeOrder } from "./order-steps.ts";
import { issuedGiftCards, spendGiftCards } from "./gift-cards.ts";
import { parseJsonObject } from "../support/json.ts";
import type { ProductDefinitions } from "../catalog/product-definitions.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import type { SitePlanService } from "../site/site-plan.ts";

export interface CheckoutInput {
  email: string;
  /** Where the goods go: required when the cart ships goods (physical products), ignored otherwise. */
  shippingAddress?: PostalAddress | null;
  /** Who pays; null or absent: the shipping address. */
  billingAddress?: PostalAddress | null;
  /** Save the shipping address to the signed-in member's account (`accountId`). */
  saveAddress?: boolean | null;
  /** The signed-in member checking out, if any. */
  accountId?: number | null;
  /** The shopper's language (BCP 47): the confirmation email's, when the site has several. */
  language?: string | null;
}

export interface OrderView {
  id: string;
  orderNumber: number;
  websiteId: string;
  purchasedCartId: string;
  testMode: boolean;
  customerEmail: string | null;
  currency: string;
  items: {
    itemId: number;
    sku: string | null;
    productName: string;
    productType: number;
    attributes: Record<string, string>;
    quantity: number;
    unitPrice: number;
    additionalFields: Record<string, string> | null;
  }[];
  subtotal: number;
  discountTotal: number;
  taxTotal: number;
  shippingTotal: number;
  /** What gift cards paid (issue 12); grandTotal is what was left to pay. */
  giftCardTotal: number;
  grandTotal: number;
  shippingOption: string | null;
  /** Where it ships; null when the order ships nothing. */
  shippingAddress: AddressView | null;
  /** Who pays; the shipping address unless the shopper gave another; null when neither was asked. */
  billingAddress: AddressView | null;
  /** The shopper's language the confirmation was written in. */
  language: string | null;
  createdAt: string;
}

export interface CheckoutResult {
  cartId: string;
  order: OrderView;
}

export const orderInclude = { items: { orderBy: { id: "asc" } }, addresses: true } as const;

/** An order by its raw id; of one site when `websiteId` is given. */
export async function loadOrderView(db: Db | Tx, orderId: string, websiteId?: string): Promise<OrderView | null> {
  const q = sql(db);
  const order = await q
    .selectFrom("Order")
    .selectAll()
    .where("id", "=", orderId)
    .$if(websiteId !== undefined, (select) => select.where("websiteId", "=", websiteId!))
    .executeTakeFirst();
  if (!order) return null;
  const [items, addresses] = await Promise.all([
    q.selectFrom("OrderItem").selectAll().where("orderId", "=", orderId).orderBy("id").execute(),
    q.selectFrom("OrderAddress").selectAll().where("orderId", "=", orderId).execute(),
  ]);
  return toOrderView({ ...order, items, addresses });
}

/** The view of an order row loaded with `orderInclude`. */
export function toOrderView(order: Prisma.OrderGetPayload<{ include: typeof orderInclude }>): OrderView {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    websiteId: order.websiteId,
    purchasedCartId: order.purchasedCartId,
    testMode: order.testMode,
    customerEmail: order.customerEmail,
    currency: order.currency,
    items: order.items.map((item) => ({
      itemId: item.productId,
      sku: item.sku,
      productName: item.productName,
      productType: item.productType,
      attributes: parseJsonObject(item.attributes),
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      additionalFields: item.additionalFields === null ? null : parseJsonObject(item.additionalFields),
    })),
    subtotal: order.subtotal,
    discountTotal: order.discountTotal,
    taxTotal: order.taxTotal,
    shippingTotal: order.shippingTotal,
    giftCardTotal: order.giftCardTotal,
    grandTotal: order.grandTotal,
    shippingOption: order.shippingOption,
    shippingAddress: addressOf(order.addresses, "SHIPPING"),
    billingAddress: addressOf(order.addresses, "BILLING"),
    language: order.language,
    createdAt: order.createdAt.toISOString(),
  };
}

const addressOf = (rows: readonly (Parameters<typeof toAddressView>[0] & { kind: string })[], kind: "SHIPPING" | "BILLING") => {
  const row = rows.find((candidate) => candidate.kind === kind);
  return row ? toAddressView(row) : null;
};

export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly settings: StoreSettingsService,
    private readonly definitions: ProductDefinitions,
    private readonly writer: CartWriter,
    private readonly pubsub: StorePubSub,
    private readonly websiteId: string,
    private readonly mailer: Mailer,
    /** The site's address for the link in the confirmation email. */
    private readonly publicUrl: string,
    /** Refuses checkout while the site's plan takes no orders (issue 21). */
    private readonly plan: SitePlanService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** An order of this site by its raw id; null when there is none (another site's order included). */
  order(orderId: string): Promise<OrderView | null> {
    return loadOrderView(this.db, orderId, this.websiteId);
  }

  /** The gift cards an order of this site bought (its confirmation page shows them in test mode). */
  issuedGiftCards(orderId: string) {
    return issuedGiftCards(this.db, this.websiteId, orderId);
  }

  /**
   * Turns the visitor's cart into an order in one transaction (the steps in order-steps.ts), then
   * sends the confirmation and tells everyone the stock changed. A purchased cart answers with its order.
   */
  async checkout(visitor: Visitor, input: CheckoutInput, options: WriteOptions = {}): Promise<CheckoutResult> {
    await this.plan.requireCheckoutOpen();
    const email = input.email.trim();
    const shippingInput = input.shippingAddress ?? null;
    const billingInput = input.billingAddress ?? null;
    // The address data is loaded before the transaction (one JSON file per country); the rules are pure.
    const rules = await rulesFor([shippingInput, billingInput]);
    const language = canonicalLocale(input.language);
    const accountId = input.accountId ?? null;
    const saveAddress = input.saveAddress ?? false;
    let soldProductIds = new Set<number>();
    const result = await this.writer.write(visitor, options, {
      operation: "checkout",
      input: { email, shippingAddress: shippingInput, billingAddress: billingInput, saveAddress, accountId, language },
      onPurchased: (tx, cart) => this.#existingOrder(tx, cart),
      noCart: () => new CheckoutError("CART_EMPTY", messages.cartEmpty),
      work: async (tx, cart) => {
        parseInput(checkoutEmailInput, email);
        const settings = await this.settings.get();
        const sources = { definitions: this.definitions, settings, now: this.now };
        // The writer holds the locked cart row and its entries: price them without reading again.
        let view = await priceCart(tx, cart, cart.entries, sources);
        checkCartCanCheckOut(view, settings);
        const addresses = checkAddresses(view, shippingInput, billingInput, rules);
        if (addresses.shipping) view = await priceForAddress(tx, cart, view, addresses.shipping, settings, sources);
        soldProductIds = await takeStock(tx, view, cart, this.now());
        // Gift cards pay their share: each balance taken conditionally (never below zero).
        await spendGiftCards(tx, cart.websiteId, view.giftCards);
        const facts = { email, accountId, language, addresses, at: this.now() };
        const orderId = await writeOrder(tx, cart, view, facts);
        await startOrderFollowUps(tx, this.mailer, { cart, view, orderId, facts, saveAddress });
        const order = await loadOrderView(tx, orderId);
        if (!order) throw new NotFoundError(checkoutMessages.cartNotFound);
        await this.#enqueueConfirmation(tx, order, rules);
        return { cartId: cart.id, order };
      },
    });
    void this.mailer.deliverPending();
    this.#announceSale(result.order, [...soldProductIds]);
    return result;
  }

  /** After commit: this process forgets the sold products' stock at once; others hear it through the events. */
  #announceSale(order: OrderView, soldProductIds: number[]): void {
    if (soldProductIds.length > 0) {
      this.definitions.invalidate(soldProductIds);
      this.pubsub.publish("catalogChanged", { productIds: soldProductIds });
    }
    this.pubsub.publish("orderPlaced", { websiteId: order.websiteId, orderId: order.id, productIds: soldProductIds });
  }

  /** The order confirmation email, written in the checkout's transaction (sent after commit). */
  async #enqueueConfirmation(tx: Tx, order: OrderView, rules: ReadonlyMap<string, AddressRules | null>) {
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
        link: `${this.publicUrl}/order-confirmed/${order.id}`,
      },
      language,
    );
    await this.mailer.enqueue(tx, order.websiteId, [
      { kind: "ORDER_CONFIRMATION", dedupeKey: `order-confirmation:${order.id}`, toEmail: order.customerEmail, ...email },
    ]);
  }

  async #existingOrder(tx: Tx, cart: CartRow): Promise<CheckoutResult> {
    const order = cart.orderId ? await loadOrderView(tx, cart.orderId) : null;
    if (!order) throw new NotFoundError(checkoutMessages.cartAlreadyPurchased);
    return { cartId: cart.id, order };
  }
}
