// A billing link: the admin's own plan screen opens in the app; the operator's billing pages (another
// path of the host, or another site) load as ordinary links.
import type { ReactNode } from "react";
import { Link } from "../../shared/router/Router.tsx";

const inAdmin = (href: string) => href === "/config" || href.startsWith("/config/");

export function PlanLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return inAdmin(href) ? (
    <Link href={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
