// The owner's site settings over GraphQL (platform-support §3-§5, §7): header/footer, languages,
// navigation, site layout, captcha keys. (Commerce preferences and store creation: store-setup.ts.)
// Each field names the permission it needs; scope-auth (builder.ts) enforces it.
import { InvalidInputError, NotFoundError } from "../domain/errors.ts";
import type { CaptchaKeysView, SiteLayout } from "../services/site/site-settings.ts";
import { builder } from "./builder.ts";
import { successWith } from "./payloads.ts";

const HeaderFooterRef = builder.objectRef<{ header: Record<string, unknown>; footer: Record<string, unknown> }>("SiteHeaderFooter").implement({
  fields: (t) => ({
    header: t.field({ type: "JSONObject", resolve: (value) => value.header }),
    footer: t.field({ type: "JSONObject", resolve: (value) => value.footer }),
  }),
});

const LanguageRef = builder.objectRef<{ code: string; isDefault: boolean }>("SiteLanguage").implement({
  fields: (t) => ({ code: t.exposeString("code"), isDefault: t.exposeBoolean("isDefault") }),
});

const MultilingualRef = builder.objectRef<{ ok: true }>("Multilingual").implement({
  description: "The site's languages and its translation connection (GET /api/multilingual/...).",
  fields: (t) => ({
    defaultLanguage: t.string({ resolve: async (_m, _a, ctx) => (await ctx.services.siteSettings.multilingualSettings()).defaultLanguage }),
    transactionalEmailsEnabled: t.boolean({
      description: "Restock emails go out in the shopper's language (needs a connected translation plugin).",
      resolve: async (_m, _a, ctx) => (await ctx.services.siteSettings.multilingualSettings()).transactionalEmailsEnabled,
    }),
    connected: t.boolean({ resolve: async (_m, _a, ctx) => (await ctx.services.siteSettings.multilingualStatus()).connected }),
    languages: t.field({ type: [LanguageRef], resolve: async (_m, _a, ctx) => (await ctx.services.siteSettings.languages()).languages }),
  }),
});

type LayoutLinkShape = SiteLayout["layout"][number]["links"][number];
const LayoutLinkRef = builder.objectRef<LayoutLinkShape>("SiteLayoutLink");
LayoutLinkRef.implement({
  fields: (t) => ({
    title: t.exposeString("title"),
    url: t.exposeString("url", { nullable: true }),
    collectionId: t.exposeInt("collectionId", { nullable: true }),
    externalLink: t.exposeString("externalLink", { nullable: true }),
    memberAreaId: t.exposeString("memberAreaId", { nullable: true }),
    links: t.field({ type: [LayoutLinkRef], resolve: (link) => link.links }),
  }),
});

export const LayoutRef = builder.objectRef<SiteLayout["layout"][number]>("SiteLayoutNavigation").implement({
  fields: (t) => ({
    identifier: t.exposeString("identifier"),
    templateId: t.exposeString("templateId", { nullable: true }),
    links: t.field({ type: [LayoutLinkRef], resolve: (navigation) => navigation.links }),
  }),
});

const CaptchaSettingsRef = builder.objectRef<CaptchaKeysView>("CaptchaSettings").implement({
  fields: (t) => ({ siteKey: t.exposeString("siteKey", { nullable: true }), hasSecretKey: t.exposeBoolean("hasSecretKey") }),
});

const NavigationItemInput = builder.inputRef<{
  title?: string | null;
  collectionId?: number | null;
  externalLink?: string | null;
  memberAreaId?: string | null;
  items?: unknown[] | null;
}>("NavigationItemInput");
NavigationItemInput.implement({
  fields: (t) => ({
    title: t.string(),
    collectionId: t.int(),
    externalLink: t.string(),
    memberAreaId: t.string(),
    items: t.field({ type: [NavigationItemInput] }),
  }),
});

const UpdateNavigationSuccess = builder.objectRef<{ fieldName: string; templateId: string | null }>("UpdateNavigationSuccess").implement({
  fields: (t) => ({ fieldName: t.exposeString("fieldName"), templateId: t.exposeString("templateId", { nullable: true }) }),
});

const SiteLayoutRef = builder.objectRef<SiteLayout>("SiteLayout").implement({
  fields: (t) => ({
    navigations: t.field({ type: [LayoutRef], description: "The main navigation first.", resolve: (siteLayout) => siteLayout.layout }),
  }),
});

