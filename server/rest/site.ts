// The owner-area endpoints (platform-support §7 "Owner areas"). Every route names the permission it
// needs; the router checks it (the same scope-auth evaluation as GraphQL) before the handler runs.
import { z } from "zod";
import { checkoutMessages } from "../domain/checkout-messages.ts";
import { checkedByService, anyObject, defineRoute, type Route } from "./route.ts";

// The owner-settings service checks every field of these bodies (the same checks serve GraphQL);
// here only their shape: a JSON object.
const settingsObject = anyObject();

const PRODUCTS = "/api/content-service/product/1.1/websites/:websiteId/products";

export const ownerRoutes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/api/site-header-footer",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: { data: await services.ownerSettings.headerFooter() } }),
  }),
  defineRoute({
    method: "PUT",
    path: "/api/site-header-footer",
    changesState: true,
    permission: "site.design",
    body: settingsObject,
    handle: async (request, services) => ({ body: { data: await services.ownerSettings.saveHeaderFooter(await request.body()) } }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/multilingual/settings",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.ownerSettings.multilingualSettings() }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/multilingual/status",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.ownerSettings.multilingualStatus() }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/multilingual/languages",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.ownerSettings.languages() }),
  }),
  defineRoute({
    method: "PUT",
    path: "/api/multilingual/languages",
    changesState: true,
    permission: "site.settings",
    body: z.object({ languages: checkedByService }, { error: checkoutMessages.invalidRequest }),
    handle: async (request, services) => ({ body: await services.ownerSettings.saveLanguages((await request.body()).languages) }),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/multilingual/connection",
    changesState: true,
    permission: "site.settings",
    handle: async (_request, services) => ({ body: await services.ownerSettings.disconnectMultilingual() }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/v1/commerce-preferences/:namespace",
    changesState: false,
    permission: "commerce.read",
    async handle(request, services) {
      const { websiteId, preferences } = await services.ownerSettings.commercePreferences(request.params.namespace);
      return { body: { ...preferences, websiteId } };
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/v1/commerce-preferences/:namespace",
    changesState: true,
    permission: "commerce.write",
    // Any JSON: the service checks it against the namespace's preferences.
    acceptsBody: true,
    async handle(request, services) {
      const saved = await services.ownerSettings.saveCommercePreferences(request.params.namespace, await request.body());
      return { body: { ...saved.preferences, websiteId: saved.websiteId } };
    },
  }),
  defineRoute({
    method: "POST",
    path: PRODUCTS,
    changesState: true,
    permission: "store.create",
    body: settingsObject,
    async handle(request, services) {
      services.ownerSettings.checkWebsite(request.params.websiteId);
      const collection = await services.ownerSettings.createProductCollection(await request.body());
      return { body: { id: String(collection.id), urlId: collection.urlId, title: collection.title, navigationTitle: collection.navigationTitle } };
    },
  }),
  defineRoute({
    method: "POST",
    path: `${PRODUCTS}/:collectionId/categories`,
    changesState: true,
    permission: "store.create",
    body: settingsObject,
    async handle(request, services) {
      services.ownerSettings.checkWebsite(request.params.websiteId);
      const category = await services.ownerSettings.createCategory(request.params.collectionId, await request.body());
      return { body: { ...category, id: String(category.id), collectionId: String(category.collectionId) } };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/widget/UpdateNavigation",
    changesState: true,
    permission: "site.design",
    body: settingsObject,
    handle: async (request, services) => ({ body: await services.ownerSettings.updateNavigation(await request.body()) }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/commondata/GetSiteLayout",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.ownerSettings.siteLayout() }),
  }),
];
