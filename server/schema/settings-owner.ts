// The owner's site settings over GraphQL (platform-support §3-§7): header/footer, languages,
// commerce preferences (with a subscription), navigation, site layout, store creation, captcha keys.
// Each field names the permission it needs; scope-auth (builder.ts) enforces it.
import { filter, pipe } from "graphql-yoga";
import { ConflictError, InvalidInputError, NotFoundError } from "../domain/errors.ts";
import type { SiteLayout } from "../services/settings/owner-settings.ts";
import { builder } from "./builder.ts";

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
    defaultLanguage: t.string({ resolve: async (_m, _a, ctx) => (await ctx.services.ownerSettings.multilingualSettings()).defaultLanguage }),
    transactionalEmailsEnabled: t.boolean({
      description: "Restock emails go out in the shopper's language (needs a connected translation plugin).",
      resolve: async (_m, _a, ctx) => (await ctx.services.ownerSettings.multilingualSettings()).transactionalEmailsEnabled,
    }),
    connected: t.boolean({ resolve: async (_m, _a, ctx) => (await ctx.services.ownerSettings.multilingualStatus()).connected }),
    languages: t.field({ type: [LanguageRef], resolve: async (_m, _a, ctx) => (await ctx.services.ownerSettings.languages()).languages }),
  }),
});