const UpdateLanguagesSuccess = builder.objectRef<{ languages: { code: string; isDefault: boolean }[] }>("UpdateLanguagesSuccess").implement({
  fields: (t) => ({ languages: t.field({ type: [LanguageRef], resolve: (success) => success.languages }) }),
});

builder.queryFields((t) => ({
  siteHeaderFooter: t.withAuth({ permission: "site.read" }).field({
    type: HeaderFooterRef,
    description: "Owners: the site's header and footer.",
    resolve: (_root, _args, ctx) => ctx.services.siteSettings.headerFooter(),
  }),
  multilingual: t.withAuth({ permission: "site.read" }).field({
    type: MultilingualRef,
    description: "Owners: languages, multilingual settings and the translation connection.",
    resolve: () => ({ ok: true as const }),
  }),
  siteLayout: t.withAuth({ permission: "site.read" }).field({
    type: SiteLayoutRef,
    description: "Owners: the site's navigations, the main navigation first.",
    errors: { types: [NotFoundError] },
    resolve: (_root, _args, ctx) => ctx.services.siteSettings.siteLayout(),
  }),
}));

const UpdateSiteHeaderFooterInput = builder.inputType("UpdateSiteHeaderFooterInput", {
  fields: (t) => ({ header: t.field({ type: "JSONObject", required: true }), footer: t.field({ type: "JSONObject", required: true }) }),
});

const UpdateLanguagesInput = builder.inputType("UpdateLanguagesInput", {
  fields: (t) => ({ languages: t.stringList({ required: true, description: "Language codes, the default first." }) }),
});

const UpdateMultilingualSettingsInput = builder.inputType("UpdateMultilingualSettingsInput", {
  fields: (t) => ({ transactionalEmailsEnabled: t.boolean({ required: true }) }),
});

const UpdateCaptchaSettingsInput = builder.inputType("UpdateCaptchaSettingsInput", {
  fields: (t) => ({ siteKey: t.string(), secretKey: t.string() }),
});

const UpdateNavigationInput = builder.inputType("UpdateNavigationInput", {
  fields: (t) => ({
    fieldName: t.string({ required: true }),
    templateId: t.string(),
    items: t.field({ type: [NavigationItemInput], required: true }),
  }),
});

builder.mutationFields((t) => ({
  updateSiteHeaderFooter: t.withAuth({ permission: "site.design" }).field({
    type: successWith("UpdateSiteHeaderFooterSuccess", "siteHeaderFooter", HeaderFooterRef),
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: UpdateSiteHeaderFooterInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ siteHeaderFooter: await ctx.services.siteSettings.saveHeaderFooter(input) }),
  }),
  updateLanguages: t.withAuth({ permission: "site.settings" }).field({
    type: UpdateLanguagesSuccess,
    description: "Owners: the site's languages, the first the default.",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: UpdateLanguagesInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ languages: (await ctx.services.siteSettings.saveLanguages(input.languages)).languages }),
  }),
  updateMultilingualSettings: t.withAuth({ permission: "site.settings" }).field({
    type: successWith("UpdateMultilingualSettingsSuccess", "multilingual", MultilingualRef),
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: UpdateMultilingualSettingsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.siteSettings.updateMultilingualSettings(input);
      return { multilingual: { ok: true as const } };
    },
  }),
  disconnectMultilingual: t.withAuth({ permission: "site.settings" }).field({
    type: successWith("DisconnectMultilingualSuccess", "multilingual", MultilingualRef),
    description: "Owners: disconnects the translation plugin; only the default language stays.",
    // No error yet; a union all the same, like every mutation's payload (docs/api.md).
    errors: { types: [] },
    resolve: async (_root, _args, ctx) => {
      await ctx.services.siteSettings.disconnectMultilingual();
      return { multilingual: { ok: true as const } };
    },
  }),
  updateCaptchaSettings: t.withAuth({ permission: "site.settings" }).field({
    type: successWith("UpdateCaptchaSettingsSuccess", "captchaSettings", CaptchaSettingsRef),
    description: "Owners: the reCAPTCHA site key and secret (null removes them; the secret is never read back).",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: UpdateCaptchaSettingsInput }) },
    resolve: async (_root, { input }, ctx) => ({ captchaSettings: await ctx.services.siteSettings.saveCaptchaSettings(input ?? {}) }),
  }),
  updateNavigation: t.withAuth({ permission: "site.design" }).field({
    type: UpdateNavigationSuccess,
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: UpdateNavigationInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.services.siteSettings.updateNavigation({ fieldName: input.fieldName, templateId: input.templateId, navigation: { items: input.items } }),
  }),
}));
