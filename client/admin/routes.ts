// The admin's route table, assembled from its sections (one file per area under sections/), for the
// signed-in role: a route whose permission the role lacks becomes the no-access screen, so its query
// is never sent, and its navigation entry is hidden.
import { lazy } from "react";
import { adminMessages } from "../../server/domain/admin-messages.ts";
import type { Permission } from "../../server/domain/members/permissions.ts";
import type { RouteDefinition } from "../shared/router/Router.tsx";
import NoAccessScreen from "./NoAccessScreen.tsx";
import type { AdminNavItem, AdminRoute } from "../shared/admin/section.ts";
import { section as analytics } from "./analytics/section.ts";
import { section as catalog } from "./catalog/section.ts";
import { section as forms } from "./forms/section.ts";
import { section as home } from "./orders/home-section.ts";
import { section as mailing } from "./forms/mailing-section.ts";
import { ordersSection } from "./orders/section.ts";
import { section as restock } from "./restock/section.ts";
import { section as settings } from "./settings-section.ts";

/** The areas in navigation order; the orders list counts days in the site's time zone. */
const sections = (timeZone: string) => [home, catalog, ordersSection(timeZone), restock, forms, mailing, analytics, settings];

const allows = (granted: readonly string[], needed: Permission | undefined) => needed === undefined || granted.includes(needed);

/** `routes` for a role holding `granted`: a route it may not open shows the no-access screen and loads nothing. */
export function gateRoutes(routes: readonly AdminRoute[], granted: readonly string[]): RouteDefinition[] {
  return routes.map((route) =>
    allows(granted, route.permission) ? route : { path: route.path, screen: NoAccessScreen, title: adminMessages.noAccessHeading },
  );
}

/** The navigation entries a role holding `granted` may open. */
export function visibleNavigation(items: readonly AdminNavItem[], granted: readonly string[]): AdminNavItem[] {
  return items.filter((item) => allows(granted, item.permission));
}

export const adminRoutes = (granted: readonly string[], timeZone: string) =>
  gateRoutes(
    sections(timeZone).flatMap((section) => section.routes),
    granted,
  );

export const adminNavigation = (granted: readonly string[]) =>
  visibleNavigation(
    // The navigation is the same in every zone.
    sections("UTC").flatMap((section) => section.nav),
    granted,
  );

export const adminNotFoundRoute: RouteDefinition = {
  path: "*",
  screen: lazy(() => import("./AdminNotFoundScreen.tsx")),
  title: adminMessages.title,
};
