// The owner's privacy and tracking settings (issue 11): the consent banner, the cookie policy and the
// retention period of raw events, with the ads pixel id the purchase event reports to. Read with every
// storefront page (the page context's `tracking`), changed rarely: kept in memory and dropped when
// `settingsChanged` arrives (a save here, a pixel id save, from this process or another through Redis).
import { isTrackingAllowed, storedCookiePolicy, storedRetentionDays, type CookiePolicy } from "../../domain/analytics/tracking-rules.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { EventCache } from "../support/event-cache.ts";

export interface AnalyticsSettingsView {
  cookieBannerEnabled: boolean;
  cookiePolicy: CookiePolicy;
  retentionDays: number;
  /** The ads pixel id (MarketingSettings), null when none is set. */
  pixelId: string | null;
}

/** What the storefront learns with a page when it may track this request: how. */
export interface StorefrontTracking {
  cookiePolicy: CookiePolicy;
  /** The consent banner shows (to visitors who have not answered it). */
  bannerEnabled: boolean;
  /** The owner's ads pixel id, null when none is set. */
  pixelId: string | null;
  /** The legacy payload's websiteId. */
  websiteId: string;
}

export interface TrackingOptions {
  /** TRACKING_DISABLED=1. */
  disabled: boolean;
}

export type AnalyticsSettingsChange = Partial<Pick<AnalyticsSettingsView, "cookieBannerEnabled" | "cookiePolicy" | "retentionDays">>;

export class AnalyticsSettingsService {
  readonly #cache = new EventCache<string, AnalyticsSettingsView>();

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
    readonly options: TrackingOptions = { disabled: false },
  ) {}

  /** The settings (defaults when the owner never saved them). */
  get(): Promise<AnalyticsSettingsView> {
    return this.#cache.get(this.websiteId, () => this.#load());
  }

  invalidate(): void {
    this.#cache.invalidateAll();
  }

  /** Starts following `settingsChanged` (call once; `stop` ends it). */
  follow(): void {
    this.#cache.follow(this.pubsub.subscribe("settingsChanged"), ({ websiteId }) => websiteId === this.websiteId && this.invalidate());
  }

  stop(): void {
    this.#cache.stop();
  }

  /** Saves the given fields (already checked by domain/settings/analytics-settings.ts); every process drops its copy. */
  async update(change: AnalyticsSettingsChange): Promise<AnalyticsSettingsView> {
    const data = {
      ...(change.cookieBannerEnabled === undefined ? {} : { cookieBannerEnabled: change.cookieBannerEnabled }),
      ...(change.cookiePolicy === undefined ? {} : { cookiePolicy: change.cookiePolicy }),
      ...(change.retentionDays === undefined ? {} : { retentionDays: change.retentionDays }),
    };
    await this.db.analyticsSettings.upsert({ where: { websiteId: this.websiteId }, create: { websiteId: this.websiteId, ...data }, update: data });
    this.invalidate();
    await this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return this.get();
  }

  /**
   * The storefront's tracking facts for a request by `role` (null: anonymous or a site member) about
   * `path`; null when the request is not tracked (TRACKING_DISABLED, signed-in contributors other
   * than viewer-only accounts: domain/analytics/tracking-rules.ts).
   */
  async forRequest(role: number | null, path: string): Promise<StorefrontTracking | null> {
    if (!isTrackingAllowed({ disabled: this.options.disabled, role, path })) return null;
    const settings = await this.get();
    return {
      cookiePolicy: settings.cookiePolicy,
      bannerEnabled: settings.cookieBannerEnabled,
      pixelId: settings.pixelId,
      websiteId: this.websiteId,
    };
  }

  async #load(): Promise<AnalyticsSettingsView> {
    const [row, marketing] = await Promise.all([
      this.db.analyticsSettings.findUnique({ where: { websiteId: this.websiteId } }),
      this.db.marketingSettings.findUnique({ where: { websiteId: this.websiteId }, select: { pixelId: true } }),
    ]);
    return {
      cookieBannerEnabled: row?.cookieBannerEnabled ?? false,
      cookiePolicy: storedCookiePolicy(row?.cookiePolicy ?? null),
      retentionDays: storedRetentionDays(row?.retentionDays ?? null),
      pixelId: marketing?.pixelId ?? null,
    };
  }
}
