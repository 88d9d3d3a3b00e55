// The settings area of the admin: for now the email outbox (site.settings); the site and store
// settings screens are issue 10's.
import { lazy } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import OutboxScreenQuery from "../../__generated__/OutboxScreenQuery.graphql.ts";
import type { AdminSection } from "../section.ts";
import { siteSection } from "./site.ts";

export const section: AdminSection = {
  nav: [{ label: adminMessages.outboxHeading, href: "/config/settings/outbox", permission: "site.settings" }, ...siteSection.nav],
  routes: [
    ...siteSection.routes,
    {
      path: "/config/settings/outbox",
      permission: "site.settings",
      screen: lazy(() => import("../screens/OutboxScreen.tsx")),
      query: OutboxScreenQuery,
      variables: ({ search }) => ({ status: search.get("status") || null }),
      title: adminMessages.outboxHeading,
    },
  ],
};
