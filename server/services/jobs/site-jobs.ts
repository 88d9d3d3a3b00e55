// Where the site jobs find their sites (issue 21): every site of the deployment that is not removed,
// with its services lent by the site pool for one turn (the pool's `borrow`: a pass over every site
// never pushes the sites serving requests out of it); or, for one site's services (createJobs), that
// site alone.
import { OPEN_SITE, type SiteAccess } from "../../domain/site/site-status.ts";
import type { Services } from "../index.ts";
import type { SiteDirectory } from "../site/site-directory.ts";
import type { SitePool } from "../site/site-pool.ts";
import { RollupJob } from "../analytics/rollups.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";

/** What a site's turn of the jobs uses of its services (one site's services may lack the optional ones). */
export type SiteJobServices = Pick<Services, "db" | "restock"> &
  Partial<Pick<Services, "subscriptions" | "analytics" | "settings" | "websiteId" | "stockHolds" | "paymentEvents" | "abandonedCheckouts">>;

export interface SiteSource {
  /** The sites whose jobs run now, in a stable order (oldest first). */
  siteIds(): Promise<readonly string[]>;
  /** Runs `work` with the site's services and what its plan allows now; null when the site is gone (removed or deleted since it was listed). */
  with<T>(websiteId: string, work: (services: SiteJobServices, access: SiteAccess) => Promise<T>): Promise<T | null>;
}

/** Every site that is not removed, as the directory knows them, with the pool's services. */
export function pooledSites(directory: SiteDirectory, pool: SitePool): SiteSource {
  const open = async (websiteId: string) => {
    const site = await directory.site(websiteId);
    const access = site ? directory.access(site) : null;
    return site && access && access.storefront !== "gone" ? { site, access } : null;
  };
  return {
    async siteIds() {
      const ids: string[] = [];
      for (const websiteId of await directory.siteIds()) if (await open(websiteId)) ids.push(websiteId);
      return ids;
    },
    async with(websiteId, work) {
      const opened = await open(websiteId);
      return opened ? pool.borrow(opened.site, (services) => work(services, opened.access)) : null;
    },
  };
}

/** One site's services (tests, and callers that hold a site's services). */
export function oneSite(services: SiteJobServices): SiteSource {
  return {
    siteIds: async () => (services.websiteId ? [services.websiteId] : []),
    with: async (websiteId, work) => (websiteId === services.websiteId ? work(services, OPEN_SITE) : null),
  };
}

/** Sites' rollup jobs kept from run to run, at most this many (the least recently run dropped: it restarts from its rollups). */
const MAX_KEPT_ROLLUPS = 10_000;

/**
 * Each site's RollupJob, kept between runs: it remembers the last event it rolled up, so a run reads
 * only the new ones. The site's settings are those of the services lent for the current turn (the
 * pool may have made them anew since the last run).
 */
export class SiteRollups {
  readonly #kept = new Map<string, { job: RollupJob; settings: { current: Pick<StoreSettingsService, "get"> } }>();

  constructor(
    private readonly now: () => Date,
    private readonly max = MAX_KEPT_ROLLUPS,
  ) {}

  run(services: SiteJobServices & Pick<Services, "websiteId" | "settings">): Promise<string[]> {
    const { websiteId } = services;
    let kept = this.#kept.get(websiteId);
    if (kept) this.#kept.delete(websiteId);
    else {
      const settings = { current: services.settings as Pick<StoreSettingsService, "get"> };
      kept = { settings, job: new RollupJob(services.db, websiteId, { get: () => settings.current.get() }, this.now) };
    }
    this.#kept.set(websiteId, kept);
    kept.settings.current = services.settings;
    for (const oldest of this.#kept.keys()) {
      if (this.#kept.size <= this.max) break;
      this.#kept.delete(oldest);
    }
    return kept.job.run();
  }

  forget(websiteId: string): void {
    this.#kept.delete(websiteId);
  }
}
