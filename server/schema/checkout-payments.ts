// The checkout's payment through the provider over GraphQL (issue 22): how the store takes payment
// (Store.payments) and what `checkout` answers when it must be paid (CheckoutPaymentRequired, in its
// payload union; checkout.ts). The amount is the server's; nothing the client sends changes it.
import type { OpenPayment } from "../services/payments/checkout-payments.ts";
import { builder } from "./builder.ts";
import { MoneyRef } from "./money.ts";
import { StoreRef } from "./store.ts";

const StorePaymentModeEnum = builder.enumType("StorePaymentMode", {
  values: {
    NONE: { value: "none", description: "Test mode: no provider is connected and no payment is taken." },
    TEST: { value: "test", description: "The provider's test keys: only its test cards are accepted, no real money moves." },
    LIVE: { value: "live", description: "Live keys: real payments." },
  },
});

const StorePaymentsRef = builder.objectRef<{ mode: "none" | "test" | "live"; publishableKey: string | null }>("StorePayments").implement({
  description: "How the store takes payment (issue 22). NONE: test mode, no payment is taken (no provider connected).",
  fields: (t) => ({
    mode: t.field({ type: StorePaymentModeEnum, resolve: (payments) => payments.mode }),
    publishableKey: t.exposeString("publishableKey", {
      nullable: true,
      description: "The provider's publishable key (Stripe's pk_...); null when mode is NONE.",
    }),
  }),
});

builder.objectField(StoreRef, "payments", (t) =>
  t.field({
    type: StorePaymentsRef,
    resolve: async (_store, _args, ctx) => {
      const account = await ctx.services.payments.view();
      return account ? { mode: account.mode, publishableKey: account.publishableKey } : { mode: "none" as const, publishableKey: null };
    },
  }),
);

export const CheckoutPaymentRequiredRef = builder.objectRef<OpenPayment>("CheckoutPaymentRequired").implement({
  description: "The store takes payment: the order is made once it succeeds. Confirm with Stripe.js's Payment Element.",
  fields: (t) => ({
    paymentId: t.exposeID("paymentId"),
    publishableKey: t.exposeString("publishableKey"),
    clientSecret: t.exposeString("clientSecret"),
    paymentIntentId: t.exposeString("paymentIntentId"),
    amount: t.field({ type: MoneyRef, resolve: (payment) => ({ value: payment.amount, currency: payment.currency }) }),
    returnUrl: t.exposeString("returnUrl", { description: "Absolute URL of this site's /checkout/return (Stripe's return_url after 3-D Secure)." }),
    holdExpiresAt: t.field({
      type: "DateTime",
      description: "Until when the cart's stock is held for this payment.",
      resolve: (payment) => new Date(payment.holdExpiresAt),
    }),
  }),
});
