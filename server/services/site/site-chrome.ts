// The header, footer and navigation every storefront page shows (domain/site/site-chrome.ts),
// built from the owner's header/footer and the site layout. Read on every page, changed rarely: kept
// in memory and dropped when `settingsChanged` arrives (a save of the header/footer or a navigation,
// a new store, from this process or another through Redis), so a save shows on the next page.
import { siteChrome, type SiteChrome } from "../../domain/site/site-chrome.ts";
import { memberAreaPaths } from "../../domain/members/member-areas.ts";
import { MEMBER_AREAS_NAVIGATION, type NavigationItem } from "../../domain/site/navigation.ts";
import { EventCache } from "../support/event-cache.ts";
import { parseJsonArray } from "../support/json.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { HeaderFooterSettings } from "./header-footer.ts";
import { NavigationSettings } from "./navigation.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";

export class SiteChromeService {
  readonly #chrome = new EventCache<string, SiteChrome>();
  // The member areas' paths (domain/members/member-areas.ts), asked on every page an anonymous
  // visitor opens. Collections are only ever added by a store creation, which announces
  // settingsChanged like a navigation save, so this is dropped whenever a path could change.
  readonly #memberAreas = new EventCache<string, readonly string[]>();
  readonly #headerFooter: HeaderFooterSettings;
  readonly #navigation: NavigationSettings;

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
    private readonly settings: StoreSettingsService,
  ) {
    this.#headerFooter = new HeaderFooterSettings(db, websiteId, pubsub);
    this.#navigation = new NavigationSettings(db, websiteId, pubsub);
  }

  get(): Promise<SiteChrome> {
    return this.#chrome.get(this.websiteId, () => this.#load());
  }

  /** The paths the owner's member areas cover (none when the site has no member area). */
  memberAreaPaths(): Promise<readonly string[]> {
    return this.#memberAreas.get(this.websiteId, () => this.#loadMemberAreas());
  }

  invalidate(): void {
    this.#chrome.invalidateAll();
    this.#memberAreas.invalidateAll();
  }

  /** Starts following `settingsChanged` (call once; `stop` ends it). */
  follow(): void {
    this.#chrome.follow(this.pubsub.subscribe("settingsChanged"), ({ websiteId }) => websiteId === this.websiteId && this.invalidate());
  }

  stop(): void {
    this.#chrome.stop();
  }

  async #loadMemberAreas(): Promise<readonly string[]> {
    const navigation = await this.db.navigation.findUnique({
      where: { websiteId_fieldName: { websiteId: this.websiteId, fieldName: MEMBER_AREAS_NAVIGATION } },
      select: { items: true },
    });
    const items = navigation ? parseJsonArray<NavigationItem>(navigation.items) : [];
    if (items.length === 0) return [];
    const collections = await this.db.collection.findMany({ where: { websiteId: this.websiteId }, select: { id: true, urlId: true } });
    return memberAreaPaths(items, new Map(collections.map((row) => [row.id, row.urlId])));
  }

  async #load(): Promise<SiteChrome> {
    const [settings, headerFooter, layout] = await Promise.all([this.settings.get(), this.#headerFooter.read(), this.#navigation.layout()]);
    return siteChrome({ storeTitle: settings.title, header: headerFooter.header, footer: headerFooter.footer, layout: layout.layout });
  }
}
