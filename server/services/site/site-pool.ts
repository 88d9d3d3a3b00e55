// The services of the sites this process is serving (issue 21): one `Services` per site, made on a
// site's first request and kept for the next ones, at most `maxSites` of them. The least recently used
// site beyond that is retired: once no request or socket uses it any more, its tracking queue is
// written out and its caches stop following events. A retired site's next request makes it anew, so
// 1,000 sites cost the memory of the `maxSites` most recently used.
import type { Services } from "../index.ts";
import type { SiteRecord } from "./site-directory.ts";

interface Entry {
  services: Services;
  /** Requests and sockets using these services now. */
  users: number;
  retired: boolean;
}

export interface SiteLease {
  services: Services;
  /** Call once when the request or socket is done. */
  release(): void;
}

export const DEFAULT_MAX_SITES = 200;

export class SitePool {
  /** In order of use, least recent first. */
  readonly #entries = new Map<string, Entry>();
  readonly #retiring = new Set<Promise<void>>();

  constructor(
    private readonly create: (site: SiteRecord) => Services,
    private readonly maxSites = DEFAULT_MAX_SITES,
  ) {}

  /** The site's services for one request or socket; `release` when it is done. */
  acquire(site: SiteRecord): SiteLease {
    let entry = this.#entries.get(site.id);
    if (entry) this.#entries.delete(site.id);
    else entry = { services: this.create(site), users: 0, retired: false };
    this.#entries.set(site.id, entry);
    entry.users += 1;
    this.#retireBeyondLimit();
    let released = false;
    const held = entry;
    return {
      services: entry.services,
      release: () => {
        if (released) return;
        released = true;
        held.users -= 1;
        if (held.retired && held.users === 0) this.#dispose(held);
      },
    };
  }

  /**
   * Runs `work` with the site's services without counting as a use (the jobs, which go over every
   * site): the kept services when the site has them, else services made for `work` alone and retired
   * after it. A pass of the jobs over 1,000 sites so never pushes the sites being visited out of the pool.
   */
  async borrow<T>(site: SiteRecord, work: (services: Services) => Promise<T>): Promise<T> {
    const entry = this.#entries.get(site.id) ?? { services: this.create(site), users: 0, retired: true };
    entry.users += 1;
    try {
      return await work(entry.services);
    } finally {
      entry.users -= 1;
      if (entry.retired && entry.users === 0) this.#dispose(entry);
    }
  }

  /** Sites whose services are kept now (for the figures of docs/benchmarks.md). */
  get size(): number {
    return this.#entries.size;
  }

  /** Retires every site: their tracking queues written, their caches stopped. */
  async close(): Promise<void> {
    for (const [websiteId, entry] of this.#entries) this.#retire(websiteId, entry);
    await Promise.all(this.#retiring);
  }

  /** Retires one site now (its domains changed, it was removed or purged): its next use makes its services anew. */
  async forget(websiteId: string): Promise<void> {
    const entry = this.#entries.get(websiteId);
    if (entry) this.#retire(websiteId, entry);
    await Promise.all(this.#retiring);
  }

  #retireBeyondLimit(): void {
    for (const [websiteId, entry] of this.#entries) {
      if (this.#entries.size <= this.maxSites) return;
      this.#retire(websiteId, entry);
    }
  }

  #retire(websiteId: string, entry: Entry): void {
    this.#entries.delete(websiteId);
    entry.retired = true;
    if (entry.users === 0) this.#dispose(entry);
  }

  #dispose(entry: Entry): void {
    const done = (async () => {
      try {
        await entry.services.analytics.close();
      } finally {
        entry.services.stop();
      }
    })();
    this.#retiring.add(done);
    void done.finally(() => this.#retiring.delete(done)).catch(() => {});
  }
}
