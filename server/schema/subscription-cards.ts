// The member updates the card of a subscription (issue 22): startSubscriptionCardUpdate answers the
// SetupIntent's client secret and the publishable key for the Payment Element (never a secret key);
// completeSubscriptionCardUpdate makes the card it saved the subscription's, charging a past-due
// cycle at once (services/checkout/subscription-cards.ts).
import { InvalidInputError, NotAllowedError, NotFoundError, NotSignedInError, PaymentProviderUnavailableError } from "../domain/errors.ts";
import type { CardSetup } from "../services/checkout/subscription-cards.ts";
import type { SubscriptionView } from "../services/checkout/subscriptions.ts";
import { builder } from "./builder.ts";
import { MemberSubscriptionRef } from "./checkout-subscriptions.ts";

const StartSuccess = builder.objectRef<CardSetup>("StartSubscriptionCardUpdateSuccess").implement({
  fields: (t) => ({
    clientSecret: t.exposeString("clientSecret", { description: "The SetupIntent's client secret, for Stripe.js's confirmSetup." }),
    publishableKey: t.exposeString("publishableKey"),
    subscription: t.field({ type: MemberSubscriptionRef, resolve: (setup) => setup.subscription }),
  }),
});

const CompleteSuccess = builder.objectRef<{ subscription: SubscriptionView }>("CompleteSubscriptionCardUpdateSuccess").implement({
  fields: (t) => ({ subscription: t.field({ type: MemberSubscriptionRef, resolve: (payload) => payload.subscription }) }),
});

builder.mutationFields((t) => ({
  startSubscriptionCardUpdate: t.field({
    type: StartSuccess,
    description: "The signed-in member starts saving a new card for one of their subscriptions (a Stripe SetupIntent).",
    errors: { types: [NotFoundError, NotAllowedError, PaymentProviderUnavailableError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("StartSubscriptionCardUpdateInput", { fields: (f) => ({ subscriptionId: f.id({ required: true }) }) }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      if (!ctx.viewer.signedIn) throw new NotSignedInError();
      return ctx.services.subscriptionCards.start(ctx.viewer.accountId, String(input.subscriptionId));
    },
  }),
  completeSubscriptionCardUpdate: t.field({
    type: CompleteSuccess,
    description: "The SetupIntent succeeded: its card pays the subscription from now on; a past-due cycle is charged again at once.",
    errors: { types: [NotFoundError, NotAllowedError, InvalidInputError, PaymentProviderUnavailableError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("CompleteSubscriptionCardUpdateInput", {
          fields: (f) => ({ subscriptionId: f.id({ required: true }), setupIntentId: f.string({ required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      if (!ctx.viewer.signedIn) throw new NotSignedInError();
      return { subscription: await ctx.services.subscriptionCards.complete(ctx.viewer.accountId, String(input.subscriptionId), input.setupIntentId) };
    },
  }),
}));
