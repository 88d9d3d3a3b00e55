// The owner-area endpoints of the site (platform-support §7 "Owner areas"): header and footer,
// languages, navigation and the site layout (commerce preferences and store creation: store.ts).
// Every route names the permission it needs; the router checks it (the same scope-auth evaluation as
// GraphQL) before the handler runs.
import { z } from "zod";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { checkedByService, anyObject, defineRoute, type Route } from "./route.ts";

// The site-settings service checks every field of these bodies (the same checks serve GraphQL);
// here only their shape: a JSON object.
const settingsObject = anyObject();

export const siteRoutes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/api/site-header-footer",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: { data: await services.siteSettings.headerFooter() } }),
  }),
  defineRoute({
    method: "PUT",
    path: "/api/site-header-footer",
    changesState: true,
    permission: "site.design",
    body: settingsObject,
    handle: async (request, services) => ({ body: { data: await services.siteSettings.saveHeaderFooter(await request.body()) } }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/multilingual/settings",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.siteSettings.multilingualSettings() }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/multilingual/status",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.siteSettings.multilingualStatus() }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/multilingual/languages",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.siteSettings.languages() }),
  }),
  defineRoute({
    method: "PUT",
    path: "/api/multilingual/languages",
    changesState: true,
    permission: "site.settings",
    body: z.object({ languages: checkedByService }, { error: checkoutMessages.invalidRequest }),
    handle: async (request, services) => ({ body: await services.siteSettings.saveLanguages((await request.body()).languages) }),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/multilingual/connection",
    changesState: true,
    permission: "site.settings",
    handle: async (_request, services) => ({ body: await services.siteSettings.disconnectMultilingual() }),
  }),
  defineRoute({
    method: "POST",
    path: "/api/widget/UpdateNavigation",
    changesState: true,
    permission: "site.design",
    body: settingsObject,
    handle: async (request, services) => ({ body: await services.siteSettings.updateNavigation(await request.body()) }),
  }),
  defineRoute({
    method: "GET",
    path: "/api/commondata/GetSiteLayout",
    changesState: false,
    permission: "site.read",
    handle: async (_request, services) => ({ body: await services.siteSettings.siteLayout() }),
  }),
];
