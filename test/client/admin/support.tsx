// Renders an admin component as the signed-in admin would: Relay mock environment, router context,
// the viewer's permissions and the confirm dialog's provider.
import type { ReactElement } from "react";
import type { createMockEnvironment } from "relay-test-utils";
import { ConfirmProvider } from "../../../client/shared/ui/ConfirmDialog.tsx";
import { AdminViewerContext, type AdminViewer } from "../../../client/shared/admin/viewer.ts";
import { PERMISSIONS } from "../../../server/domain/members/permissions.ts";
import { renderWithRelay } from "../support/render.tsx";

/** Every owner permission, as the admin role holds them. */
export const ALL_PERMISSIONS: readonly string[] = PERMISSIONS;

export function adminViewer(permissions: readonly string[] = ALL_PERMISSIONS, overrides: Partial<AdminViewer> = {}): AdminViewer {
  return { email: "owner@sitecart.test", roleName: "admin", permissions, timeZone: "UTC", navigation: [], ...overrides };
}

export function renderAdmin(ui: ReactElement, options: { permissions?: readonly string[]; environment?: ReturnType<typeof createMockEnvironment> } = {}) {
  return renderWithRelay(
    <AdminViewerContext.Provider value={adminViewer(options.permissions)}>
      <ConfirmProvider>{ui}</ConfirmProvider>
    </AdminViewerContext.Provider>,
    options.environment,
  );
}
