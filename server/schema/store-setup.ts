// The owner's store set-up over GraphQL (platform-support §3, §5-§7): commerce preferences per
// namespace (with a subscription) and store creation. Each field names the permission it needs;
// scope-auth (builder.ts) enforces it.
import { ConflictError, InvalidInputError, NotFoundError } from "../domain/errors.ts";
import type { CategoryView, CreatedStore, StoreCollectionView } from "../services/store/store-setup.ts";
import { builder } from "./builder.ts";
import { successWith } from "./payloads.ts";

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

const StoreCollectionRef = builder.objectRef<StoreCollectionView>("StoreCollection").implement({
  fields: (t) => ({
    collectionId: t.exposeInt("id"),
    urlId: t.exposeString("urlId"),
    title: t.exposeString("title"),
    navigationTitle: t.exposeString("navigationTitle"),
  }),
});

const StoreCategoryRef = builder.objectRef<CategoryView>("StoreCategory").implement({
  fields: (t) => ({
    categoryId: t.exposeInt("id"),
    displayName: t.exposeString("displayName"),
    parentCategoryId: t.exposeInt("parentCategoryId", { nullable: true }),
    type: t.exposeString("type"),
    pageRendering: t.exposeString("pageRendering"),
    displayIndex: t.exposeInt("displayIndex"),
  }),
});

const CreateStoreSuccess = builder.objectRef<CreatedStore>("CreateStoreSuccess").implement({
  fields: (t) => ({
    collection: t.field({ type: StoreCollectionRef, resolve: (payload) => payload.collection }),
    rootCategory: t.field({ type: StoreCategoryRef, resolve: (payload) => payload.rootCategory }),
    addedToNavigation: t.exposeBoolean("addedToNavigation"),
  }),
});

const UpdateCommercePreferencesInput = builder.inputType("UpdateCommercePreferencesInput", {
  fields: (t) => ({ namespace: t.string({ required: true }), preferences: t.field({ type: "JSONObject", required: true }) }),
});

const CreateStoreInput = builder.inputType("CreateStoreInput", {
  fields: (t) => ({ title: t.string({ required: true }), description: t.string(), navigationTitle: t.string(), addToMainNavigation: t.boolean() }),
});

builder.queryFields((t) => ({
  commercePreferences: t.withAuth({ permission: "commerce.read" }).field({
    type: CommercePreferencesRef,
    description: "Owners: the commerce preferences of one namespace.",
    errors: { types: [InvalidInputError] },
    args: { namespace: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.storeSetup.commercePreferences(args.namespace),
  }),
}));

builder.mutationFields((t) => ({
  updateCommercePreferences: t.withAuth({ permission: "commerce.write" }).field({
    type: successWith("UpdateCommercePreferencesSuccess", "commercePreferences", CommercePreferencesRef),
    description: "Owners: replaces a namespace's preferences (websiteId dropped, empty values filtered; an unchanged save is skipped).",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: UpdateCommercePreferencesInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      commercePreferences: await ctx.services.storeSetup.saveCommercePreferences(input.namespace, input.preferences),
    }),
  }),
  createStore: t.withAuth({ permission: "store.create" }).field({
    type: CreateStoreSuccess,
    description: "Owners: a store page: product collection, root category (ROOT, LIST_VIEW, 1), optionally a main-navigation link.",
    errors: { types: [InvalidInputError, NotFoundError, ConflictError] },
    args: { input: t.arg({ type: CreateStoreInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.storeSetup.createStore({ ...input, addToMainNavigation: input.addToMainNavigation ?? false }),
  }),
}));

builder.subscriptionField("commercePreferencesChanged", (t) =>
  t.withAuth({ permission: "commerce.read" }).field({
    type: CommercePreferencesRef,
    description: "Owners: the namespace's preferences after every save that changed them (from any server).",
    args: { namespace: t.arg.string({ required: true }) },
    subscribe: (_root, args, ctx) => ctx.services.storeSetup.commercePreferencesChanges(args.namespace),
    resolve: (event: { websiteId: string; namespace: string }, _args, ctx) => ctx.services.storeSetup.commercePreferences(event.namespace),
  }),
);
