// The admin's home (/config): where an owner lands after signing in (dashboard.read: every role with
// some right; each card needs its own screen's permission, docs/permissions.md).
import { lazy } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import AdminHomeScreenQuery from "../../__generated__/AdminHomeScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

export const section: AdminSection = {
  nav: [{ label: adminMessages.home, href: "/config", permission: "dashboard.read" }],
  routes: [
    {
      path: "/config",
      permission: "dashboard.read",
      screen: lazy(() => import("./AdminHomeScreen.tsx")),
      query: AdminHomeScreenQuery,
      title: adminMessages.title,
    },
  ],
};
