// Abandoned checkout recovery (issue 24 part 4): the checkout's contact step (the email the shopper
// typed, their consent as given, their language), and for owners the reminders' setting and figures.
// Reading needs commerce.read and changing commerce.write, as the store's emails do.
import { cartTokenInput, checkoutEmailInput } from "../domain/checkout-inputs.ts";
import { InvalidInputError } from "../domain/errors.ts";
import type { AbandonedCheckoutSettings } from "../services/checkout/abandoned-checkouts.ts";
import { builder } from "./builder.ts";

const AbandonedCheckoutsRef = builder.objectRef<AbandonedCheckoutSettings & { reminded: number; recovered: number }>("AbandonedCheckouts").implement({
  description: "The store's abandoned checkout reminders: the owner's setting and what it did.",
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled", { description: "Off until the owner turns it on." }),
    delayMinutes: t.exposeInt("delayMinutes", { description: "How long a checkout with an email and no order waits for its one reminder: 15 to 4320." }),
    reminded: t.exposeInt("reminded", { description: "Carts that got a reminder." }),
    recovered: t.exposeInt("recovered", { description: "Reminded carts ordered after their reminder." }),
  }),
});

const RecordCheckoutContactSuccess = builder.objectRef<{ recorded: boolean }>("RecordCheckoutContactSuccess").implement({
  fields: (t) => ({ recorded: t.exposeBoolean("recorded", { description: "False when there is no such cart or it is ordered." }) }),
});

const withFigures = async (ctx: {
  services: { abandonedCheckouts: { settings(): Promise<AbandonedCheckoutSettings>; stats(): Promise<{ reminded: number; recovered: number }> } };
}) => {
  const [settings, stats] = await Promise.all([ctx.services.abandonedCheckouts.settings(), ctx.services.abandonedCheckouts.stats()]);
  return { ...settings, ...stats };
};

builder.queryField("abandonedCheckouts", (t) =>
  t.withAuth({ permission: "commerce.read" }).field({
    type: AbandonedCheckoutsRef,
    description: "Owners: the abandoned checkout reminders' setting, carts reminded and carts recovered.",
    resolve: (_root, _args, ctx) => withFigures(ctx),
  }),
);

builder.mutationFields((t) => ({
  updateAbandonedCheckoutSettings: t.withAuth({ permission: "commerce.write" }).field({
    type: builder.objectRef<{ abandonedCheckouts: Awaited<ReturnType<typeof withFigures>> }>("UpdateAbandonedCheckoutSettingsSuccess").implement({
      fields: (f) => ({ abandonedCheckouts: f.field({ type: AbandonedCheckoutsRef, resolve: (success) => success.abandonedCheckouts }) }),
    }),
    description: "Owners: turns the reminders on or off and sets their delay (15 minutes to 72 hours).",
    errors: { types: [InvalidInputError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("UpdateAbandonedCheckoutSettingsInput", {
          fields: (f) => ({ enabled: f.boolean({ required: true }), delayMinutes: f.int({ required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.abandonedCheckouts.updateSettings(input);
      return { abandonedCheckouts: await withFigures(ctx) };
    },
  }),
  recordCheckoutContact: t.field({
    type: RecordCheckoutContactSuccess,
    errors: { types: [InvalidInputError] },
    description:
      "The checkout's contact step: the visitor's cart (or the cart of `cartToken`) keeps the email, the marketing consent as the shopper left the box and their language, for one reminder if they leave (when the store sends them). `recorded` is false when there is no such cart or it is ordered.",
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("RecordCheckoutContactInput", {
          fields: (f) => ({
            email: f.string({ required: true, validate: checkoutEmailInput }),
            marketingConsent: f.boolean({ required: true, description: "True only when the shopper ticked the box." }),
            language: f.string({ description: "The shopper's language (BCP 47): the reminder's." }),
            cartToken: f.string({ validate: cartTokenInput }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => ({
      recorded: await ctx.services.abandonedCheckouts.recordContact(input.cartToken ?? ctx.visitor.cartToken, {
        email: input.email,
        marketingConsent: input.marketingConsent,
        language: input.language ?? null,
      }),
    }),
  }),
}));
