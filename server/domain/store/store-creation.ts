// Rules of store creation (platform-support §3, §5): the store's URL id from its title and the root
// category a new store gets. Pure, shared with the client (the editor derives the same URL id).

/** The title a store gets its URL id from when its own title is empty or under 3 characters (ours). */
export const STORE_FALLBACK_TITLE = "Store";

/** Lower-case letters and digits joined by single dashes, accents dropped, at most 60 characters. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/**
 * The store's URL id from its title (platform-support §5): a fallback title when the title is empty
 * or under 3 characters (or has no letters or digits), then -1, -2, ... until it is free.
 */
export function storeUrlId(title: string, isTaken: (urlId: string) => boolean): string {
  const trimmed = title.trim();
  const base = (trimmed.length >= 3 && slugify(trimmed)) || slugify(STORE_FALLBACK_TITLE);
  if (!isTaken(base)) return base;
  for (let suffix = 1; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}

/** The root category a new store gets (platform-support §3): ROOT, LIST_VIEW, display index 1. */
export const ROOT_CATEGORY = { type: "ROOT", pageRendering: "LIST_VIEW", displayIndex: 1 } as const;
/** The root category's name (ours: the spec leaves it open). */
export const ROOT_CATEGORY_NAME = "All";
export const CATEGORY_TYPES = ["ROOT", "CATEGORY"] as const;
export const PAGE_RENDERINGS = ["LIST_VIEW", "GRID_VIEW"] as const;
