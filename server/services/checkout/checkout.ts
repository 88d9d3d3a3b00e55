// Checkout: in test mode (no payment provider) payment always succeeds and one transaction turns the
// cart into an order, marks the cart purchased and takes the stock (place-order.ts, order-steps.ts);
// with a provider the order waits for the payment (issue 22). Stock is taken with a conditional decrement
// (qtyInStock >= n), so concurrent checkouts can never sell more than there is, on either database.
// A purchased cart answers every later checkout with its order.
import { CheckoutError, NotFoundError } from "../../domain/errors.ts";
import { checkoutEmailInput } from "../../domain/checkout-inputs.ts";
import { parseInput } from "../../domain/inputs.ts";
import { messages } from "../../domain/messages/storefront.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import type { PostalAddress } from "../../domain/checkout/address.ts";
import { canonicalLocale } from "../../domain/site/languages.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { priceCart } from "../cart/cart-view.ts";
import { CartWriter, type CartRow, type Visitor, type WriteOptions } from "../cart/cart-transaction.ts";
import type { Mailer } from "../mail/mailer.ts";
import { rulesFor } from "./addresses.ts";
import { loadOrderView, type OrderView } from "./order-view.ts";
import { checkAddresses, checkCartCanCheckOut, priceForAddress } from "./order-steps.ts";
import { issuedGiftCards } from "./gift-cards.ts";
import { announceSale, placeOrder } from "./place-order.ts";
import type { CheckoutPaymentService, OpenPayment, PaymentStart } from "../payments/checkout-payments.ts";
import type { StockHoldService } from "../cart/stock-holds.ts";
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

/** The order; or, when the store takes payment, the payment the shopper confirms (the order follows it). */
export type CheckoutResult = { cartId: string; order: OrderView } | { cartId: string; payment: OpenPayment };

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
    /** The payment provider's side of checkout (issue 22); not connected: test mode. */
    private readonly payments: CheckoutPaymentService,
    /** Tells every process when held or sold units change what shoppers see. */
    private readonly stockHolds: StockHoldService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whether checkout takes payment through a provider (issue 22); false: test mode. */
  takesPayments(): Promise<boolean> {
    return this.payments.connected();
  }

  /** An order of this site by its raw id; null when there is none (another site's order included). */
  order(orderId: string): Promise<OrderView | null> {
    return loadOrderView(this.db, orderId, this.websiteId);
  }

  /** The gift cards an order of this site bought (its confirmation page shows them in test mode). */
  issuedGiftCards(orderId: string) {
    return issuedGiftCards(this.db, this.websiteId, orderId);
  }

  /**
   * Turns the visitor's cart into an order in one transaction (place-order.ts), then sends the
   * confirmation and tells everyone the stock changed. A purchased cart answers with its order.
   * With a payment provider connected and something left to pay after gift cards, it makes no order:
   * it holds the stock and starts the payment (payments/checkout-payments.ts); the order is made when
   * the payment succeeds (payments/payment-settlement.ts).
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
    // Read before the transaction: on SQLite a read outside it would wait for it.
    const takesPayment = await this.payments.connected();
    let soldProductIds = new Set<number>();
    const result = await this.writer.write<{ cartId: string; order: OrderView } | { cartId: string; payment: PaymentStart }>(visitor, options, {
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
        const facts = { email, accountId, language, addresses, at: this.now() };
        if (takesPayment && view.grandTotalCents > 0) return { cartId: cart.id, payment: await this.payments.begin(tx, cart, view, facts, saveAddress) };
        const placed = await placeOrder(tx, this.mailer, this.publicUrl, {
          cart,
          view,
          facts,
          saveAddress,
          // With a provider connected and gift cards paying it all: a real order with nothing to take.
          payment: { testMode: !takesPayment, paymentIntentId: null },
          rules,
        });
        soldProductIds = placed.soldProductIds;
        return { cartId: cart.id, order: placed.order };
      },
    });
    if ("payment" in result) {
      // The held stock is unavailable to other shoppers from now on.
      this.stockHolds.announce(result.payment.heldProductIds);
      return { cartId: result.cartId, payment: await this.payments.open(result.payment) };
    }
    void this.mailer.deliverPending();
    announceSale(this.stockHolds, this.pubsub, result.order, soldProductIds);
    return result;
  }

  async #existingOrder(tx: Tx, cart: CartRow): Promise<{ cartId: string; order: OrderView }> {
    const order = cart.orderId ? await loadOrderView(tx, cart.orderId) : null;
    if (!order) throw new NotFoundError(checkoutMessages.cartAlreadyPurchased);
    return { cartId: cart.id, order };
  }
}
