// Store settings (issue 10 §2, §3): currency, checkout, shipping, taxes, coupons, pay-later, captcha,
// checkout preferences and store creation; commerce.read opens it (read-only without commerce.write).
// Payments (issue 22): the store's Stripe account, payments.manage.
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import StoreSettingsScreenQuery from "../../__generated__/StoreSettingsScreenQuery.graphql.ts";
import PaymentsScreenQuery from "../../__generated__/PaymentsScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

export const storeSection: AdminSection = {
  nav: [
    { label: adminMessages.storeSettings.heading, href: "/config/settings/store", permission: "commerce.read" },
    { label: adminMessages.storeSettings.paymentsHeading, href: "/config/settings/store/payments", permission: "payments.manage" },
  ],
  routes: [
    queryRoute({
      path: "/config/settings/store",
      permission: "commerce.read",
      screen: lazy(() => import("./StoreSettingsScreen.tsx")),
      query: StoreSettingsScreenQuery,
      title: adminMessages.storeSettings.heading,
    }),
    queryRoute({
      path: "/config/settings/store/payments",
      permission: "payments.manage",
      screen: lazy(() => import("./PaymentsScreen.tsx")),
      query: PaymentsScreenQuery,
      title: adminMessages.storeSettings.paymentsHeading,
    }),
  ],
};
