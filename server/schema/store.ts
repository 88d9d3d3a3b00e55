// The store's public settings, for the storefront (captcha, express checkout, pay-later messaging).
import type { StoreSettings } from "../services/store/store-settings.ts";
import { builder } from "./builder.ts";
import { MoneyRef } from "./money.ts";
import { isCustomLanguage, languageName, visitorLocale } from "../domain/site/visitor-locale.ts";

const PayLaterRef = builder.objectRef<StoreSettings["payLater"] & { currency: string }>("PayLaterSettings").implement({
  description: "Installment messaging: the provider's bounds and the store's payment account country (spec §5 Installment).",
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled"),
    minimum: t.field({ type: MoneyRef, resolve: (payLater) => ({ value: payLater.min, currency: payLater.currency }) }),
    maximum: t.field({ type: MoneyRef, resolve: (payLater) => ({ value: payLater.max, currency: payLater.currency }) }),
    accountCountry: t.exposeString("accountCountry"),
    modalAvailable: t.boolean({
      description: "Whether the provider's own modal can be fetched (GET /api/commerce/pay-later/modal); else the popup shows the store's terms.",
      resolve: (_payLater, _args, context) => context.services.payLaterModal.configured,
    }),
  }),
});

export const StoreRef = builder.objectRef<StoreSettings>("Store").implement({
  fields: (t) => ({
    title: t.exposeString("title"),
    currency: t.exposeString("currency"),
    country: t.exposeString("storeCountry", { description: "The store's own country (ISO 3166-1 alpha-2): first in the checkout's country list." }),
    timeZone: t.exposeString("timeZone"),
    captchaSiteKey: t.exposeString("captchaSiteKey", { nullable: true, description: "Set: forms and waitlists show a captcha." }),
    expressCheckout: t.exposeBoolean("expressCheckout", { description: "A successful add goes straight to checkout." }),
    multipleQuantityAllowedForServices: t.exposeBoolean("multipleQuantityAllowedForServices"),
    payLater: t.field({
      type: PayLaterRef,
      // With Stripe connected the pay-later methods are its account's: that account's country decides
      // the market (issue 22); without it, the owner's setting.
      resolve: async (store, _args, ctx) => {
        const account = await ctx.services.payments.view();
        return { ...store.payLater, accountCountry: account?.country ?? store.payLater.accountCountry, currency: store.currency };
      },
    }),
  }),
});

builder.queryField("store", (t) =>
  t.field({ type: StoreRef, description: "The store's public settings.", resolve: (_root, _args, ctx) => ctx.services.settings.get() }),
);

export const StorePageRef = builder.objectRef<{ id: number; urlId: string; title: string }>("StorePage").implement({
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

const SiteLanguageRef = builder.objectRef<{ code: string; isDefault: boolean }>("StorefrontLanguage").implement({
  description: "One of the site's languages, as the storefront's language switcher lists it.",
  fields: (t) => ({
    code: t.exposeString("code"),
    isDefault: t.exposeBoolean("isDefault"),
    name: t.string({ description: 'The language\'s own name ("Français").', resolve: (language) => languageName(language.code) }),
    custom: t.boolean({
      description: "A custom language (no standard code): choosing it is not saved with POST /api/site-users/account/locale.",
      resolve: (language) => isCustomLanguage(language.code),
    }),
  }),
});

const SiteLanguagesRef = builder.objectRef<{ languages: { code: string; isDefault: boolean }[]; current: string }>("SiteLanguages").implement({
  fields: (t) => ({
    languages: t.field({ type: [SiteLanguageRef], resolve: (site) => site.languages }),
    current: t.exposeString("current", { description: "The visitor's language: their choice when the site offers it, else the default." }),
  }),
});

builder.queryField("siteLanguages", (t) =>
  t.field({
    type: SiteLanguagesRef,
    description: "The site's languages (the owner's multilingual settings) and the visitor's.",
    resolve: async (_root, _args, ctx) => {
      const { languages } = await ctx.services.siteSettings.languages();
      const fallback = languages.find((language) => language.isDefault)?.code ?? languages[0].code;
      return {
        languages,
        current: visitorLocale(
          ctx.locale,
          languages.map((language) => language.code),
          fallback,
        ),
      };
    },
  }),
);
