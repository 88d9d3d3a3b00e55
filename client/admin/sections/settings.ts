// The settings area of the admin: for now the email outbox (site.settings); the site and store
// settings screens are issue 10's.
import { lazy } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import OutboxScreenQuery from "../../__generated__/OutboxScreenQuery.graphql.ts";
import type { AdminSection } from "../section.ts";
import { integrations } from "./settings-integrations.ts";
import { storeSettingsNav, storeSettingsRoutes } from "./store-settings.ts";

export const section: AdminSection = {
  nav: [...storeSettingsNav, { label: adminMessages.outboxHeading, href: "/config/settings/outbox", permission: "site.settings" }, ...integrations.nav],
  routes: [
    {
      path: "/config/settings/outbox",
      permission: "site.settings",
      screen: lazy(() => import("../screens/OutboxScreen.tsx")),
      query: OutboxScreenQuery,
      variables: ({ search }) => ({ status: search.get("status") || null }),
      title: adminMessages.outboxHeading,
    },
    ...integrations.routes,
    ...storeSettingsRoutes,
  ],
};
