// The owner's gift cards and subscriptions, store-wide (issue 24 §6). Both hold buyers' and members'
// emails, so they go with the orders they came from (docs/permissions.md): reading needs orders.read,
// every change orders.write. Gift cards: the list (filter by state, find by the last group of the
// code), disable/enable with a reason, issue by hand. Subscriptions: the list (filter by state) and
// the owner's moves through the member's transition table (domain/checkout/subscription-states.ts).
import { ConflictError, InvalidInputError, NotFoundError, SubscriptionMoveError } from "../domain/errors.ts";
import { forwardPagesOnly } from "../domain/inputs.ts";
import { GIFT_CARD_STATES } from "../domain/orders/gift-card-admin.ts";
import { OWNER_SUBSCRIPTION_ACTIONS } from "../domain/checkout/subscription-states.ts";
import type { OwnerGiftCardListView } from "../services/orders/gift-card-admin.ts";
import type { OwnerSubscriptionView } from "../services/checkout/owner-subscriptions.ts";
import { builder } from "./builder.ts";
import { MemberSubscriptionRef, SubscriptionStateEnum } from "./checkout-subscriptions.ts";
import { forwardConnection } from "./connections.ts";
import { MoneyRef } from "./money.ts";
import { successWith } from "./payloads.ts";

// Relay keeps one record per `id`: a typed, opaque key, so an owner's row never merges with the
// member's subscription record (MemberSubscription.id is the raw id) and a change updates its row.
const cacheKey = (typename: string, id: string) => Buffer.from(`${typename}:${id}`).toString("base64");

const GiftCardStateEnum = builder.enumType("GiftCardState", {
  description: "ACTIVE: something left to spend; SPENT: nothing left; DISABLED: refused at checkout until enabled again.",
  values: GIFT_CARD_STATES,
});
const OwnerSubscriptionActionEnum = builder.enumType("OwnerSubscriptionAction", { values: OWNER_SUBSCRIPTION_ACTIONS });

const StoreGiftCardRef = builder.objectRef<OwnerGiftCardListView>("StoreGiftCard").implement({
  description: "A gift card of the store as its owner sees it: the code masked but for its last group.",
  fields: (t) => ({
    id: t.id({ description: "The client cache's key for this card (opaque).", resolve: (card) => cacheKey("StoreGiftCard", card.id) }),
    giftCardId: t.exposeString("id"),
    maskedCode: t.exposeString("maskedCode"),
    state: t.field({ type: GiftCardStateEnum, resolve: (card) => card.state }),
    initialBalance: t.field({ type: MoneyRef, resolve: (card) => ({ value: card.initialBalance, currency: card.currency }) }),
    balance: t.field({ type: MoneyRef, description: "What is left to spend.", resolve: (card) => ({ value: card.balance, currency: card.currency }) }),
    recipientEmail: t.exposeString("recipientEmail"),
    buyerEmail: t.exposeString("buyerEmail", { nullable: true, description: "Who bought it; null for a card the owner issued." }),
    issuedBy: t.exposeString("issuedBy", { nullable: true, description: "The owner who issued it by hand; null for a bought card." }),
    note: t.exposeString("note", { nullable: true, description: "Why the owner issued it." }),
    orderId: t.exposeString("orderId", { nullable: true, description: "The order that bought it." }),
    issuedAt: t.field({ type: "DateTime", resolve: (card) => card.createdAt }),
    lastUsedAt: t.field({ type: "DateTime", nullable: true, description: "The last checkout it paid for.", resolve: (card) => card.lastUsedAt }),
    disabledAt: t.field({ type: "DateTime", nullable: true, resolve: (card) => card.disabledAt }),
    disabledReason: t.exposeString("disabledReason", { nullable: true }),
  }),
});

const OwnerSubscriptionRef = builder.objectRef<OwnerSubscriptionView>("OwnerSubscription").implement({
  description: "A member's subscription as the store's owner sees it.",
  fields: (t) => ({
    id: t.id({ description: "The client cache's key for this row (opaque).", resolve: (sub) => cacheKey("OwnerSubscription", sub.id) }),
    subscriptionId: t.exposeString("id"),
    subscription: t.field({ type: MemberSubscriptionRef, resolve: (sub) => sub }),
    customerEmail: t.exposeString("customerEmail", { nullable: true }),
    startedAt: t.field({ type: "DateTime", resolve: (sub) => sub.createdAt }),
    ownerActions: t.field({ type: [OwnerSubscriptionActionEnum], description: "What the owner may do now.", resolve: (sub) => sub.ownerActions }),
  }),
});

