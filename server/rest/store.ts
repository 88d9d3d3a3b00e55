// The owner-area endpoints of the store set-up (platform-support §6-§7 "Owner areas"): commerce
// preferences per namespace and store creation. Every route names the permission it needs; the router
// checks it (the same scope-auth evaluation as GraphQL) before the handler runs.
import { anyObject, defineRoute, type Route } from "./route.ts";

// The store-setup service checks every field of these bodies (the same checks serve GraphQL); here
// only their shape: a JSON object.
const settingsObject = anyObject();

const PRODUCTS = "/api/content-service/product/1.1/websites/:websiteId/products";

export const storeRoutes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/api/v1/commerce-preferences/:namespace",
    changesState: false,
    permission: "commerce.read",
    async handle(request, services) {
      const { websiteId, preferences } = await services.storeSetup.commercePreferences(request.params.namespace);
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
      const saved = await services.storeSetup.saveCommercePreferences(request.params.namespace, await request.body());
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
      services.storeSetup.checkWebsite(request.params.websiteId);
      const collection = await services.storeSetup.createProductCollection(await request.body());
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
      services.storeSetup.checkWebsite(request.params.websiteId);
      const category = await services.storeSetup.createCategory(request.params.collectionId, await request.body());
      return { body: { ...category, id: String(category.id), collectionId: String(category.collectionId) } };
    },
  }),
];
