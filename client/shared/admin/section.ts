// What each admin area contributes: its navigation entries and its routes, each with the permission
// it needs (server/domain/members/permissions.ts). The shell hides what the signed-in role may not open.
import type { Permission } from "../../../server/domain/members/permissions.ts";
import type { RouteDefinition } from "../router/Router.tsx";

export interface AdminRoute extends RouteDefinition {
  /** The permission the screen needs; without it the shell shows the no-access screen instead. */
  permission?: Permission;
}

export interface AdminNavItem {
  label: string;
  href: string;
  permission?: Permission;
}

export interface AdminSection {
  nav: AdminNavItem[];
  routes: AdminRoute[];
}
