// Work that happens on its own: each job runs on a timer in every process, but only the process that
// takes the job's lease (lease.ts) runs it, so it runs once per interval across instances. A job is
// either one piece of work (one lease, its name) or a turn per site (issue 21): each run goes over the
// sites in an order that rotates from run to run, and gives each site one bounded turn under the lease
// `${job}:${websiteId}`, so a busy site cannot hold the others back, two processes can split the sites
// between them, and a site's turn never runs twice at once. The clock and the timers are injected:
// tests drive `runDue()` with a fake clock and never wait.
import { siteLeaseName, type JobLeases } from "./lease.ts";
import { processLogger } from "../support/log.ts";
import { realTimers, type Timers } from "../support/timers.ts";

export type { Timers } from "../support/timers.ts";

/** One piece of work for the whole deployment (the outbox, the global purges). */
export interface GlobalJob {
  name: string;
  /** How often it runs, across all processes. */
  intervalMs: number;
  run(): Promise<unknown>;
}

/** Work done site by site, one bounded turn per site and run (each site's own batch). */
export interface SiteJob {
  name: string;
  intervalMs: number;
  /** The sites that get a turn now, in a stable order (the scheduler rotates it). */
  sites(): Promise<readonly string[]>;
  runSite(websiteId: string): Promise<unknown>;
}

export type Job = GlobalJob | SiteJob;

/** How long a run may go without renewing its lease before another process may take the job over. */
export const DEFAULT_LEASE_MS = 60_000;

/**
 * A run holds its lease until its next run is due, less this much (at most a tenth of the interval):
 * a timer fires a little late or early against the clock, and a lease still held for a millisecond
 * when the next tick comes would skip a whole interval.
 */
export const TICK_SLACK_MS = 250;

const isSiteJob = (job: Job): job is SiteJob => "runSite" in job;

/** `items` starting at position `turn` (modulo their number): each run starts with another site. */
export function rotate<T>(items: readonly T[], turn: number): T[] {
  if (items.length === 0) return [];
  const start = turn % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

export class Scheduler {
  readonly #running = new Map<string, Promise<boolean>>();
  /** Per site job: how many runs this process started (where the next run's rotation starts). */
  readonly #turns = new Map<string, number>();
  #handles: unknown[] = [];
  #stopped = false;

  constructor(
    private readonly leases: JobLeases,
    readonly jobs: readonly Job[],
    private readonly options: {
      now: () => Date;
      timers?: Timers;
      /** false: start() sets no timer (JOBS=off); runDue() and run() still work. Default true. */
      onTimers?: boolean;
      leaseMs?: number;
      /** `job` is the lease's name: `${job}:${websiteId}` for a site's turn. */
      onError?: (job: string, error: unknown) => void;
    },
  ) {}

  get #timers(): Timers {
    return this.options.timers ?? realTimers;
  }

  /** Runs each job on its timer from now on (the first check at once); nothing when the timers are off. */
  start(): void {
    this.#stopped = false;
    if (this.options.onTimers === false) return;
    for (const job of this.jobs) {
      void this.run(job);
      this.#handles.push(this.#timers.setInterval(() => void this.run(job), job.intervalMs));
    }
  }

  /** Stops the timers and waits for the runs in progress to finish (a site job stops after its current site). */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const handle of this.#handles) this.#timers.clearInterval(handle);
    this.#handles = [];
    await Promise.all(this.#running.values());
  }

  /** Runs every job that is due and not held by another process; the names of those that ran (for any site). */
  async runDue(): Promise<string[]> {
    const ran = await Promise.all(this.jobs.map(async (job) => ((await this.run(job)) ? job.name : null)));
    return ran.filter((name): name is string => name !== null);
  }

  /** Runs the job (each site's turn that this process gets the lease of); true when anything ran. Never throws. */
  run(job: Job): Promise<boolean> {
    // One run of a job per process at a time: a slow run is not started twice by its own timer.
    const inProgress = this.#running.get(job.name);
    if (inProgress || this.#stopped) return Promise.resolve(false);
    // The interval counts from when the run was due, not from when a site's turn began.
    const dueAt = this.options.now();
    const run = (isSiteJob(job) ? this.#runSites(job, dueAt) : this.#leased(job.name, job, dueAt, () => job.run())).finally(() =>
      this.#running.delete(job.name),
    );
    this.#running.set(job.name, run);
    return run;
  }

  async #runSites(job: SiteJob, dueAt: Date): Promise<boolean> {
    let sites: readonly string[];
    try {
      sites = await job.sites();
    } catch (error) {
      this.#report(job.name, error);
      return false;
    }
    const turn = this.#turns.get(job.name) ?? 0;
    this.#turns.set(job.name, turn + 1);
    let ran = false;
    for (const websiteId of rotate(sites, turn)) {
      if (this.#stopped) break;
      if (await this.#leased(siteLeaseName(job.name, websiteId), job, dueAt, () => job.runSite(websiteId))) ran = true;
    }
    return ran;
  }

  /** Runs `work` under the lease `lease` if this process gets it, then holds it until the job's next run is due. */
  async #leased(lease: string, job: Job, dueAt: Date, work: () => Promise<unknown>): Promise<boolean> {
    const leaseMs = Math.max(this.options.leaseMs ?? DEFAULT_LEASE_MS, 1);
    try {
      if (!(await this.leases.acquire(lease, leaseMs))) return false;
    } catch (error) {
      this.#report(lease, error);
      return false;
    }
    const renewal = this.#timers.setInterval(() => void this.leases.renew(lease, leaseMs).catch((error) => this.#report(lease, error)), leaseMs / 3);
    try {
      await work();
    } catch (error) {
      this.#report(lease, error);
    } finally {
      this.#timers.clearInterval(renewal);
    }
    try {
      // Held until the next run is due: no other process runs it again within the interval.
      const slack = Math.min(TICK_SLACK_MS, job.intervalMs / 10);
      await this.leases.holdUntil(lease, new Date(dueAt.getTime() + job.intervalMs - slack));
    } catch (error) {
      this.#report(lease, error);
    }
    return true;
  }

  #report(job: string, error: unknown): void {
    if (this.options.onError) this.options.onError(job, error);
    else processLogger().error({ err: error, job }, "scheduled job failed");
  }
}
