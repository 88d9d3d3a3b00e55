// The admin's route table, assembled from each area's section.ts (<area>/section.ts), for the
// signed-in role: a route whose permission the role lacks becomes the no-access screen, so its query
// is never sent, and its navigation entry is hidden.
import { lazy } from "react";
import { adminMessages } from "../../server/domain/messages/admin.ts";
import type { Permission } from "../../server/domain/members/permissions.ts";
import type { RouteDefinition } from "../shared/router/Router.tsx";
import NoAccessScreen from "./NoAccessScreen.tsx";
import type { AdminNavItem, AdminRoute } from "../shared/admin/section.ts";
import { analyticsSection, privacySection } from "./analytics/section.ts";
import { catalogSection } from "./catalog/section.ts";
import { customersSection } from "./customers/section.ts";
import { emailsSection } from "./emails/section.ts";
import { formsSection, mailingSection } from "./forms/section.ts";
import { apiKeysSection, pageAccessSection, peopleSection } from "./members/section.ts";
import { homeSection, ordersSection } from "./orders/section.ts";
import { cardsSection } from "./cards/section.ts";
import { restockSection } from "./restock/section.ts";
import { marketingSection, outboxSection, siteSection } from "./site/section.ts";
import { storeSection } from "./store/section.ts";
import { planSection } from "./plan/section.ts";

/** The areas' sections in navigation order (the settings ones last); the orders list counts days in the site's time zone. */
const sections = (timeZone: string) => [
  homeSection,
  catalogSection,
  ordersSection(timeZone),
  customersSection,
  cardsSection,
  restockSection,
  formsSection,
  mailingSection,
  analyticsSection,
  storeSection,
  emailsSection,
  siteSection,
  peopleSection,
  outboxSection,
  apiKeysSection,
  marketingSection,
  pageAccessSection,
  privacySection,
  planSection,
];

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
