// Members-only pages (issue 12; storefront §6 "Members-only pages exist (access denied with a join
// button); the rule that decides membership is not shown"; platform-support §9 "member-area
// navigation name _memberareas"). The owner marks a member area by placing pages in the
// `_memberareas` navigation: every page a link there leads to (a collection's page, or a path of this
// site given as a link), and every page below it, is members-only. Our membership rule: any account
// signed in to the site (a site member or a contributor) is a member of every area.
import type { NavigationItem } from "../site/navigation.ts";

/** Pages a visitor must reach to become a member: never members-only, whatever the areas hold. */
const ALWAYS_OPEN = ["/account", "/newsletter/unsubscribe", "/api", "/config"];

/** The local path a navigation link leads to, or null (an external site, a folder). */
function localPath(item: NavigationItem, collectionUrlIds: ReadonlyMap<number, string>): string | null {
  if (item.collectionId !== null) {
    const urlId = collectionUrlIds.get(item.collectionId);
    return urlId ? `/${urlId}` : null;
  }
  const link = item.externalLink;
  if (!link || !link.startsWith("/") || link.startsWith("//")) return null;
  const path = link.split(/[?#]/)[0].replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

/** The paths the `_memberareas` navigation puts in member areas (each with everything below it). */
export function memberAreaPaths(items: readonly NavigationItem[], collectionUrlIds: ReadonlyMap<number, string>): string[] {
  const paths = new Set<string>();
  const walk = (list: readonly NavigationItem[]) => {
    for (const item of list) {
      const path = localPath(item, collectionUrlIds);
      if (path) paths.add(path);
      walk(item.items);
    }
  };
  walk(items);
  return [...paths];
}

/** Whether `path` is `area` or a page below it ("/" holds every page). */
export const within = (path: string, area: string) => area === "/" || path === area || path.startsWith(`${area}/`);

/** A path without its trailing slash ("/" stays). */
export const trimPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname);

/** The pages no lock or member area ever closes: joining, signing in, unsubscribing, the API, the owner's area. */
export const isAlwaysOpen = (pathname: string) => ALWAYS_OPEN.some((open) => within(trimPath(pathname), open));

/** Whether the page at `pathname` is in a member area (the account pages and the API never are). */
export function isMembersOnly(pathname: string, areaPaths: readonly string[]): boolean {
  const path = trimPath(pathname);
  if (isAlwaysOpen(path)) return false;
  return areaPaths.some((area) => within(path, area));
}

/** Where the access-denied page's join button leads: sign-up, then back to the page. */
export const joinHref = (pathname: string): string => `/account/sign-up?returnTo=${encodeURIComponent(pathname)}`;
/** Where its sign-in link leads. */
export const signInHref = (pathname: string): string => `/account/sign-in?returnTo=${encodeURIComponent(pathname)}`;

/** A returnTo value the sign-in pages follow: a path of this site only (never another origin). */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/account";
  return value;
}