const CommercePreferencesRef = builder
  .objectRef<{ websiteId: string; namespace: string; preferences: Record<string, unknown>; version: number; changed?: boolean }>("CommercePreferences")
  .implement({
    fields: (t) => ({
      namespace: t.exposeString("namespace"),
      preferences: t.field({ type: "JSONObject", resolve: (value) => value.preferences }),
      version: t.exposeInt("version", { description: "Bumped by every save that changed something (0: never saved)." }),
      changed: t.boolean({ description: "Whether this save changed anything (an unchanged save is skipped).", resolve: (value) => value.changed ?? false }),
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

const LayoutRef = builder.objectRef<SiteLayout["layout"][number]>("SiteLayoutNavigation").implement({
  fields: (t) => ({
    identifier: t.exposeString("identifier"),
    templateId: t.exposeString("templateId", { nullable: true }),
    links: t.field({ type: [LayoutLinkRef], resolve: (navigation) => navigation.links }),
  }),
});

const CaptchaSettingsRef = builder.objectRef<{ siteKey: string | null; hasSecretKey: boolean }>("CaptchaSettings").implement({
  fields: (t) => ({ siteKey: t.exposeString("siteKey", { nullable: true }), hasSecretKey: t.exposeBoolean("hasSecretKey") }),
});

const StoreCollectionRef = builder.objectRef<{ id: number; urlId: string; title: string; navigationTitle: string }>("StoreCollection").implement({
  fields: (t) => ({
    collectionId: t.exposeInt("id"),
    urlId: t.exposeString("urlId"),
    title: t.exposeString("title"),
    navigationTitle: t.exposeString("navigationTitle"),
  }),
});

const StoreCategoryRef = builder
  .objectRef<{
    id: number;
    collectionId: number;
    displayName: string;
    parentCategoryId: number | null;
    type: string;
    pageRendering: string;
    displayIndex: number;
  }>("StoreCategory")
  .implement({
    fields: (t) => ({
      categoryId: t.exposeInt("id"),
      displayName: t.exposeString("displayName"),
      parentCategoryId: t.exposeInt("parentCategoryId", { nullable: true }),
      type: t.exposeString("type"),
      pageRendering: t.exposeString("pageRendering"),
      displayIndex: t.exposeInt("displayIndex"),
    }),
  });

const CreateStorePayload = builder
  .objectRef<{
    collection: { id: number; urlId: string; title: string; navigationTitle: string };
    rootCategory: {
      id: number;
      collectionId: number;
      displayName: string;
      parentCategoryId: number | null;
      type: string;
      pageRendering: string;
      displayIndex: number;
    };
    addedToNavigation: boolean;
  }>("CreateStorePayload")
  .implement({
    fields: (t) => ({
      collection: t.field({ type: StoreCollectionRef, resolve: (payload) => payload.collection }),
      rootCategory: t.field({ type: StoreCategoryRef, resolve: (payload) => payload.rootCategory }),
      addedToNavigation: t.exposeBoolean("addedToNavigation"),
    }),
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

const NavigationPayload = builder.objectRef<{ fieldName: string; templateId: string | null }>("NavigationUpdate").implement({
  fields: (t) => ({ fieldName: t.exposeString("fieldName"), templateId: t.exposeString("templateId", { nullable: true }) }),
});

builder.queryFields((t) => ({
  siteHeaderFooter: t.withAuth({ permission: "site.read" }).field({
    type: HeaderFooterRef,
    description: "Owners: the site's header and footer.",
    resolve: (_root, _args, ctx) => ctx.services.ownerSettings.headerFooter(),
  }),
  multilingual: t.withAuth({ permission: "site.read" }).field({
    type: MultilingualRef,
    description: "Owners: languages, multilingual settings and the translation connection.",
    resolve: () => ({ ok: true as const }),
  }),
  commercePreferences: t.withAuth({ permission: "commerce.read" }).field({
    type: CommercePreferencesRef,
    description: "Owners: the commerce preferences of one namespace.",
    errors: { types: [InvalidInputError] },
    args: { namespace: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.ownerSettings.commercePreferences(args.namespace),
  }),
  siteLayout: t.withAuth({ permission: "site.read" }).field({
    type: [LayoutRef],
    description: "Owners: the site's navigations, the main navigation first.",
    errors: { types: [NotFoundError] },
    resolve: async (_root, _args, ctx) => (await ctx.services.ownerSettings.siteLayout()).layout,
  }),
}));

builder.mutationFields((t) => ({
  updateSiteHeaderFooter: t.withAuth({ permission: "site.design" }).field({
    type: HeaderFooterRef,
    errors: { types: [InvalidInputError] },
    args: { header: t.arg({ type: "JSONObject", required: true }), footer: t.arg({ type: "JSONObject", required: true }) },
    resolve: (_root, args, ctx) => ctx.services.ownerSettings.saveHeaderFooter(args),
  }),
  updateLanguages: t.withAuth({ permission: "site.settings" }).field({
    type: [LanguageRef],
    description: "Owners: the site's languages, the first the default.",
    errors: { types: [InvalidInputError] },
    args: { languages: t.arg.stringList({ required: true }) },
    resolve: async (_root, args, ctx) => (await ctx.services.ownerSettings.saveLanguages(args.languages)).languages,
  }),
  updateMultilingualSettings: t.withAuth({ permission: "site.settings" }).field({
    type: MultilingualRef,
    errors: { types: [InvalidInputError] },
    args: { transactionalEmailsEnabled: t.arg.boolean({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.services.ownerSettings.updateMultilingualSettings(args);
      return { ok: true as const };
    },
  }),
  disconnectMultilingual: t.withAuth({ permission: "site.settings" }).field({
    type: MultilingualRef,
    description: "Owners: disconnects the translation plugin; only the default language stays.",
    resolve: async (_root, _args, ctx) => {
      await ctx.services.ownerSettings.disconnectMultilingual();
      return { ok: true as const };
    },
  }),
  updateCaptchaSettings: t.withAuth({ permission: "site.settings" }).field({
    type: CaptchaSettingsRef,
    description: "Owners: the reCAPTCHA site key and secret (null removes them; the secret is never read back).",
    errors: { types: [InvalidInputError] },
    args: { siteKey: t.arg.string(), secretKey: t.arg.string() },
    resolve: (_root, args, ctx) => ctx.services.ownerSettings.saveCaptchaSettings(args),
  }),
  updateCommercePreferences: t.withAuth({ permission: "commerce.write" }).field({
    type: CommercePreferencesRef,
    description: "Owners: replaces a namespace's preferences (websiteId dropped, empty values filtered; an unchanged save is skipped).",
    errors: { types: [InvalidInputError] },
    args: { namespace: t.arg.string({ required: true }), preferences: t.arg({ type: "JSONObject", required: true }) },
    resolve: (_root, args, ctx) => ctx.services.ownerSettings.saveCommercePreferences(args.namespace, args.preferences),
  }),
  updateNavigation: t.withAuth({ permission: "site.design" }).field({
    type: NavigationPayload,
    errors: { types: [InvalidInputError] },
    args: { fieldName: t.arg.string({ required: true }), templateId: t.arg.string(), items: t.arg({ type: [NavigationItemInput], required: true }) },
    resolve: (_root, args, ctx) =>
      ctx.services.ownerSettings.updateNavigation({ fieldName: args.fieldName, templateId: args.templateId, navigation: { items: args.items } }),
  }),
  createStore: t.withAuth({ permission: "store.create" }).field({
    type: CreateStorePayload,
    description: "Owners: a store page: product collection, root category (ROOT, LIST_VIEW, 1), optionally a main-navigation link.",
    errors: { types: [InvalidInputError, NotFoundError, ConflictError] },
    args: { title: t.arg.string({ required: true }), description: t.arg.string(), navigationTitle: t.arg.string(), addToMainNavigation: t.arg.boolean() },
    resolve: (_root, args, ctx) => ctx.services.ownerSettings.createStore({ ...args, addToMainNavigation: args.addToMainNavigation ?? false }),
  }),
}));

builder.subscriptionField("commercePreferencesChanged", (t) =>
  t.withAuth({ permission: "commerce.read" }).field({
    type: CommercePreferencesRef,
    description: "Owners: the namespace's preferences after every save that changed them (from any server).",
    args: { namespace: t.arg.string({ required: true }) },
    subscribe: (_root, args, ctx) =>
      pipe(
        ctx.pubsub.subscribe("commercePreferencesChanged"),
        filter((event) => event.namespace === args.namespace && event.websiteId === ctx.services.websiteId),
      ),
    resolve: (event: { websiteId: string; namespace: string }, _args, ctx) => ctx.services.ownerSettings.commercePreferences(event.namespace),
  }),
);
