// Privacy & tracking in the settings area (issue 11): the consent banner, the cookie policy and the
// retention of raw visit data. sections/settings.ts spreads these into its nav and routes.
import { lazy } from "react";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import PrivacyScreenQuery from "../../__generated__/PrivacyScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

export const privacy: AdminSection = {
  nav: [{ label: adminMessages.privacyHeading, href: "/config/settings/privacy", permission: "site.settings" }],
  routes: [
    {
      path: "/config/settings/privacy",
      permission: "site.settings",
      screen: lazy(() => import("./PrivacyScreen.tsx")),
      query: PrivacyScreenQuery,
      variables: () => ({}),
      title: adminMessages.privacyHeading,
    },
  ],
};
