// Integrations in the settings area (issue 10 items 6 and 7): the API keys panel and the marketing
// hooks; and the site and page passwords (issue 12). sections/settings.ts spreads these into its nav and routes.
import { lazy } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import ApiKeysScreenQuery from "../../__generated__/ApiKeysScreenQuery.graphql.ts";
import MarketingScreenQuery from "../../__generated__/MarketingScreenQuery.graphql.ts";
import PageAccessScreenQuery from "../../__generated__/PageAccessScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

export const integrations: AdminSection = {
  nav: [
    { label: adminMessages.apiKeysHeading, href: "/config/settings/api-keys", permission: "apiKeys.manage" },
    { label: adminMessages.marketingHeading, href: "/config/settings/marketing", permission: "site.settings" },
    { label: adminMessages.pageAccess.heading, href: "/config/settings/passwords", permission: "site.read" },
  ],
  routes: [
    {
      path: "/config/settings/api-keys",
      permission: "apiKeys.manage",
      screen: lazy(() => import("./ApiKeysScreen.tsx")),
      query: ApiKeysScreenQuery,
      variables: () => ({}),
      title: adminMessages.apiKeysHeading,
    },
    {
      path: "/config/settings/marketing",
      permission: "site.settings",
      screen: lazy(() => import("../site/MarketingScreen.tsx")),
      query: MarketingScreenQuery,
      variables: () => ({}),
      title: adminMessages.marketingHeading,
    },
    {
      path: "/config/settings/passwords",
      permission: "site.read",
      screen: lazy(() => import("./PageAccessScreen.tsx")),
      query: PageAccessScreenQuery,
      variables: () => ({}),
      title: adminMessages.pageAccess.heading,
    },
  ],
};
