// The owner's customers (issue 24 §5): `customers` (members and guest buyers merged by email, searched,
// sorted, paged) and `customer(email)` with their orders, subscriptions, gift cards, saved addresses
// and form submissions. Everything needs `customers.read`; the form submissions need
// `submissions.read` too and are null without it (docs/permissions.md). The rules: services/customers.
import { CUSTOMER_SORTS, customerEmailKey } from "../domain/customers/customers.ts";
import { NotFoundError } from "../domain/errors.ts";
import { forwardPagesOnly } from "../domain/inputs.ts";
import { can } from "../domain/members/permissions.ts";
import { ownerMessages } from "../domain/messages/owner.ts";
import { CUSTOMER_PAGE, type CustomerDetail, type CustomerRow } from "../services/customers/customers.ts";
import { toPrincipal } from "../services/members/sessions.ts";
import type { GraphQLContext } from "../context.ts";
import { builder } from "./builder.ts";
import { MemberSubscriptionRef } from "./checkout-subscriptions.ts";
import { OrderRef, SavedAddressRef } from "./checkout.ts";
import { forwardConnection } from "./connections.ts";
import { MoneyRef } from "./money.ts";
import { OwnerGiftCardRef } from "./orders.ts";

const CustomerSortEnum = builder.enumType("CustomerSort", {
  description: "LAST_ORDER: the latest buyers first; TOTAL_SPENT: the biggest spenders first; NAME: A to Z (no name last).",
  values: CUSTOMER_SORTS,
});

// The page's sections share one read per customer and request (a list row never selects them).
const detailsByRequest = new WeakMap<object, Map<string, Promise<CustomerDetail | null>>>();
function detail(ctx: GraphQLContext, email: string): Promise<CustomerDetail | null> {
  const byEmail = detailsByRequest.get(ctx) ?? new Map<string, Promise<CustomerDetail | null>>();
  detailsByRequest.set(ctx, byEmail);
  const found = byEmail.get(email) ?? ctx.services.customers.get(email);
  byEmail.set(email, found);
  return found;
}
const section =
  <T>(read: (customer: CustomerDetail) => T[]) =>
  async (customer: CustomerRow, _args: unknown, ctx: GraphQLContext): Promise<T[]> => {
    const found = "orders" in customer ? (customer as CustomerDetail) : await detail(ctx, customer.email);
    return found ? read(found) : [];
  };

const CustomerRef = builder.objectRef<CustomerRow>("Customer").implement({
  description: "A customer of the store: a member, the orders placed with one email address, or both (merged by the address).",
  authScopes: { permission: "customers.read" },
  fields: (t) => ({
    email: t.exposeString("email", { description: "Trimmed and lower-cased: the customer's key." }),
    name: t.exposeString("name", { description: "The member's name, else the name on the latest order; empty when none." }),
    member: t.boolean({ description: "Whether the address has a member account (false: a guest).", resolve: (customer) => customer.accountId !== null }),
    orderCount: t.exposeInt("orderCount", { description: "Every order placed with the address, whatever its state." }),
    totalSpent: t.field({
      type: MoneyRef,
      description: "Placed and fulfilled orders in the store's currency, less partial refunds.",
      resolve: (customer) => ({ value: customer.totalSpent, currency: customer.currency }),
    }),
    lastOrderAt: t.field({ type: "DateTime", nullable: true, resolve: (customer) => customer.lastOrderAt }),
    marketingConsent: t.exposeBoolean("marketingConsent", { description: "Confirmed on one of the site's mailing lists and not unsubscribed." }),
    orders: t.field({ type: [OrderRef], description: "Newest first.", resolve: section((customer) => customer.orders) }),
    subscriptions: t.field({ type: [MemberSubscriptionRef], resolve: section((customer) => customer.subscriptions) }),
    giftCardsBought: t.field({ type: [OwnerGiftCardRef], resolve: section((customer) => customer.giftCardsBought) }),
    giftCardsReceived: t.field({ type: [OwnerGiftCardRef], resolve: section((customer) => customer.giftCardsReceived) }),
    addresses: t.field({
      type: [SavedAddressRef],
      description: "A member's saved addresses (none for a guest).",
      resolve: section((customer) => customer.addresses),
    }),
    formSubmissions: t.prismaField({
      type: ["FormSubmission"],
      nullable: true,
      description: "The address's form submissions, newest first (spam left out). Needs submissions.read.",
      resolve: (query, customer, _args, ctx) => {
        const selection = { ...query };
        return can(toPrincipal(ctx.viewer), "submissions.read") ? ctx.services.customers.formSubmissions(customer.email, selection) : null;
      },
    }),
  }),
});

builder.queryFields((t) => ({
  customers: t.withAuth({ permission: "customers.read" }).connection(
    {
      type: CustomerRef,
      description: `Owners: the store's customers, ${CUSTOMER_PAGE.default} per page by default (at most ${CUSTOMER_PAGE.max}).`,
      args: {
        search: t.arg.string({ description: "Part of the email or of the name, in any case." }),
        sort: t.arg({ type: CustomerSortEnum, defaultValue: "LAST_ORDER" }),
      },
      validate: forwardPagesOnly,
      resolve: async (_root, args, ctx) => {
        const page = await ctx.services.customers.list({ search: args.search, sort: args.sort, first: args.first, after: args.after });
        return forwardConnection(page, (customer) => customer.cursor);
      },
    },
    { name: "CustomerConnection" },
    { name: "CustomerEdge" },
  ),
  customer: t.withAuth({ permission: "customers.read" }).field({
    type: CustomerRef,
    description: "Owners: one customer by email address (any case).",
    errors: { types: [NotFoundError] },
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, { email }, ctx) => {
      const customer = await detail(ctx, customerEmailKey(email));
      if (!customer) throw new NotFoundError(ownerMessages.customerNotFound);
      return customer;
    },
  }),
}));
