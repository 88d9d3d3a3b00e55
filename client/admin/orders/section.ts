// The orders area of the admin (issue 9 §1, §4): the home dashboard (/config, where an owner lands
// after signing in: dashboard.read, each card needing its own screen's permission, docs/permissions.md),
// the orders list (search, state, dates, paged, live) and one order.
import { lazy } from "react";
import { queryRoute } from "../../shared/router/Router.tsx";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import OrdersScreenQuery from "../../__generated__/OrdersScreenQuery.graphql.ts";
import OrderScreenQuery from "../../__generated__/OrderScreenQuery.graphql.ts";
import { orderListVariables, readOrderFilters } from "./order-filters.ts";
import type { AdminSection } from "../../shared/admin/section.ts";
import AdminHomeScreenQuery from "../../__generated__/AdminHomeScreenQuery.graphql.ts";

/** The area for a site in `timeZone`: the list's from/to days begin at the site's midnight, not the browser's. */
export const ordersSection = (timeZone: string): AdminSection => ({
  nav: [{ label: adminMessages.orders.title, href: "/config/orders", permission: "orders.read" }],
  routes: [
    queryRoute({
      path: "/config/orders",
      permission: "orders.read",
      screen: lazy(() => import("./OrdersScreen.tsx")),
      query: OrdersScreenQuery,
      variables: ({ search }) => orderListVariables(readOrderFilters(search), timeZone),
      title: adminMessages.orders.title,
    }),
    queryRoute({
      path: "/config/orders/:id",
      permission: "orders.read",
      screen: lazy(() => import("./OrderScreen.tsx")),
      query: OrderScreenQuery,
      variables: ({ params }) => ({ orderId: params.id }),
      title: adminMessages.order.pageTitle,
    }),
  ],
});

export const homeSection: AdminSection = {
  nav: [{ label: adminMessages.home, href: "/config", permission: "dashboard.read" }],
  routes: [
    queryRoute({
      path: "/config",
      permission: "dashboard.read",
      screen: lazy(() => import("./AdminHomeScreen.tsx")),
      query: AdminHomeScreenQuery,
      title: adminMessages.title,
    }),
  ],
};
