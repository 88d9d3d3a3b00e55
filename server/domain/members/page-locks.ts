// Locked and password-protected pages (issue 12; page types: lock screen 103, protected content 105).
// The owner may lock the whole site with one password (the lock screen), and protect a page (and
// every page below it) with a password of its own. Neither ever closes the pages of
// member-areas.ts `isAlwaysOpen` (joining, signing in, the API, the owner's area). Contributors
// (accounts with a role) pass the site lock, so owners can see the site they are building; a page
// password is asked of everyone.
import { isAlwaysOpen, trimPath, within } from "./member-areas.ts";

export const MAX_PAGE_PATH_LENGTH = 200;

/** A page path as stored: starts with one "/", no query or fragment, no trailing slash; null when it is not one. */
export function normalizePagePath(path: unknown): string | null {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//") || path.length > MAX_PAGE_PATH_LENGTH) return null;
  if (/[?#\s\\]/.test(path)) return null;
  return trimPath(path);
}

export type PageAccess = { kind: "open" } | { kind: "site-locked" } | { kind: "page-locked"; path: string };

/** The most specific protected path covering `pathname`, or null. */
export function protectingPath(pathname: string, protectedPaths: readonly string[]): string | null {
  const path = trimPath(pathname);
  if (isAlwaysOpen(path)) return null;
  const covering = protectedPaths.filter((candidate) => within(path, candidate));
  return covering.sort((a, b) => b.length - a.length)[0] ?? null;
}

/**
 * What stands before the page: the site lock (unless the viewer is a contributor or unlocked the
 * site), then the page's password (unless unlocked), else nothing. `unlocked(scope)` says whether the
 * visitor holds the unlock of "site" or of a protected path.
 */
export function pageAccess(
  pathname: string,
  locks: { siteLocked: boolean; protectedPaths: readonly string[] },
  viewer: { contributor: boolean; unlocked(scope: string): boolean },
): PageAccess {
  if (isAlwaysOpen(pathname)) return { kind: "open" };
  if (locks.siteLocked && !viewer.contributor && !viewer.unlocked("site")) return { kind: "site-locked" };
  const path = protectingPath(pathname, locks.protectedPaths);
  if (path && !viewer.unlocked(path)) return { kind: "page-locked", path };
  return { kind: "open" };
}
