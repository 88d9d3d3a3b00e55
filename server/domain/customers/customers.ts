// Who the store's customers are (issue 24 §5), as pure rules the service's SQL and the customer page
// both follow:
// - A customer is an email address: a site member (an Account without a contributor role) and every
//   order placed with the same address, as a guest or signed in, are one customer. Addresses are
//   compared trimmed and lower-cased, as members' sign-up addresses are stored (members/accounts.ts).
//   An order counts for the address it was placed with, not for the account that placed it.
// - "Total spent" adds what the orders still standing brought: the grand totals of placed and fulfilled
//   orders (orders/home.ts REVENUE_STATES: a cancelled or refunded order brought no money) less what
//   partial refunds gave back (Order.refundedAmount), in the store's currency only (orders from before a
//   currency change are left out, as the home screen's revenue leaves them out).
// - "Orders" counts every order, whatever its state now.
import { REVENUE_STATES } from "../orders/home.ts";
import type { OrderState } from "../orders/order-states.ts";

/** The orders the customer list can be read in; ties go by email. */
export const CUSTOMER_SORTS = ["LAST_ORDER", "TOTAL_SPENT", "NAME"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** A customer's key: the address trimmed and lower-cased (the SQL says LOWER(TRIM(…)) for the same). */
export function customerEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

export interface CustomerOrderFacts {
  customerEmail: string | null;
  state: OrderState;
  currency: string;
  grandTotal: number;
  refundedAmount: number;
  createdAt: Date;
}

/** What an order adds to its customer's total spent in `currency` (minor units). */
export function amountSpent(order: Pick<CustomerOrderFacts, "state" | "currency" | "grandTotal" | "refundedAmount">, currency: string): number {
  if (order.currency !== currency || !REVENUE_STATES.includes(order.state)) return 0;
  return Math.max(order.grandTotal - order.refundedAmount, 0);
}

export interface CustomerSummary {
  email: string;
  /** The member's account id; null for a guest (an address with orders and no account). */
  accountId: number | null;
  /** The member's display name, else the name on the customer's latest order's address; "" when none. */
  name: string;
  orderCount: number;
  /** Minor units of the store's currency. */
  totalSpent: number;
  lastOrderAt: Date | null;
}

/**
 * Members and orders merged into customers, one per address, in `sort`'s order (last order newest
 * first, then the biggest spenders, or names A to Z; ties by email). `names` gives a guest's name by
 * its key (the latest order's address).
 */
export function mergeCustomers(
  members: readonly { id: number; email: string; displayName: string }[],
  orders: readonly CustomerOrderFacts[],
  currency: string,
  sort: CustomerSort = "LAST_ORDER",
  names: ReadonlyMap<string, string> = new Map(),
): CustomerSummary[] {
  const byEmail = new Map<string, CustomerSummary>();
  const customer = (email: string) => {
    const key = customerEmailKey(email);
    let found = byEmail.get(key);
    if (!found) {
      found = { email: key, accountId: null, name: names.get(key) ?? "", orderCount: 0, totalSpent: 0, lastOrderAt: null };
      byEmail.set(key, found);
    }
    return found;
  };
  for (const member of members) {
    const found = customer(member.email);
    found.accountId ??= member.id;
    if (member.displayName.trim()) found.name = member.displayName.trim();
  }
  for (const order of orders) {
    if (!order.customerEmail?.trim()) continue;
    const found = customer(order.customerEmail);
    found.orderCount += 1;
    found.totalSpent += amountSpent(order, currency);
    if (!found.lastOrderAt || order.createdAt > found.lastOrderAt) found.lastOrderAt = order.createdAt;
  }
  return [...byEmail.values()].sort(compareCustomers(sort));
}

/** The list's order: what the SQL's ORDER BY says, for lists built in memory. */
export function compareCustomers(sort: CustomerSort): (a: CustomerSummary, b: CustomerSummary) => number {
  const byEmail = (a: CustomerSummary, b: CustomerSummary) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);
  switch (sort) {
    case "LAST_ORDER":
      // Customers without an order (members who never bought) come last.
      return (a, b) => (b.lastOrderAt?.getTime() ?? -Infinity) - (a.lastOrderAt?.getTime() ?? -Infinity) || byEmail(a, b);
    case "TOTAL_SPENT":
      return (a, b) => b.totalSpent - a.totalSpent || byEmail(a, b);
    case "NAME":
      // Customers without a name come after the named ones, by email.
      return (a, b) => (a.name && !b.name ? -1 : !a.name && b.name ? 1 : a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || byEmail(a, b));
  }
}
