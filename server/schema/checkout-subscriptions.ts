// Members' subscriptions over GraphQL (issue 12 item 2): Viewer.subscriptions lists them with the plan
// in the spec's wording and the next billing date; changeSubscription skips the next cycle, pauses,
// resumes or cancels one (domain/checkout/subscription-states.ts decides what each state allows).
import { InvalidInputError, NotFoundError, NotSignedInError, SubscriptionMoveError } from "../domain/errors.ts";
import { describePlan } from "../domain/catalog/subscription.ts";
import { MEMBER_SUBSCRIPTION_ACTIONS, SUBSCRIPTION_STATES } from "../domain/checkout/subscription-states.ts";
import { formatMoney } from "../domain/money.ts";
import type { SubscriptionView } from "../services/checkout/subscriptions.ts";
import { builder } from "./builder.ts";
import { MoneyRef } from "./money.ts";

export const SubscriptionStateEnum = builder.enumType("SubscriptionState", { values: SUBSCRIPTION_STATES });
const SubscriptionActionEnum = builder.enumType("SubscriptionAction", { values: MEMBER_SUBSCRIPTION_ACTIONS });

const RenewalFailureRef = builder.objectRef<NonNullable<SubscriptionView["renewalFailure"]>>("SubscriptionRenewalFailure").implement({
  description: "Why a past-due subscription's renewal payment failed, and when it is tried again (issue 22).",
  fields: (t) => ({
    message: t.exposeString("message", { description: 'The payment provider\'s words ("Your card was declined.").' }),
    retryAt: t.field({ type: "DateTime", nullable: true, resolve: (failure) => failure.retryAt }),
  }),
});

export const MemberSubscriptionRef = builder.objectRef<SubscriptionView>("MemberSubscription").implement({
  description: "A subscription the signed-in member started at a subscription checkout.",
  fields: (t) => ({
    id: t.exposeID("id"),
    orderId: t.exposeString("orderId", { description: "The subscription checkout's order (cycle 1)." }),
    productName: t.exposeString("productName"),
    quantity: t.exposeInt("quantity"),
    price: t.field({
      type: MoneyRef,
      description: "What each cycle costs.",
      resolve: (sub) => ({ value: sub.unitPrice * sub.quantity, currency: sub.currency }),
    }),
    planText: t.string({
      description: "The plan in the spec's wording ('$9.00 every month for 1 year'; 'Unavailable').",
      resolve: (sub) =>
        describePlan({ billingPeriod: sub.billingPeriod, numBillingCycles: sub.numBillingCycles }, { variedPrices: false }).replace(
          "{price}",
          formatMoney({ value: sub.unitPrice * sub.quantity, currency: sub.currency }),
        ),
    }),
    state: t.field({ type: SubscriptionStateEnum, resolve: (sub) => sub.state }),
    cyclesBilled: t.exposeInt("cyclesBilled"),
    nextBillingAt: t.field({ type: "DateTime", nullable: true, description: "Null once cancelled or completed.", resolve: (sub) => sub.nextBillingAt }),
    skipNext: t.exposeBoolean("skipNext", { description: "The next cycle will be skipped, not billed." }),
    renewalFailure: t.field({
      type: RenewalFailureRef,
      nullable: true,
      description: "PAST_DUE: the failed renewal payment; null otherwise.",
      resolve: (sub) => sub.renewalFailure,
    }),
    actions: t.field({ type: [SubscriptionActionEnum], description: "What the member may do now.", resolve: (sub) => sub.actions }),
  }),
});

const ChangeSubscriptionSuccess = builder.objectRef<{ subscription: SubscriptionView }>("ChangeSubscriptionSuccess").implement({
  fields: (t) => ({ subscription: t.field({ type: MemberSubscriptionRef, resolve: (payload) => payload.subscription }) }),
});

builder.mutationFields((t) => ({
  changeSubscription: t.field({
    type: ChangeSubscriptionSuccess,
    description: "The signed-in member skips the next cycle of, pauses, resumes or cancels one of their subscriptions.",
    errors: { types: [NotFoundError, SubscriptionMoveError, InvalidInputError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("ChangeSubscriptionInput", {
          fields: (f) => ({ subscriptionId: f.id({ required: true }), action: f.field({ type: SubscriptionActionEnum, required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      if (!ctx.viewer.signedIn) throw new NotSignedInError();
      return { subscription: await ctx.services.subscriptions.change(ctx.viewer.accountId, String(input.subscriptionId), input.action) };
    },
  }),
}));
