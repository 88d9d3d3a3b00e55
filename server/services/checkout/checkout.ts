// Checkout in test mode: payment always succeeds. One transaction turns the cart into an order, marks
// the cart purchased and takes the stock. Stock is taken with a conditional decrement
// (qtyInStock >= n), so concurrent checkouts can never sell more than there is, on either database.
// A purchased cart answers every later checkout with its order.
import { CheckoutError, NotEnoughStockError, NotFoundError } from "../../domain/errors.ts";
import { checkoutEmailInput } from "../../domain/checkout-inputs.ts";
import { parseInput } from "../../domain/inputs.ts";
import { messages } from "../../domain/messages.ts";
import { checkoutMinimumProblem } from "../../domain/checkout/minimum.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { loadCartView } from "../cart/cart-view.ts";
import { CartWriter, type CartRow, type Visitor, type WriteOptions } from "../cart/cart-transaction.ts";
import type { ShippingLocationInput } from "../cart/cart.ts";
import { newId } from "../support/ids.ts";
import { parseJsonObject } from "../support/json.ts";
import type { ProductDefinitions } from "../catalog/product-definitions.ts";
import type { StoreSettingsService } from "../settings/store-settings.ts";

export interface CheckoutInput {
  email: string;
  /** Required when the cart has physical goods and no shipping location yet. */
  shippingLocation?: ShippingLocationInput | null;
  /** The signed-in member checking out: the order is linked to their account (their account page lists it). */
  accountId?: number | null;
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
  grandTotal: number;
  shippingOption: string | null;
  createdAt: string;
}

export interface CheckoutResult {
  cartId: string;
  order: OrderView;
}

export const orderInclude = { items: { orderBy: { id: "asc" } } } as const;

/** An order by its raw id; of one site when `websiteId` is given. */
export async function loadOrderView(db: Db | Tx, orderId: string, websiteId?: string): Promise<OrderView | null> {
  const order = await db.order.findUnique({ where: { id: orderId, ...(websiteId ? { websiteId } : {}) }, include: orderInclude });
  return order ? toOrderView(order) : null;
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
    grandTotal: order.grandTotal,
    shippingOption: order.shippingOption,
    createdAt: order.createdAt.toISOString(),
  };
}

export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly settings: StoreSettingsService,
    private readonly definitions: ProductDefinitions,
    private readonly writer: CartWriter,
    private readonly pubsub: StorePubSub,
    private readonly websiteId: string,
  ) {}

  /** An order of this site by its raw id; null when there is none (another site's order included). */
  order(orderId: string): Promise<OrderView | null> {
    return loadOrderView(this.db, orderId, this.websiteId);
  }

  async checkout(visitor: Visitor, input: CheckoutInput, options: WriteOptions = {}): Promise<CheckoutResult> {
    const email = input.email.trim();
    const soldProductIds = new Set<number>();
    const result = await this.writer.write(visitor, options, {
      operation: "checkout",
      input: { email, shippingLocation: input.shippingLocation ?? null },
      onPurchased: (tx, cart) => this.#existingOrder(tx, cart),
      noCart: () => new CheckoutError("CART_EMPTY", messages.cartEmpty),
      work: async (tx, cart) => {
        parseInput(checkoutEmailInput, email);
        const location = input.shippingLocation;
        if (location?.country?.trim()) {
          await tx.cart.update({
            where: { id: cart.id },
            data: {
              shippingCountry: location.country.trim().toUpperCase(),
              shippingRegion: location.region?.trim().toUpperCase() || null,
              shippingPostalCode: location.postalCode?.trim() || null,
            },
          });
        }
        const settings = await this.settings.get();
        const view = await loadCartView(tx, { id: cart.id }, { definitions: this.definitions, settings });
        if (!view || view.entries.length === 0) throw new CheckoutError("CART_EMPTY", messages.cartEmpty);
        const belowMinimum = checkoutMinimumProblem(view.subtotalCents, { value: settings.checkoutMinimumSubtotal, currency: view.currency });
        if (belowMinimum) throw new CheckoutError("MINIMUM_SUBTOTAL", belowMinimum);
        if (view.requiresShipping && !view.shippingLocation) {
          throw new CheckoutError("SHIPPING_ADDRESS_REQUIRED", messages.shippingAddressRequired);
        }

        // Take the stock, one conditional decrement per variant (entries of one variant added up).
        const wanted = new Map<number, { quantity: number; productId: number }>();
        for (const entry of view.entries) {
          const variantId = entry.chosenVariant?.variantId;
          if (variantId == null) continue;
          const current = wanted.get(variantId);
          wanted.set(variantId, { quantity: (current?.quantity ?? 0) + entry.quantity, productId: entry.itemId });
        }
        for (const [variantId, { quantity, productId }] of wanted) {
          const taken = await tx.variant.updateMany({
            where: { id: variantId, unlimited: false, qtyInStock: { gte: quantity } },
            data: { qtyInStock: { decrement: quantity } },
          });
          if (taken.count === 1) {
            soldProductIds.add(productId);
            continue;
          }
          const variant = await tx.variant.findUnique({ where: { id: variantId }, select: { unlimited: true } });
          if (!variant?.unlimited) throw new NotEnoughStockError();
        }

        const { nextOrderNumber } = await tx.website.update({
          where: { id: cart.websiteId },
          data: { nextOrderNumber: { increment: 1 } },
          select: { nextOrderNumber: true },
        });
        const orderId = newId();
        await tx.order.create({
          data: {
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
            items: {
              create: view.entries.map((entry) => ({
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
            },
          },
        });
        await tx.cart.update({ where: { id: cart.id }, data: { isPurchased: true, orderId } });
        const order = await loadOrderView(tx, orderId);
        if (!order) throw new NotFoundError(messages.cartNotFound);
        return { cartId: cart.id, order };
      },
    });
    if (soldProductIds.size > 0) {
      // This process forgets at once; others hear it through the event.
      this.definitions.invalidate([...soldProductIds]);
      this.pubsub.publish("catalogChanged", { productIds: [...soldProductIds] });
    }
    return result;
  }

  async #existingOrder(tx: Tx, cart: CartRow): Promise<CheckoutResult> {
    const order = cart.orderId ? await loadOrderView(tx, cart.orderId) : null;
    if (!order) throw new NotFoundError(messages.cartAlreadyPurchased);
    return { cartId: cart.id, order };
  }
}
