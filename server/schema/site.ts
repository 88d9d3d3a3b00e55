// The site's header, footer and navigation as every storefront page shows them (public): the React
// shell reads them here, the server-rendered pages from the same service (services/site/site-chrome.ts).
import type { ChromeLink, SiteChrome } from "../domain/site/site-chrome.ts";
import { builder } from "./builder.ts";
import { LayoutRef } from "./site-owner.ts";

const SiteLinkRef = builder.objectRef<ChromeLink>("SiteLink");
SiteLinkRef.implement({
  description: "A navigation link: a collection's page, an address of the site or another site; a folder has no url.",
  fields: (t) => ({
    title: t.exposeString("title"),
    url: t.exposeString("url", { nullable: true }),
    external: t.exposeBoolean("external", { description: "The address leaves the site." }),
    links: t.field({ type: [SiteLinkRef], description: "Nested links (at most 3 levels in all).", resolve: (link) => link.links }),
  }),
});

const SiteChromeRef = builder.objectRef<SiteChrome>("SiteChrome").implement({
  description: "What every storefront page shows around its content, as the owner saved it.",
  fields: (t) => ({
    title: t.exposeString("title", { description: "The header's title (the owner's, or the store's title)." }),
    footerText: t.exposeString("footerText", { nullable: true, description: "The owner's footer text; null: the store's default line." }),
    mainNavigation: t.field({ type: [SiteLinkRef], resolve: (chrome) => chrome.mainNavigation }),
    secondaryNavigation: t.field({ type: [SiteLinkRef], description: "Shown in the footer.", resolve: (chrome) => chrome.secondaryNavigation }),
  }),
});

builder.queryField("siteChrome", (t) =>
  t.field({ type: SiteChromeRef, description: "The site's header, footer and navigation.", resolve: (_root, _args, ctx) => ctx.services.siteChrome.get() }),
);

const NavigationCollectionRef = builder.objectRef<{ id: number; title: string; urlId: string }>("NavigationCollection").implement({
  description: "A collection a navigation item may link to (its page is /{urlId}).",
  fields: (t) => ({ collectionId: t.exposeInt("id"), title: t.exposeString("title"), urlId: t.exposeString("urlId") }),
});

builder.queryFields((t) => ({
  siteNavigations: t.withAuth({ permission: "site.read" }).field({
    type: [LayoutRef],
    description: "Owners: every navigation of the site (mainNav, secondaryNav, _hidden, _memberareas) in the layout's order, a main one or not.",
    resolve: async (_root, _args, ctx) => (await ctx.services.siteSettings.navigations()).layout,
  }),
  navigationCollections: t.withAuth({ permission: "site.read" }).field({
    type: [NavigationCollectionRef],
    description: "Owners: the collections a navigation item may link to, by title.",
    resolve: (_root, _args, ctx) => ctx.services.siteSettings.collections(),
  }),
}));
