// The orders CSV export (issue 23, part 4): one row per line item, each carrying its order's number,
// dates, state, totals, addresses and payment and fulfilment state, so a spreadsheet can filter and
// sum without joins (as Shopify's orders export). Pure: an order in, rows out.
import { toDecimalValue } from "../money.ts";
import { storedPhone } from "../checkout/phone.ts";
import { refundStatusOf } from "./order-refunds.ts";

export const ORDER_CSV_COLUMNS = [
  "Order Number",
  "Created At",
  "Email",
  "Test Mode",
  "Fulfillment Status",
  "Fulfilled At",
  "Cancelled At",
  "Payment Status",
  "Payment Reference",
  "Currency",
  "Subtotal",
  "Discount",
  "Shipping",
  "Taxes",
  "Gift Cards",
  "Total",
  "Refunded",
  "Discount Codes",
  "Shipping Method",
  "Lineitem Quantity",
  "Lineitem Name",
  "Lineitem SKU",
  "Lineitem Options",
  "Lineitem Price",
  "Lineitem Total",
  "Shipping Name",
  "Shipping Company",
  "Shipping Address1",
  "Shipping Address2",
  "Shipping City",
  "Shipping Region",
  "Shipping Zip",
  "Shipping Country",
  "Shipping Phone",
  "Billing Name",
  "Billing Company",
  "Billing Address1",
  "Billing Address2",
  "Billing City",
  "Billing Region",
  "Billing Zip",
  "Billing Country",
  "Billing Phone",
] as const;

export interface OrderCsvAddress {
  kind: string;
  fullName: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  country: string;
  /** The stored phone: E.164, or an older row's JSON array of parts (storedPhone reads both); null: none. */
  phone: string | null;
}

export interface OrderCsvSource {
  orderNumber: number;
  createdAt: Date;
  customerEmail: string | null;
  testMode: boolean;
  state: string;
  fulfilledAt: Date | null;
  cancelledAt: Date | null;
  disputedAt: Date | null;
  paymentIntentId: string | null;
  currency: string;
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  taxTotal: number;
  giftCardTotal: number;
  grandTotal: number;
  refundedAmount: number;
  couponCodes: string[];
  shippingOption: string | null;
  items: { productName: string; sku: string | null; attributes: Record<string, string>; quantity: number; unitPrice: number }[];
  addresses: OrderCsvAddress[];
}

/** fulfilled, cancelled or unfulfilled: where the goods are. */
export function fulfillmentStatus(order: Pick<OrderCsvSource, "state" | "fulfilledAt">): string {
  if (order.state === "CANCELLED") return "cancelled";
  return order.fulfilledAt ? "fulfilled" : "unfulfilled";
}

/** paid, partially_refunded, refunded or disputed (the bank's dispute wins): where the money is. */
export function paymentStatus(order: Pick<OrderCsvSource, "disputedAt" | "grandTotal" | "refundedAmount" | "state">): string {
  if (order.disputedAt) return "disputed";
  const refund = refundStatusOf(order);
  if (refund === "FULL" || order.state === "REFUNDED") return "refunded";
  return refund === "PARTIAL" ? "partially_refunded" : "paid";
}

const addressCells = (address: OrderCsvAddress | undefined): string[] =>
  address
    ? [
        address.fullName,
        address.company ?? "",
        address.line1,
        address.line2 ?? "",
        address.city,
        address.region ?? "",
        address.postalCode ?? "",
        address.country,
        storedPhone(address.phone, address.country) ?? "",
      ]
    : Array<string>(9).fill("");

/** The order's rows in ORDER_CSV_COLUMNS order: one per line item (an order without items still gets one). */
export function orderCsvRows(order: OrderCsvSource): string[][] {
  const amount = (value: number) => toDecimalValue({ value, currency: order.currency });
  const date = (value: Date | null) => (value ? value.toISOString() : "");
  const orderCells = [
    String(order.orderNumber),
    date(order.createdAt),
    order.customerEmail ?? "",
    order.testMode ? "TRUE" : "FALSE",
    fulfillmentStatus(order),
    date(order.fulfilledAt),
    date(order.cancelledAt),
    paymentStatus(order),
    order.paymentIntentId ?? "",
    order.currency,
    amount(order.subtotal),
    amount(order.discountTotal),
    amount(order.shippingTotal),
    amount(order.taxTotal),
    amount(order.giftCardTotal),
    amount(order.grandTotal),
    amount(order.refundedAmount),
    order.couponCodes.join(", "),
    order.shippingOption ?? "",
  ];
  const shipping = addressCells(order.addresses.find((address) => address.kind === "SHIPPING"));
  const billing = addressCells(order.addresses.find((address) => address.kind === "BILLING"));
  const items = order.items.length ? order.items : [null];
  return items.map((item) => [
    ...orderCells,
    ...(item
      ? [
          String(item.quantity),
          item.productName,
          item.sku ?? "",
          Object.entries(item.attributes)
            .map(([name, value]) => `${name}: ${value}`)
            .join(", "),
          amount(item.unitPrice),
          amount(item.unitPrice * item.quantity),
        ]
      : ["", "", "", "", "", ""]),
    ...shipping,
    ...billing,
  ]);
}
