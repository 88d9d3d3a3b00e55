// The settings area of the admin: store settings, the site (header and footer, navigation, templates,
// people), the email outbox, API keys and marketing (issues 9 and 10).
import { lazy } from "react";
import { adminMessages } from "../../server/domain/admin-messages.ts";
import OutboxScreenQuery from "../__generated__/OutboxScreenQuery.graphql.ts";
import type { AdminSection } from "../shared/admin/section.ts";
import { integrations } from "./members/integrations-section.ts";
import { privacy } from "./analytics/privacy-section.ts";
import { siteSection } from "./site/section.ts";
import { storeSettingsNav, storeSettingsRoutes } from "./store/section.ts";

export const section: AdminSection = {
  nav: [
    ...storeSettingsNav,
    ...siteSection.nav,
    { label: adminMessages.outboxHeading, href: "/config/settings/outbox", permission: "site.settings" },
    ...integrations.nav,
    ...privacy.nav,
  ],
  routes: [
    ...siteSection.routes,
    {
      path: "/config/settings/outbox",
      permission: "site.settings",
      screen: lazy(() => import("./site/OutboxScreen.tsx")),
      query: OutboxScreenQuery,
      variables: ({ search }) => ({ status: search.get("status") || null }),
      title: adminMessages.outboxHeading,
    },
    ...integrations.routes,
    ...privacy.routes,
    ...storeSettingsRoutes,
  ],
};
