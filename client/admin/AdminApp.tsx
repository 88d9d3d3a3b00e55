// Who is asking decides what the admin shows: nobody signed in gets the sign-in screen; a member, or
// a contributor whose role holds no owner permission, the no-access page; an owner the admin, with
// only the screens and actions their role allows. Signing in or out starts a fresh Relay environment,
// so nothing one account saw stays in memory for the next.
import { Suspense, useCallback, useMemo, useState } from "react";
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from "react-relay";
import { messages } from "../../server/domain/messages/storefront.ts";
import { adminMessages } from "../../server/domain/messages/admin.ts";
import { ErrorBoundary } from "../shared/ui/ErrorBoundary.tsx";
import { createEnvironment } from "../shared/relay/environment.ts";
import { Router } from "../shared/router/Router.tsx";
import type { AdminAppQuery } from "../__generated__/AdminAppQuery.graphql.ts";
import { AdminShell } from "./AdminShell.tsx";
import { SitePlanBanner } from "./plan/SitePlanBanner.tsx";
import type { SitePlanBanner_query$key } from "../__generated__/SitePlanBanner_query.graphql.ts";
import { ConfirmProvider } from "../shared/ui/ConfirmDialog.tsx";
import { adminNavigation, adminNotFoundRoute, adminRoutes } from "./routes.ts";
import { NoAccessPage } from "./NoAccessScreen.tsx";
import { AcceptInvitationScreen } from "./members/AcceptInvitationScreen.tsx";
import { knownTimeZone } from "../../server/domain/date-range.ts";
import { ACCEPT_INVITATION_PATH } from "../../server/domain/members/people.ts";
import { SITE_SETUP_PATH } from "../../server/domain/site/site-setup.ts";
import { SiteSetupScreen } from "./site/SiteSetupScreen.tsx";
import { SignInScreen } from "./members/SignInScreen.tsx";
import { signOut, storedXsrfToken } from "../shared/admin/session.ts";
import { AdminViewerContext, type AdminViewer } from "../shared/admin/viewer.ts";

const adminHome = { href: "/config", label: adminMessages.goToHome };

export function AdminApp() {
  const [environment, setEnvironment] = useState(() => createEnvironment(window.location.origin, storedXsrfToken));
  const restart = useCallback(() => setEnvironment(createEnvironment(window.location.origin, storedXsrfToken)), []);
  const signOutAndRestart = useCallback(() => signOut().finally(restart), [restart]);
  return (
    <RelayEnvironmentProvider environment={environment}>
      <ErrorBoundary home={adminHome}>
        <Suspense fallback={<Loading />}>
          {/* An invitation's link (issue 10 §5) is for someone not signed in yet: before the gate. */}
          {window.location.pathname === ACCEPT_INVITATION_PATH ? (
            <AcceptInvitationScreen token={new URLSearchParams(window.location.search).get("token")} />
          ) : window.location.pathname === SITE_SETUP_PATH ? (
            <SiteSetupScreen token={new URLSearchParams(window.location.search).get("token")} />
          ) : (
            <AdminGate onSignedIn={restart} onSignOut={signOutAndRestart} />
          )}
        </Suspense>
      </ErrorBoundary>
    </RelayEnvironmentProvider>
  );
}

function Loading() {
  return (
    <p className="admin-loading" aria-live="polite">
      {messages.loading}
    </p>
  );
}

export function AdminGate({ onSignedIn, onSignOut }: { onSignedIn: () => void; onSignOut: () => Promise<void> }) {
  const data = useLazyLoadQuery<AdminAppQuery>(
    graphql`
      query AdminAppQuery {
        viewer {
          signedIn
          email
          roleName
          permissions
        }
        store {
          timeZone
        }
        ...SitePlanBanner_query
      }
    `,
    {},
    { fetchPolicy: "network-only" },
  );
  const { viewer, store } = data;
  const admin = useMemo<AdminViewer | null>(
    () =>
      viewer.signedIn && viewer.permissions.length > 0
        ? {
            email: viewer.email ?? "",
            roleName: viewer.roleName ?? null,
            permissions: viewer.permissions,
            timeZone: knownTimeZone(store.timeZone),
            navigation: adminNavigation(viewer.permissions),
          }
        : null,
    [viewer, store],
  );
  if (!viewer.signedIn) return <SignInScreen onSignedIn={onSignedIn} />;
  if (!admin) return <NoAccessPage message={adminMessages.noAccessMember} onSignOut={onSignOut} />;
  return (
    <AdminViewerContext.Provider value={admin}>
      <ConfirmProvider>
        <SignedInAdmin viewer={admin} plan={data} onSignOut={onSignOut} />
      </ConfirmProvider>
    </AdminViewerContext.Provider>
  );
}

function SignedInAdmin({ viewer, plan, onSignOut }: { viewer: AdminViewer; plan: SitePlanBanner_query$key; onSignOut: () => Promise<void> }) {
  const routes = useMemo(() => adminRoutes(viewer.permissions, viewer.timeZone), [viewer.permissions, viewer.timeZone]);
  const Layout = useCallback(
    ({ children }: { children: React.ReactNode }) => (
      <AdminShell navigation={viewer.navigation} onSignOut={onSignOut} errorHome={adminHome} banner={<SitePlanBanner query={plan} />}>
        {children}
      </AdminShell>
    ),
    [viewer.navigation, onSignOut, plan],
  );
  return <Router routes={routes} notFound={adminNotFoundRoute} layout={Layout} fallback={<Loading />} />;
}
