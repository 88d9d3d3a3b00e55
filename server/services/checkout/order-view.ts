// An order as every layer reads it (checkout, the owner's orders, the member's account, the
// confirmation page): one shape, loaded by one reader.
import type { Db, Prisma, Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { parseJsonObject } from "../support/json.ts";
import { toAddressView, type AddressView } from "./addresses.ts";

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
