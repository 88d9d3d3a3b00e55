// What every storefront page shows around its content (issue 10 §1): the header (the site's title
// and the main navigation), the footer (the owner's text and the secondary navigation). Built from the
// owner's header/footer JSON (platform-support §3: two free objects; we read `title` and `text` of
// them) and the site layout (navigation.ts), so the pages, the React shell and the layout call show
// the same links. `_hidden` and `_memberareas` are never printed in the header or footer.
import { MAIN_NAVIGATION, SECONDARY_NAVIGATION, type LayoutLink } from "./navigation.ts";

export const MAX_HEADER_TITLE = 200;
export const MAX_FOOTER_TEXT = 2000;

/** A link as a page prints it: its title and address, and its nested links (a folder has no address). */
export interface ChromeLink {
  title: string;
  url: string | null;
  /** Whether the address leaves the site (opened as a plain link, not by the client's router). */
  external: boolean;
  links: ChromeLink[];
}

export interface SiteChrome {
  /** The header's title: the owner's header title, or the store's title. */
  title: string;
  /** The footer's text: the owner's, or null (the page prints the store's default line). */
  footerText: string | null;
  mainNavigation: ChromeLink[];
  secondaryNavigation: ChromeLink[];
}

const text = (value: unknown, max: number): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null);

/** The header's title the owner saved (`header.title`), if any. */
export function headerTitle(header: Record<string, unknown>): string | null {
  return text(header.title, MAX_HEADER_TITLE);
}

/** The footer's text the owner saved (`footer.text`), if any. */
export function footerText(footer: Record<string, unknown>): string | null {
  return text(footer.text, MAX_FOOTER_TEXT);
}

const isExternal = (url: string) => !url.startsWith("/");

/** Layout links as printed: links without an address and without nested links are left out. */
export function chromeLinks(links: readonly LayoutLink[]): ChromeLink[] {
  return links.flatMap((link) => {
    const nested = chromeLinks(link.links);
    if (!link.url && nested.length === 0) return [];
    return [{ title: link.title || link.url || "", url: link.url, external: link.url !== null && isExternal(link.url), links: nested }];
  });
}

export function siteChrome(input: {
  storeTitle: string;
  header: Record<string, unknown>;
  footer: Record<string, unknown>;
  layout: readonly { identifier: string; links: readonly LayoutLink[] }[];
}): SiteChrome {
  const navigation = (name: string) => chromeLinks(input.layout.find((entry) => entry.identifier === name)?.links ?? []);
  return {
    title: headerTitle(input.header) ?? input.storeTitle,
    footerText: footerText(input.footer),
    mainNavigation: navigation(MAIN_NAVIGATION),
    secondaryNavigation: navigation(SECONDARY_NAVIGATION),
  };
}
