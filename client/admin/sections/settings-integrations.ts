// Integrations in the settings area (issue 10 items 6 and 7): the API keys panel and the marketing
// hooks. sections/settings.ts spreads these into its nav and routes.
import { lazy } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import ApiKeysScreenQuery from "../../__generated__/ApiKeysScreenQuery.graphql.ts";
import MarketingScreenQuery from "../../__generated__/MarketingScreenQuery.graphql.ts";
import type { AdminSection } from "../section.ts";

export const integrations: AdminSection = {
  nav: [
    { label: adminMessages.apiKeysHeading, href: "/config/settings/api-keys", permission: "apiKeys.manage" },
    { label: adminMessages.marketingHeading, href: "/config/settings/marketing", permission: "site.settings" },
  ],
  routes: [
    {
      path: "/config/settings/api-keys",
      permission: "apiKeys.manage",
      screen: lazy(() => import("../screens/ApiKeysScreen.tsx")),
      query: ApiKeysScreenQuery,
      variables: () => ({}),
      title: adminMessages.apiKeysHeading,
    },
    {
      path: "/config/settings/marketing",
      permission: "site.settings",
      screen: lazy(() => import("../screens/MarketingScreen.tsx")),
      query: MarketingScreenQuery,
      variables: () => ({}),
      title: adminMessages.marketingHeading,
    },
  ],
};
