// The site area of the admin (issue 10 §1, §4, §5 and items 7): header and footer, navigation,
// templates; the email outbox and the marketing hooks (pixel, product feeds).
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import LanguagesScreenQuery from "../../__generated__/LanguagesScreenQuery.graphql.ts";
import HeaderFooterScreenQuery from "../../__generated__/HeaderFooterScreenQuery.graphql.ts";
import MarketingScreenQuery from "../../__generated__/MarketingScreenQuery.graphql.ts";
import OutboxScreenQuery, { type OutboxScreenQuery$variables } from "../../__generated__/OutboxScreenQuery.graphql.ts";
import NavigationScreenQuery from "../../__generated__/NavigationScreenQuery.graphql.ts";
import TemplateScreenQuery from "../../__generated__/TemplateScreenQuery.graphql.ts";
import TemplatesScreenQuery from "../../__generated__/TemplatesScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

const text = adminMessages.site;

export const siteSection: AdminSection = {
  nav: [
    { label: text.headerFooterHeading, href: "/config/site/header-footer", permission: "site.read" },
    { label: text.navigationHeading, href: "/config/site/navigation", permission: "site.read" },
    { label: text.templatesHeading, href: "/config/site/templates", permission: "templates.read" },
    { label: adminMessages.languages.heading, href: "/config/site/languages", permission: "site.read" },
  ],
  routes: [
    queryRoute({
      path: "/config/site/header-footer",
      permission: "site.read",
      screen: lazy(() => import("./HeaderFooterScreen.tsx")),
      query: HeaderFooterScreenQuery,
      title: text.headerFooterHeading,
    }),
    queryRoute({
      path: "/config/site/navigation",
      permission: "site.read",
      screen: lazy(() => import("./NavigationScreen.tsx")),
      query: NavigationScreenQuery,
      title: text.navigationHeading,
    }),
    queryRoute({
      path: "/config/site/languages",
      permission: "site.read",
      screen: lazy(() => import("./LanguagesScreen.tsx")),
      query: LanguagesScreenQuery,
      variables: () => ({}),
      title: adminMessages.languages.heading,
    }),
    queryRoute({
      path: "/config/site/templates",
      permission: "templates.read",
      screen: lazy(() => import("./TemplatesScreen.tsx")),
      query: TemplatesScreenQuery,
      title: text.templatesHeading,
    }),
    queryRoute({
      path: "/config/site/templates/:name",
      permission: "templates.read",
      screen: lazy(() => import("./TemplateScreen.tsx")),
      query: TemplateScreenQuery,
      variables: ({ params }) => ({ name: params.name }),
      title: text.templatesHeading,
    }),
  ],
};

export const outboxSection: AdminSection = {
  nav: [{ label: adminMessages.outboxHeading, href: "/config/settings/outbox", permission: "site.settings" }],
  routes: [
    queryRoute({
      path: "/config/settings/outbox",
      permission: "site.settings",
      screen: lazy(() => import("./OutboxScreen.tsx")),
      query: OutboxScreenQuery,
      // The address's text goes as it is: the server refuses a status it does not know, as before.
      variables: ({ search }) => ({ status: (search.get("status") || null) as OutboxScreenQuery$variables["status"] }),
      title: adminMessages.outboxHeading,
    }),
  ],
};

export const marketingSection: AdminSection = {
  nav: [{ label: adminMessages.marketingHeading, href: "/config/settings/marketing", permission: "site.settings" }],
  routes: [
    queryRoute({
      path: "/config/settings/marketing",
      permission: "site.settings",
      screen: lazy(() => import("./MarketingScreen.tsx")),
      query: MarketingScreenQuery,
      variables: () => ({}),
      title: adminMessages.marketingHeading,
    }),
  ],
};
