// The admin's frame: a skip link, the header with the signed-in account and sign-out, the navigation
// the role may open (a menu button on phones), and the screen in <main>, which takes focus after each
// navigation so a screen reader starts reading the new screen. A failed screen shows its error inside
// the frame; navigating elsewhere clears it.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { adminMessages } from "../../server/domain/messages/admin.ts";
import { ErrorBoundary } from "../shared/ui/ErrorBoundary.tsx";
import { Link, useRouter } from "../shared/router/Router.tsx";
import type { AdminNavItem } from "../shared/admin/section.ts";
import { useAdminViewer } from "../shared/admin/viewer.ts";

const isCurrent = (href: string, location: string) => {
  const path = location.split("?")[0];
  return href === "/config" ? path === "/config" || path === "/config/" : path === href || path.startsWith(`${href}/`);
};

export function AdminShell({
  navigation,
  onSignOut,
  errorHome,
  banner,
  children,
}: {
  navigation: readonly AdminNavItem[];
  onSignOut: () => Promise<void>;
  errorHome: { href: string; label: string };
  /** Above every screen: the site's plan when it needs the owner's attention (plan/SitePlanBanner.tsx). */
  banner?: ReactNode;
  children: ReactNode;
}) {
  const viewer = useAdminViewer();
  const { location } = useRouter();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const main = useRef<HTMLElement>(null);
  const firstLocation = useRef(location);
  const navId = useId();

  useEffect(() => {
    setMenuOpen(false);
    if (location !== firstLocation.current) main.current?.focus();
  }, [location]);

  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        {adminMessages.skipToContent}
      </a>
      <header className="admin-header">
        <Link href="/config" className="admin-brand">
          {adminMessages.title}
        </Link>
        <button type="button" className="button menu-button" aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen((open) => !open)}>
          {adminMessages.menu}
        </button>
        <div className="admin-account">
          <span className="admin-account-name">{viewer.roleName ? adminMessages.signedInAs(viewer.email, viewer.roleName) : viewer.email}</span>
          <a className="button link" href="/">
            {adminMessages.viewShop}
          </a>
          <button
            type="button"
            className="button"
            disabled={signingOut}
            aria-busy={signingOut}
            onClick={() => {
              setSigningOut(true);
              onSignOut().finally(() => setSigningOut(false));
            }}
          >
            {signingOut ? adminMessages.signingOut : adminMessages.signOut}
          </button>
        </div>
      </header>
      {banner}
      <div className="admin-body">
        <nav id={navId} className={`admin-nav${menuOpen ? " open" : ""}`} aria-label={adminMessages.navigation}>
          <ul>
            {navigation.map((item) => (
              <li key={item.href}>
                <Link href={item.href} aria-current={isCurrent(item.href, location) ? "page" : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" ref={main} tabIndex={-1} className="admin-main">
          <ErrorBoundary key={location} home={errorHome}>
            {children}
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
