// The analytics area of the admin (issue 11): one screen. Its code, its query and the charting library
// load only when it is opened (lazyQuery), so the admin's first bundle does not grow.
import { lazy } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import { ANALYTICS_PATH, analyticsVariables } from "./range.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

export const section: AdminSection = {
  nav: [{ label: adminMessages.analyticsHeading, href: ANALYTICS_PATH, permission: "analytics.read" }],
  routes: [
    {
      path: ANALYTICS_PATH,
      permission: "analytics.read",
      screen: lazy(() => import("./AnalyticsScreen.tsx")),
      lazyQuery: () => import("../../__generated__/AnalyticsScreenQuery.graphql.ts"),
      variables: ({ search }) => analyticsVariables(search),
      title: adminMessages.analyticsHeading,
    },
  ],
};
