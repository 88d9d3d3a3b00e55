// The analytics area of the admin (issue 11): the analytics screen (its code, its query and the charting
// library load only when it is opened: lazyQuery, so the admin's first bundle does not grow) and, among
// the settings, Privacy & tracking (the consent banner, the cookie policy, the retention of raw visits).
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { ANALYTICS_PATH, analyticsVariables } from "./range.ts";
import type { AdminSection } from "../../shared/admin/section.ts";
import PrivacyScreenQuery from "../../__generated__/PrivacyScreenQuery.graphql.ts";

export const analyticsSection: AdminSection = {
  nav: [{ label: adminMessages.analyticsHeading, href: ANALYTICS_PATH, permission: "analytics.read" }],
  routes: [
    queryRoute({
      path: ANALYTICS_PATH,
      permission: "analytics.read",
      screen: lazy(() => import("./AnalyticsScreen.tsx")),
      lazyQuery: () => import("../../__generated__/AnalyticsScreenQuery.graphql.ts"),
      variables: ({ search }) => analyticsVariables(search),
      title: adminMessages.analyticsHeading,
    }),
  ],
};

export const privacySection: AdminSection = {
  nav: [{ label: adminMessages.privacyHeading, href: "/config/settings/privacy", permission: "site.settings" }],
  routes: [
    queryRoute({
      path: "/config/settings/privacy",
      permission: "site.settings",
      screen: lazy(() => import("./PrivacyScreen.tsx")),
      query: PrivacyScreenQuery,
      variables: () => ({}),
      title: adminMessages.privacyHeading,
    }),
  ],
};
