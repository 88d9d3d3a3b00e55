// The store's payment account over GraphQL (issue 22, "Connecting a store to Stripe"): one
// `ownerPayments` object with a fixed `id` (a mutation's answer replaces the screen's copy) and the
// two mutations. All need payments.manage. No type here has a field for a secret: the secret key and
// the webhook signing secret go in through ConnectPaymentAccountInput and never come back.
import { FormInvalidError, InvalidInputError, NotAllowedError, PaymentProviderUnavailableError } from "../domain/errors.ts";
import type { PaymentAccountView } from "../services/payments/payment-accounts.ts";
import { STRIPE_WEBHOOK_EVENTS } from "../domain/payments/checkout-payment.ts";
import { builder } from "./builder.ts";
import { successWith } from "./payloads.ts";

interface OwnerPayments {
  websiteId: string;
  account: PaymentAccountView | null;
}

const PaymentModeEnum = builder.enumType("PaymentMode", {
  values: { TEST: { value: "test", description: "Test keys: no real money moves." }, LIVE: { value: "live", description: "Live keys: real payments." } },
});

const PaymentAccountRef = builder.objectRef<PaymentAccountView>("PaymentAccount").implement({
  description: "The site's Stripe account, as its keys showed it when they were saved. Never a secret.",
  fields: (t) => ({
    provider: t.exposeString("provider", { description: "stripe" }),
    mode: t.field({ type: PaymentModeEnum, resolve: (account) => account.mode }),
    publishableKey: t.exposeString("publishableKey", { description: "pk_test_… or pk_live_… (public by design: Stripe.js uses it in the browser)." }),
    accountId: t.exposeString("accountId", { description: "Stripe's account id (acct_…)." }),
    country: t.exposeString("country", { nullable: true }),
    defaultCurrency: t.exposeString("defaultCurrency", { nullable: true, description: "Lower case, as Stripe answers (usd)." }),
    hasWebhookSecret: t.exposeBoolean("hasWebhookSecret", { description: "Whether a webhook signing secret is saved (its value is never sent)." }),
    connectedAt: t.field({ type: "DateTime", resolve: (account) => account.connectedAt }),
  }),
});

const OwnerPaymentsRef = builder.objectRef<OwnerPayments>("OwnerPayments").implement({
  description: "Owners: the store's payment account; none: the store runs in test mode.",
  fields: (t) => ({
    id: t.id({ description: "Fixed per site: a mutation's answer replaces the screen's copy.", resolve: (payments) => `OwnerPayments:${payments.websiteId}` }),
    account: t.field({ type: PaymentAccountRef, nullable: true, resolve: (payments) => payments.account }),
    webhookUrl: t.string({
      description: "The address to give Stripe for this site's webhooks (Developers → Webhooks → Add endpoint).",
      resolve: (_payments, _args, ctx) => ctx.services.checkoutPayments.webhookUrl(),
    }),
    webhookEvents: t.stringList({ description: "The events that endpoint must send.", resolve: () => [...STRIPE_WEBHOOK_EVENTS] }),
  }),
});

const ConnectPaymentAccountInput = builder.inputType("ConnectPaymentAccountInput", {
  fields: (t) => ({
    publishableKey: t.string({ required: true }),
    secretKey: t.string({ required: true, description: "Checked with Stripe, stored encrypted, never sent back." }),
    webhookSecret: t.string({ required: false, description: "whsec_…; empty or absent: none." }),
  }),
});

type Ctx = { services: { websiteId: string; payments: { view(): Promise<PaymentAccountView | null> } } };
const answer = async (ctx: Ctx): Promise<OwnerPayments> => ({ websiteId: ctx.services.websiteId, account: await ctx.services.payments.view() });

builder.queryField("ownerPayments", (t) =>
  t.withAuth({ permission: "payments.manage" }).field({
    type: OwnerPaymentsRef,
    description: "Owners: the store's payment account (Store settings → Payments).",
    resolve: (_root, _args, ctx) => answer(ctx),
  }),
);

builder.mutationFields((t) => ({
  connectPaymentAccount: t.withAuth({ permission: "payments.manage" }).field({
    type: successWith("ConnectPaymentAccountSuccess", "payments", OwnerPaymentsRef),
    description:
      "Owners: checks the Stripe keys (formats, then Stripe) and saves them, replacing any before. FormInvalidError: a key's format; InvalidInputError: Stripe refused the key (its message); PaymentProviderUnavailableError: Stripe not reached; NotAllowedError: the server has no PAYMENTS_ENCRYPTION_KEY. Nothing is saved on an error.",
    errors: { types: [FormInvalidError, InvalidInputError, PaymentProviderUnavailableError, NotAllowedError] },
    args: { input: t.arg({ type: ConnectPaymentAccountInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.payments.connect(input);
      return { payments: await answer(ctx) };
    },
  }),
  disconnectPaymentAccount: t.withAuth({ permission: "payments.manage" }).field({
    type: successWith("DisconnectPaymentAccountSuccess", "payments", OwnerPaymentsRef),
    description: "Owners: deletes the store's payment keys; the store goes back to test mode.",
    errors: { types: [] },
    resolve: async (_root, _args, ctx) => {
      await ctx.services.payments.disconnect();
      return { payments: await answer(ctx) };
    },
  }),
}));
