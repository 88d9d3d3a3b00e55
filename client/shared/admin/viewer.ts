// The signed-in owner as every admin screen sees it: who they are and the permissions their role
// holds (the server decides; the admin only hides what the role may not do).
import { createContext, useContext } from "react";
import type { Permission } from "../../../server/domain/members/permissions.ts";
import type { AdminNavItem } from "./section.ts";

export interface AdminViewer {
  email: string;
  roleName: string | null;
  permissions: readonly string[];
  /** The site's time zone (a zone the runtime knows): the owner's days begin at its midnight. */
  timeZone: string;
  /** The admin areas this role may open, in navigation order. */
  navigation: readonly AdminNavItem[];
}

export const AdminViewerContext = createContext<AdminViewer | null>(null);

export function useAdminViewer(): AdminViewer {
  const viewer = useContext(AdminViewerContext);
  if (!viewer) throw new Error("useAdminViewer outside the signed-in admin");
  return viewer;
}

/** Whether the signed-in role holds `permission` (docs/permissions.md). */
export function useCan(permission: Permission): boolean {
  return useAdminViewer().permissions.includes(permission);
}
