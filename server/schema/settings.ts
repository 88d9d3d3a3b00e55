// The store's public settings, for the storefront (captcha, express checkout, pay-later messaging).
import type { StoreSettings } from "../services/settings/store-settings.ts";
import { builder } from "./builder.ts";
import { MoneyRef } from "./money.ts";

const PayLaterRef = builder.objectRef<StoreSettings["payLater"] & { currency: string }>("PayLaterSettings").implement({
  description: "Installment messaging: the provider's bounds and the store's payment account country (spec §5 Installment).",
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled"),
    minimum: t.field({ type: MoneyRef, resolve: (payLater) => ({ value: payLater.min, currency: payLater.currency }) }),
    maximum: t.field({ type: MoneyRef, resolve: (payLater) => ({ value: payLater.max, currency: payLater.currency }) }),
    accountCountry: t.exposeString("accountCountry"),
  }),
});

const StoreRef = builder.objectRef<StoreSettings>("Store").implement({
  fields: (t) => ({
    title: t.exposeString("title"),
    currency: t.exposeString("currency"),
    country: t.exposeString("storeCountry", { description: "The store's own country (ISO 3166-1 alpha-2): first in the checkout's country list." }),
    timeZone: t.exposeString("timeZone"),
    captchaSiteKey: t.exposeString("captchaSiteKey", { nullable: true, description: "Set: forms and waitlists show a captcha." }),
    expressCheckout: t.exposeBoolean("expressCheckout", { description: "A successful add goes straight to checkout." }),
    multipleQuantityAllowedForServices: t.exposeBoolean("multipleQuantityAllowedForServices"),
    payLater: t.field({ type: PayLaterRef, resolve: (store) => ({ ...store.payLater, currency: store.currency }) }),
  }),
});

builder.queryField("store", (t) =>
  t.field({ type: StoreRef, description: "The store's public settings.", resolve: (_root, _args, ctx) => ctx.services.settings.get() }),
);

const StorePageRef = builder.objectRef<{ id: number; urlId: string; title: string }>("StorePage").implement({
  description: "A store's page (/{urlId}): a product collection; its products are `products(collection: urlId)`.",
  fields: (t) => ({ urlId: t.exposeString("urlId"), title: t.exposeString("title") }),
});

builder.queryField("storePage", (t) =>
  t.field({
    type: StorePageRef,
    nullable: true,
    description: "The store (product collection) whose page is /{urlId}, or null.",
    args: { urlId: t.arg.string({ required: true }) },
    resolve: async (_root, { urlId }, ctx) => (await ctx.services.storeAdmin.stores()).find((store) => store.urlId === urlId) ?? null,
  }),
);