builder.queryFields((t) => ({
  ownerGiftCards: t.withAuth({ permission: "orders.read" }).connection(
    {
      type: StoreGiftCardRef,
      description: "Owners: the store's gift cards, newest first.",
      args: {
        state: t.arg({ type: GiftCardStateEnum }),
        codeEnding: t.arg.string({ description: "The last group of the code (e.g. K7M2Q)." }),
      },
      validate: forwardPagesOnly,
      resolve: async (_root, args, ctx) => {
        const page = await ctx.services.giftCardAdmin.list({ state: args.state, codeEnding: args.codeEnding, first: args.first, after: args.after });
        return forwardConnection(page, (node) => node.id);
      },
    },
    { name: "StoreGiftCardConnection" },
    { name: "StoreGiftCardEdge" },
  ),
  ownerSubscriptions: t.withAuth({ permission: "orders.read" }).connection(
    {
      type: OwnerSubscriptionRef,
      description: "Owners: the store's subscriptions, newest first.",
      args: { state: t.arg({ type: SubscriptionStateEnum }) },
      validate: forwardPagesOnly,
      resolve: async (_root, args, ctx) => {
        const page = await ctx.services.ownerSubscriptions.list({ state: args.state, first: args.first, after: args.after });
        return forwardConnection(page, (node) => node.id);
      },
    },
    { name: "OwnerSubscriptionConnection" },
    { name: "OwnerSubscriptionEdge" },
  ),
}));

const IssueGiftCardInput = builder.inputType("IssueGiftCardInput", {
  fields: (t) => ({
    amount: t.int({ required: true, description: "Minor units of the store's currency." }),
    recipientEmail: t.string({ required: true }),
    note: t.string({ description: "Why (e.g. a goodwill gesture); the owner's, not emailed." }),
  }),
});
const DisableGiftCardInput = builder.inputType("DisableGiftCardInput", {
  fields: (t) => ({ giftCardId: t.string({ required: true }), reason: t.string({ required: true }) }),
});
const EnableGiftCardInput = builder.inputType("EnableGiftCardInput", { fields: (t) => ({ giftCardId: t.string({ required: true }) }) });
const ChangeOwnerSubscriptionInput = builder.inputType("ChangeOwnerSubscriptionInput", {
  fields: (t) => ({
    subscriptionId: t.string({ required: true }),
    action: t.field({ type: OwnerSubscriptionActionEnum, required: true }),
    nextBillingAt: t.field({ type: "DateTime", description: "CHANGE_BILLING_DATE: the new date (not in the past)." }),
  }),
});

const viewerEmail = (ctx: { viewer: { signedIn: boolean; email?: string } }) => (ctx.viewer.signedIn ? (ctx.viewer.email ?? null) : null);

builder.mutationFields((t) => ({
  issueGiftCard: t.withAuth({ permission: "orders.write" }).field({
    type: successWith("IssueGiftCardSuccess", "giftCard", StoreGiftCardRef),
    description: "Owners: issues a gift card by hand in the store's currency and emails its code to the recipient (through the outbox).",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: IssueGiftCardInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ giftCard: await ctx.services.giftCardAdmin.issue(input, viewerEmail(ctx)) }),
  }),
  disableGiftCard: t.withAuth({ permission: "orders.write" }).field({
    type: successWith("DisableGiftCardSuccess", "giftCard", StoreGiftCardRef),
    description: "Owners: disables a gift card (checkout refuses it) with a reason.",
    errors: { types: [NotFoundError, InvalidInputError, ConflictError] },
    args: { input: t.arg({ type: DisableGiftCardInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ giftCard: await ctx.services.giftCardAdmin.disable(input.giftCardId, input.reason) }),
  }),
  enableGiftCard: t.withAuth({ permission: "orders.write" }).field({
    type: successWith("EnableGiftCardSuccess", "giftCard", StoreGiftCardRef),
    description: "Owners: enables a disabled gift card again.",
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: EnableGiftCardInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ giftCard: await ctx.services.giftCardAdmin.enable(input.giftCardId) }),
  }),
  changeOwnerSubscription: t.withAuth({ permission: "orders.write" }).field({
    type: successWith("ChangeOwnerSubscriptionSuccess", "subscription", OwnerSubscriptionRef),
    description: "Owners: pauses, resumes, skips the next cycle of, cancels a subscription, or moves its next billing date (not into the past).",
    errors: { types: [NotFoundError, SubscriptionMoveError, InvalidInputError] },
    args: { input: t.arg({ type: ChangeOwnerSubscriptionInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const move =
        input.action === "CHANGE_BILLING_DATE"
          ? { action: input.action, nextBillingAt: input.nextBillingAt ?? new Date(Number.NaN) }
          : { action: input.action };
      return { subscription: await ctx.services.ownerSubscriptions.change(input.subscriptionId, move) };
    },
  }),
}));
