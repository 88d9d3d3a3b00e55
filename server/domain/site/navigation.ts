// Site navigation (platform-support §3 "Navigation update", "Site layout"): what an owner may save
// with POST /api/widget/UpdateNavigation, and the layout GET /api/commondata/GetSiteLayout returns.
import { isValidRedirect } from "../forms/definition.ts";
import { ownerMessages } from "../messages/owner.ts";

export const MAIN_NAVIGATION = "mainNav";
export const SECONDARY_NAVIGATION = "secondaryNav";
/** platform-support §9: the hidden navigation's and the member areas' names. */
export const HIDDEN_NAVIGATION = "_hidden";
export const MEMBER_AREAS_NAVIGATION = "_memberareas";
export const NAVIGATION_NAMES = [MAIN_NAVIGATION, SECONDARY_NAVIGATION, HIDDEN_NAVIGATION, MEMBER_AREAS_NAVIGATION] as const;

export const MAX_NAVIGATION_DEPTH = 3;
export const MAX_NAVIGATION_ITEMS = 250;

export interface NavigationItem {
  title: string;
  collectionId: number | null;
  externalLink: string | null;
  memberAreaId: string | null;
  items: NavigationItem[];
}

type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * Navigation items as saved: each links to exactly one of a collection, an external link or a member
 * area (an item holding nested items, a folder, may link to none), nested at most 3 levels, at most
 * 250 items in all. `collectionExists` says whether a collection id is the site's.
 */
export function checkNavigationItems(input: unknown, collectionExists: (id: number) => boolean): Checked<NavigationItem[]> {
  let count = 0;
  const walk = (value: unknown, depth: number): Checked<NavigationItem[]> => {
    if (!Array.isArray(value)) return { ok: false, problem: ownerMessages.navigationInvalid };
    if (depth > MAX_NAVIGATION_DEPTH) return { ok: false, problem: ownerMessages.navigationTooDeep(MAX_NAVIGATION_DEPTH) };
    const items: NavigationItem[] = [];
    for (const raw of value) {
      if (++count > MAX_NAVIGATION_ITEMS) return { ok: false, problem: ownerMessages.navigationTooLarge(MAX_NAVIGATION_ITEMS) };
      if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { ok: false, problem: ownerMessages.navigationInvalid };
      const item = raw as Record<string, unknown>;
      const nested = item.items === undefined || item.items === null ? { ok: true as const, value: [] } : walk(item.items, depth + 1);
      if (!nested.ok) return nested;
      const collectionId = item.collectionId ?? null;
      const externalLink = item.externalLink ?? null;
      const memberAreaId = item.memberAreaId ?? null;
      const targets = [collectionId, externalLink, memberAreaId].filter((target) => target !== null && target !== "").length;
      if (targets > 1 || (targets === 0 && nested.value.length === 0)) return { ok: false, problem: ownerMessages.navigationItemTarget };
      if (collectionId !== null && (!Number.isInteger(collectionId) || !collectionExists(collectionId as number))) {
        return { ok: false, problem: ownerMessages.collectionNotFound };
      }
      if (externalLink !== null && externalLink !== "" && (typeof externalLink !== "string" || !isValidRedirect(externalLink))) {
        return { ok: false, problem: ownerMessages.notValidPageUrl(String(externalLink)) };
      }
      if (memberAreaId !== null && memberAreaId !== "" && (typeof memberAreaId !== "string" || memberAreaId.length > 64)) {
        return { ok: false, problem: ownerMessages.navigationInvalid };
      }
      const title = item.title ?? "";
      if (typeof title !== "string" || title.length > 200) return { ok: false, problem: ownerMessages.navigationInvalid };
      items.push({
        title,
        collectionId: collectionId as number | null,
        externalLink: externalLink === "" ? null : (externalLink as string | null),
        memberAreaId: memberAreaId === "" ? null : (memberAreaId as string | null),
        items: nested.value,
      });
    }
    return { ok: true, value: items };
  };
  return walk(input, 1);
}

export interface LayoutLink {
  title: string;
  url: string | null;
  collectionId: number | null;
  externalLink: string | null;
  memberAreaId: string | null;
  links: LayoutLink[];
}

/** Navigation items as layout links: a collection's link is its page, /{urlId}. */
export function layoutLinks(items: readonly NavigationItem[], collections: ReadonlyMap<number, { title: string; urlId: string }>): LayoutLink[] {
  return items.map((item) => {
    const collection = item.collectionId !== null ? collections.get(item.collectionId) : undefined;
    return {
      title: item.title || collection?.title || "",
      url: collection ? `/${collection.urlId}` : item.externalLink,
      collectionId: item.collectionId,
      externalLink: item.externalLink,
      memberAreaId: item.memberAreaId,
      links: layoutLinks(item.items, collections),
    };
  });
}

/** The site layout's navigations, the main navigation first (layout[0]); others in their order. */
export function orderLayout<T extends { fieldName: string; position: number }>(navigations: readonly T[]): T[] {
  return [...navigations].sort((a, b) =>
    a.fieldName === MAIN_NAVIGATION ? -1 : b.fieldName === MAIN_NAVIGATION ? 1 : a.position - b.position || a.fieldName.localeCompare(b.fieldName),
  );
}
