// The admin's home (/config): where an owner lands after signing in.
import { lazy } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import type { AdminSection } from "../section.ts";

export const section: AdminSection = {
  nav: [{ label: adminMessages.home, href: "/config" }],
  routes: [{ path: "/config", screen: lazy(() => import("../screens/AdminHomeScreen.tsx")), title: adminMessages.title }],
};
