// Checkout in test mode: payment always succeeds. One transaction turns the cart into an order, marks
// the cart purchased and takes the stock. Stock is taken with a conditional decrement
// (qtyInStock >= n), so concurrent checkouts can never sell more than there is, on either database.
// A purchased cart answers every later checkout with its order.
import { CheckoutError, FormInvalidError, NotEnoughStockError, NotFoundError } from "../../domain/errors.ts";
import { checkoutEmailInput } from "../../domain/checkout-inputs.ts";
import { parseInput } from "../../domain/inputs.ts";
import { messages } from "../../domain/messages.ts";
import { checkoutMessages } from "../../domain/checkout-messages.ts";
import { checkoutMinimumProblem } from "../../domain/checkout/minimum.ts";
import type { PostalAddress } from "../../domain/checkout/address.ts";
import type { AddressRules } from "../../domain/checkout/address-rules.ts";
import { formatAddressLines } from "../../domain/checkout/address-lines.ts";
import { checkoutShippingProblem, needsShippingAddress } from "../../domain/checkout/shipping-zones.ts";
import { orderConfirmationEmail, orderEmailLanguage } from "../../domain/checkout/order-email.ts";
import { canonicalLocale } from "../../domain/settings/site-settings.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import { sql, type Database } from "../../db/sql.ts";
import type { ExpressionBuilder } from "kysely";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { priceCart } from "../cart/cart-view.ts";
import { CartWriter, type CartRow, type Visitor, type WriteOptions } from "../cart/cart-transaction.ts";
import type { Mailer } from "../mail/mailer.ts";
import { saveMemberAddress } from "../members/addresses.ts";
import { addressErrors, rulesFor, tidyAddress, toAddressRow, toAddressView, type AddressView } from "./addresses.ts";
import { newId } from "../support/ids.ts";
import { issueGiftCards, issuedGiftCards, spendGiftCards } from "./gift-cards.ts";
import { startSubscription } from "./subscriptions.ts";
import { parseJsonObject } from "../support/json.ts";
import type { ProductDefinitions } from "../catalog/product-definitions.ts";
import type { StoreSettingsService } from "../settings/store-settings.ts";

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
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** An order of this site by its raw id; null when there is none (another site's order included). */
  order(orderId: string): Promise<OrderView | null> {
    return loadOrderView(this.db, orderId, this.websiteId);
  }

  /** The gift cards an order bought (its confirmation page shows them in test mode). */
  issuedGiftCards(orderId: string) {
    return issuedGiftCards(this.db, orderId);
  }

  async checkout(visitor: Visitor, input: CheckoutInput, options: WriteOptions = {}): Promise<CheckoutResult> {
    const email = input.email.trim();
    const soldProductIds = new Set<number>();
    const shippingInput = input.shippingAddress ?? null;
    const billingInput = input.billingAddress ?? null;
    // The address data is loaded before the transaction (one JSON file per country); the rules are pure.
    const rules = await rulesFor([shippingInput, billingInput]);
    const language = canonicalLocale(input.language);
    const result = await this.writer.write(visitor, options, {
      operation: "checkout",
      input: {
        email,
        shippingAddress: shippingInput,
        billingAddress: billingInput,
        saveAddress: input.saveAddress ?? false,
        accountId: input.accountId ?? null,
        language,
      },
      onPurchased: (tx, cart) => this.#existingOrder(tx, cart),
      noCart: () => new CheckoutError("CART_EMPTY", messages.cartEmpty),
      work: async (tx, cart) => {
        parseInput(checkoutEmailInput, email);
        const settings = await this.settings.get();
        const sources = { definitions: this.definitions, settings, now: this.now };
        const q = sql(tx);
        // The writer holds the locked cart row and its entries: price them without reading again.
        let view = await priceCart(tx, cart, cart.entries, sources);
        if (view.entries.length === 0) throw new CheckoutError("CART_EMPTY", messages.cartEmpty);
        const belowMinimum = checkoutMinimumProblem(view.subtotalCents, { value: settings.checkoutMinimumSubtotal, currency: view.currency });
        if (belowMinimum) throw new CheckoutError("MINIMUM_SUBTOTAL", belowMinimum);

        // Addresses (issue 14): a cart that ships goods needs a valid shipping address that a zone
        // reaches; a digital-only cart asks for none. Billing is the shipping address unless given.
        const ships = needsShippingAddress(view);
        if (ships && !shippingInput) throw new CheckoutError("SHIPPING_ADDRESS_REQUIRED", checkoutMessages.shippingAddressRequired);
        const fieldErrors = [
          ...(ships && shippingInput ? addressErrors(shippingInput, rules.get(shippingInput.country.trim().toUpperCase()) ?? null, "shippingAddress") : []),
          ...(billingInput ? addressErrors(billingInput, rules.get(billingInput.country.trim().toUpperCase()) ?? null, "billingAddress") : []),
        ];
        if (fieldErrors.length > 0) throw new FormInvalidError(fieldErrors);
        const rulesOf = (address: PostalAddress) => rules.get(address.country.trim().toUpperCase()) ?? null;
        const shippingAddress = ships && shippingInput ? tidyAddress(shippingInput, rulesOf(shippingInput)) : null;
        const billingAddress = billingInput ? tidyAddress(billingInput, rulesOf(billingInput)) : shippingAddress;
        if (shippingAddress) {
          const shippingProblem = checkoutShippingProblem(view, shippingAddress, settings.shippingZones);
          if (shippingProblem) throw new CheckoutError("NO_SHIPPING_OPTION", shippingProblem);
          // The cart is priced for the address: its zone's options, its region's tax.
          const located = { shippingCountry: shippingAddress.country, shippingRegion: shippingAddress.region, shippingPostalCode: shippingAddress.postalCode };
          await q
            .updateTable("Cart")
            .set({ ...located, updatedAt: this.now() })
            .where("id", "=", cart.id)
            .execute();
          view = await priceCart(tx, { ...cart, ...located }, cart.entries, sources);
        }

        // Take the stock, one conditional decrement per variant (entries of one variant added up).
        const wanted = new Map<number, { quantity: number; productId: number }>();
        for (const entry of view.entries) {
          const variantId = entry.chosenVariant?.variantId;
          if (variantId == null) continue;
          const current = wanted.get(variantId);
          wanted.set(variantId, { quantity: (current?.quantity ?? 0) + entry.quantity, productId: entry.itemId });
        }
        if (wanted.size > 0) {
          // One statement for every limited variant of the order: each decrement only where the units
          // are there (qtyInStock >= n). A line it did not take is refused unless its variant is unlimited.
          const ids = [...wanted.keys()];
          const lines = [...wanted].map(([variantId, { quantity }]) => ({ variantId, quantity }));
          // CASE "id" WHEN v1 THEN n1 ... END: the units each variant's line needs.
          const need = (eb: ExpressionBuilder<Database, "Variant">) => {
            const units = (quantity: number) => eb.cast<number>(eb.val(quantity), "integer");
            let byVariant = eb.case().when("id", "=", lines[0].variantId).then(units(lines[0].quantity));
            for (const line of lines.slice(1)) byVariant = byVariant.when("id", "=", line.variantId).then(units(line.quantity));
            return byVariant.end();
          };
          const taken = await q
            .updateTable("Variant")
            .set((eb) => ({ qtyInStock: eb("qtyInStock", "-", need(eb)) }))
            .where("id", "in", ids)
            .where("unlimited", "=", false)
            .where((eb) => eb("qtyInStock", ">=", need(eb)))
            .returning("id")
            .execute();
          const takenIds = new Set(taken.map((row) => row.id));
          const notTaken = ids.filter((id) => !takenIds.has(id));
          const unlimited = notTaken.length
            ? new Set((await q.selectFrom("Variant").select("id").where("id", "in", notTaken).where("unlimited", "=", true).execute()).map((row) => row.id))
            : new Set<number>();
          if (notTaken.some((id) => !unlimited.has(id))) throw new NotEnoughStockError();
          for (const id of takenIds) soldProductIds.add(wanted.get(id)!.productId);
        }

        // Gift cards pay their share: each balance taken conditionally (never below zero).
        await spendGiftCards(tx, cart.websiteId, view.giftCards);

        const { nextOrderNumber } = await q
          .updateTable("Website")
          .set((eb) => ({ nextOrderNumber: eb("nextOrderNumber", "+", 1) }))
          .where("id", "=", cart.websiteId)
          .returning("nextOrderNumber")
          .executeTakeFirstOrThrow();
        const orderId = newId();
        await q
          .insertInto("Order")
          .values({
            id: orderId,
            orderNumber: nextOrderNumber - 1,
            websiteId: cart.websiteId,
            purchasedCartId: cart.id,
            testMode: true,
            customerEmail: email,
            accountId: input.accountId ?? null,
            currency: view.currency,
            subtotal: view.subtotalCents,
            discountTotal: view.discountCents,
            taxTotal: view.taxCents,
            shippingTotal: view.shippingCostCents,
            grandTotal: view.grandTotalCents,
            shippingOption: view.selectedShippingOption?.name ?? null,
            shippingCountry: view.shippingLocation?.country ?? null,
            shippingRegion: view.shippingLocation?.region ?? null,
            shippingPostalCode: view.shippingLocation?.postalCode ?? null,
            couponCodes: JSON.stringify(view.validCoupons),
            giftCardTotal: view.giftCardCents,
            giftCardPayments: JSON.stringify(
              view.giftCards.filter((card) => card.amountCents > 0).map((card) => ({ code: card.code, amount: card.amountCents })),
            ),
            language,
            createdAt: this.now(),
          })
          .execute();
        const addresses = [
          ...(shippingAddress ? [{ orderId, kind: "SHIPPING", ...toAddressRow(shippingAddress) }] : []),
          ...(billingAddress ? [{ orderId, kind: "BILLING", ...toAddressRow(billingAddress) }] : []),
        ];
        if (addresses.length > 0) await q.insertInto("OrderAddress").values(addresses).execute();
        await q
          .insertInto("OrderItem")
          .values(
            view.entries.map((entry) => ({
              orderId,
              productId: entry.itemId,
              variantId: entry.chosenVariant?.variantId ?? null,
              sku: entry.chosenVariant?.sku ?? null,
              productName: entry.title,
              productType: entry.productType,
              attributes: JSON.stringify(entry.chosenVariant?.attributes ?? {}),
              quantity: entry.quantity,
              unitPrice: entry.purchasePriceCents,
              additionalFields: entry.additionalFields ? JSON.stringify(entry.additionalFields) : null,
            })),
          )
          .execute();
        await q.updateTable("Cart").set({ isPurchased: true, orderId, updatedAt: this.now() }).where("id", "=", cart.id).execute();
        // Each coupon the order used counts one use against its usage limit (issue 10).
        if (view.validCoupons.length > 0) {
          await tx.coupon.updateMany({ where: { websiteId: cart.websiteId, code: { in: view.validCoupons } }, data: { timesUsed: { increment: 1 } } });
        }
        if (cart.entries.some((entry) => entry.denominationId !== null))
          await issueGiftCards(tx, this.mailer, { id: orderId, websiteId: cart.websiteId, currency: view.currency, cartId: cart.id, buyerEmail: email });
        if (cart.kind === "SUBSCRIPTION" && view.entries.length === 1) {
          const entry = view.entries[0];
          await startSubscription(
            tx,
            { id: orderId, websiteId: cart.websiteId, currency: view.currency, accountId: input.accountId ?? null, createdAt: this.now() },
            {
              productId: entry.itemId,
              variantId: entry.chosenVariant?.variantId ?? null,
              productName: entry.title,
              quantity: entry.quantity,
              unitPrice: entry.purchasePriceCents,
            },
          );
        }
        if (input.saveAddress && input.accountId != null && shippingAddress) await saveMemberAddress(tx, input.accountId, shippingAddress);
        const order = await loadOrderView(tx, orderId);
        if (!order) throw new NotFoundError(checkoutMessages.cartNotFound);
        await this.#enqueueConfirmation(tx, order, rules);
        return { cartId: cart.id, order };
      },
    });
    void this.mailer.deliverPending();
    if (soldProductIds.size > 0) {
      // This process forgets at once; others hear it through the event.
      this.definitions.invalidate([...soldProductIds]);
      this.pubsub.publish("catalogChanged", { productIds: [...soldProductIds] });
    }
    this.pubsub.publish("orderPlaced", { websiteId: result.order.websiteId, orderId: result.order.id, productIds: [...soldProductIds] });
    return result;
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
