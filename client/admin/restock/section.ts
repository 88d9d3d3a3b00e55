// The waitlists area of the admin (issue 9 screen 5): the groups, one variant's waitlist. Queries come
// from their compiled artifacts, so the screens' code loads only when opened.
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import WaitlistScreenQuery from "../../__generated__/WaitlistScreenQuery.graphql.ts";
import WaitlistsScreenQuery from "../../__generated__/WaitlistsScreenQuery.graphql.ts";
import type { AdminSection } from "../../shared/admin/section.ts";

export const restockSection: AdminSection = {
  nav: [{ label: adminMessages.waitlistsHeading, href: "/config/waitlists", permission: "restock.read" }],
  routes: [
    queryRoute({
      path: "/config/waitlists",
      permission: "restock.read",
      screen: lazy(() => import("./WaitlistsScreen.tsx")),
      query: WaitlistsScreenQuery,
      title: adminMessages.waitlistsHeading,
    }),
    queryRoute({
      path: "/config/waitlists/:productId/:variantId",
      permission: "restock.read",
      screen: lazy(() => import("./WaitlistScreen.tsx")),
      query: WaitlistScreenQuery,
      variables: ({ params }) => ({ productId: params.productId, variantId: params.variantId }),
      title: adminMessages.waitlistsHeading,
    }),
  ],
};
