// Store settings (issue 10 §2, §3): currency, checkout, shipping, taxes, coupons, pay-later, captcha,
// checkout preferences and store creation; commerce.read opens it (read-only without commerce.write).
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import StoreSettingsScreenQuery from "../../__generated__/StoreSettingsScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

export const storeSection: AdminSection = {
  nav: [{ label: adminMessages.storeSettings.heading, href: "/config/settings/store", permission: "commerce.read" }],
  routes: [
    queryRoute({
      path: "/config/settings/store",
      permission: "commerce.read",
      screen: lazy(() => import("./StoreSettingsScreen.tsx")),
      query: StoreSettingsScreenQuery,
      title: adminMessages.storeSettings.heading,
    }),
  ],
};
