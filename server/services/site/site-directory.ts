// Which site a request is for (issue 21): its host name names a site's platform subdomain
// ({slug}.{PLATFORM_DOMAIN}) or one of its custom domains. Without PLATFORM_DOMAIN the deployment
// serves one site (SITECART_WEBSITE_ID) on every host: the quick start's case.
//
// Answers are kept in memory (an EventCache, so bounded) and dropped by the `siteChanged` event; the
// operator CLI may run in a process without Redis, so an answer is also read again after `ttlMs`.
import type { Db } from "../../db/client.ts";
import { platformSlug, primaryHostOf, siteUrl } from "../../domain/site/hosts.ts";
import { SITE_STATUS, siteAccess, type SiteAccess, type SitePlan } from "../../domain/site/site-status.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { EventCache } from "../support/event-cache.ts";

export interface SiteRecord extends SitePlan {
  id: string;
  slug: string | null;
  title: string;
  /** The host links and redirects use: the primary custom domain, else the platform subdomain; null on a single-site deployment. */
  primaryHost: string | null;
}

export type HostAnswer =
  | { kind: "site"; site: SiteRecord }
  /** A custom domain that is not its site's primary one: 301 to the primary host. */
  | { kind: "redirect"; host: string }
  | { kind: "unknown" };

export interface SiteDirectoryOptions {
  /** PLATFORM_DOMAIN; null: one site answers every host. */
  platformDomain: string | null;
  /** The site of a single-site deployment (SITECART_WEBSITE_ID). */
  defaultWebsiteId: string;
  /** SITECART_PUBLIC_URL: a site's links keep its scheme and port with the site's host. */
  publicUrl: string;
  now?: () => Date;
  /** How long an answer is kept when no event drops it (a status set by the CLI of another process). */
  ttlMs?: number;
  /** Hosts and sites kept, at most (least recently used dropped first). */
  maxEntries?: number;
}

/** Where a development server is reached when SITECART_PUBLIC_URL is not set (links in emails). */
export const DEFAULT_PUBLIC_URL = "http://localhost:4000";

const DEFAULT_TTL_MS = 30_000;

/** The one site of a deployment without PLATFORM_DOMAIN before its row is read (or when it has none): open, its links on SITECART_PUBLIC_URL. */
export const singleSiteRecord = (websiteId: string): SiteRecord => ({
  id: websiteId,
  slug: null,
  title: "",
  status: SITE_STATUS.paid,
  statusChangedAt: new Date(0),
  trialEndsAt: null,
  primaryHost: null,
});
const DEFAULT_MAX_ENTRIES = 5_000;

interface Kept<T> {
  value: T;
  readAt: number;
}

export class SiteDirectory {
  readonly #hosts: EventCache<string, Kept<HostAnswer>>;
  readonly #sites: EventCache<string, Kept<SiteRecord | null>>;
  readonly #now: () => Date;
  readonly #ttlMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: SiteDirectoryOptions,
  ) {
    this.#now = options.now ?? (() => new Date());
    this.#ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.#hosts = new EventCache(options.maxEntries ?? DEFAULT_MAX_ENTRIES);
    this.#sites = new EventCache(options.maxEntries ?? DEFAULT_MAX_ENTRIES);
  }

  get multiSite(): boolean {
    return this.options.platformDomain !== null;
  }

  /** Drops every kept answer when a site, its status or its domains change (in this process or another). */
  follow(pubsub: StorePubSub): void {
    this.#hosts.follow(pubsub.subscribe("siteChanged"), () => this.forget());
  }

  stop(): void {
    this.#hosts.stop();
  }

  forget(): void {
    this.#hosts.invalidateAll();
    this.#sites.invalidateAll();
  }

  /** The site a request's host names (null host: a request without a usable Host header). */
  async resolve(host: string | null): Promise<HostAnswer> {
    if (!this.multiSite) {
      // A deployment without a Website row yet (a database not seeded) still serves its one site, open.
      const site = await this.site(this.options.defaultWebsiteId);
      return { kind: "site", site: site ?? singleSiteRecord(this.options.defaultWebsiteId) };
    }
    if (host === null) return { kind: "unknown" };
    return this.#fresh(this.#hosts, host, () => this.#resolveHost(host));
  }

  /** A site by id (null when there is none). */
  site(websiteId: string): Promise<SiteRecord | null> {
    return this.#fresh(this.#sites, websiteId, () => this.#load({ id: websiteId }));
  }

  /** What the site's status allows now. */
  access(site: SiteRecord): SiteAccess {
    return siteAccess(site, this.#now());
  }

  /** The site's address for links in emails: its primary host on the deployment's scheme and port. */
  publicUrl(site: SiteRecord): string {
    return site.primaryHost ? this.hostUrl(site.primaryHost) : this.options.publicUrl.replace(/\/+$/, "");
  }

  /** A host's address on the deployment's scheme and port. */
  hostUrl(host: string): string {
    return siteUrl(this.options.publicUrl, host);
  }

  /** Every site's id, oldest first (the jobs go over them in turn). */
  async siteIds(): Promise<string[]> {
    if (!this.multiSite) return [this.options.defaultWebsiteId];
    const rows = await this.db.website.findMany({ select: { id: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    return rows.map((row) => row.id);
  }

  async #fresh<T>(cache: EventCache<string, Kept<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const kept = await cache.get(key, async () => ({ value: await load(), readAt: Date.now() }));
    // One site: only its own admin changes it, and that publishes siteChanged; no read again on a timer.
    if (!this.multiSite || Date.now() - kept.readAt < this.#ttlMs) return kept.value;
    cache.invalidate(key);
    return (await cache.get(key, async () => ({ value: await load(), readAt: Date.now() }))).value;
  }

  async #resolveHost(host: string): Promise<HostAnswer> {
    const slug = platformSlug(host, this.options.platformDomain!);
    if (slug !== null) {
      const site = await this.#load({ slug });
      return site ? { kind: "site", site } : { kind: "unknown" };
    }
    const domain = await this.db.siteDomain.findUnique({ where: { host }, select: { websiteId: true, primary: true } });
    if (!domain) return { kind: "unknown" };
    const site = await this.#load({ id: domain.websiteId });
    if (!site) return { kind: "unknown" };
    if (!domain.primary && site.primaryHost && site.primaryHost !== host) return { kind: "redirect", host: site.primaryHost };
    return { kind: "site", site };
  }

  async #load(where: { id: string } | { slug: string }): Promise<SiteRecord | null> {
    const row = await this.db.website.findUnique({
      where,
      select: {
        id: true,
        slug: true,
        title: true,
        status: true,
        statusChangedAt: true,
        trialEndsAt: true,
        domains: { where: { primary: true }, select: { host: true, primary: true }, take: 1 },
      },
    });
    if (!row) return null;
    const { domains: _domains, ...plan } = row;
    const primaryHost = primaryHostOf(row, this.options.platformDomain);
    return { ...plan, primaryHost };
  }
}
