// The owner-area endpoints (platform-support §7 "Owner areas"). Every route names the permission it
// needs; the router checks it (the same scope-auth evaluation as GraphQL) before the handler runs.
import { InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { messages } from "../domain/messages.ts";
import type { RestRequest, Route } from "./router.ts";

async function readObject(request: RestRequest): Promise<Record<string, unknown>> {
  const body = await request.readBody();
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new InvalidInputError(messages.invalidRequest);
  return body as Record<string, unknown>;
}

const PRODUCTS = "/api/content-service/product/1.1/websites/:websiteId/products";

/** The path's websiteId must be this site's. */
function checkWebsite(request: RestRequest, websiteId: string) {
  if (request.params.websiteId !== websiteId) throw new NotFoundError(messages.routeNotFound);
}

export const ownerRoutes: Route[] = [
  {
    method: "GET",
    path: "/api/site-header-footer",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: { data: await services.ownerSettings.headerFooter() } }),
  },
  {
    method: "PUT",
    path: "/api/site-header-footer",
    changesState: true,
    permission: "site.design",
    handle: async (request, services) => ({ body: { data: await services.ownerSettings.saveHeaderFooter(await readObject(request)) } }),
  },
  {
    method: "GET",
    path: "/api/multilingual/settings",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.ownerSettings.multilingualSettings() }),
  },
  {
    method: "GET",
    path: "/api/multilingual/status",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.ownerSettings.multilingualStatus() }),
  },
  {
    method: "GET",
    path: "/api/multilingual/languages",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.ownerSettings.languages() }),
  },
  {
    method: "PUT",
    path: "/api/multilingual/languages",
    changesState: true,
    permission: "site.settings",
    handle: async (request, services) => ({ body: await services.ownerSettings.saveLanguages((await readObject(request)).languages) }),
  },
  {
    method: "DELETE",
    path: "/api/multilingual/connection",
    changesState: true,
    permission: "site.settings",
    handle: async (_request, services) => ({ body: await services.ownerSettings.disconnectMultilingual() }),
  },
  {
    method: "GET",
    path: "/api/v1/commerce-preferences/:namespace",
    changesState: false,
    permission: "commerce.read",
    async handle(request, services) {
      const { websiteId, preferences } = await services.ownerSettings.commercePreferences(request.params.namespace);
      return { body: { ...preferences, websiteId } };
    },
  },
  {
    method: "PUT",
    path: "/api/v1/commerce-preferences/:namespace",
    changesState: true,
    permission: "commerce.write",
    async handle(request, services) {
      const saved = await services.ownerSettings.saveCommercePreferences(request.params.namespace, await request.readBody());
      return { body: { ...saved.preferences, websiteId: saved.websiteId } };
    },
  },
  {
    method: "POST",
    path: PRODUCTS,
    changesState: true,
    permission: "store.create",
    async handle(request, services) {
      checkWebsite(request, services.websiteId);
      const collection = await services.ownerSettings.createProductCollection(await readObject(request));
      return { body: { id: String(collection.id), urlId: collection.urlId, title: collection.title, navigationTitle: collection.navigationTitle } };
    },
  },
  {
    method: "POST",
    path: `${PRODUCTS}/:collectionId/categories`,
    changesState: true,
    permission: "store.create",
    async handle(request, services) {
      checkWebsite(request, services.websiteId);
      const category = await services.ownerSettings.createCategory(request.params.collectionId, await readObject(request));
      return { body: { ...category, id: String(category.id), collectionId: String(category.collectionId) } };
    },
  },
  {
    method: "POST",
    path: "/api/widget/UpdateNavigation",
    changesState: true,
    permission: "site.design",
    handle: async (request, services) => ({ body: await services.ownerSettings.updateNavigation(await readObject(request)) }),
  },
  {
    method: "GET",
    path: "/api/commondata/GetSiteLayout",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.ownerSettings.siteLayout() }),
  },
];
