// Work that happens on its own: each job runs on a timer in every process, but only the process that
// takes the job's lease (lease.ts) runs it, so it runs once per interval across instances. The clock
// and the timers are injected: tests drive `runDue()` with a fake clock and never wait.
import type { JobLeases } from "./lease.ts";
import { processLogger } from "../support/log.ts";
import { realTimers, type Timers } from "../support/timers.ts";

export type { Timers } from "../support/timers.ts";

export interface Job {
  name: string;
  /** How often it runs, across all processes. */
  intervalMs: number;
  run(): Promise<unknown>;
}

/** How long a run may go without renewing its lease before another process may take the job over. */
export const DEFAULT_LEASE_MS = 60_000;

export class Scheduler {
  readonly #running = new Map<string, Promise<boolean>>();
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

  /** Stops the timers and waits for the runs in progress to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const handle of this.#handles) this.#timers.clearInterval(handle);
    this.#handles = [];
    await Promise.all(this.#running.values());
  }

  /** Runs every job that is due and not held by another process; the names of those that ran. */
  async runDue(): Promise<string[]> {
    const ran = await Promise.all(this.jobs.map(async (job) => ((await this.run(job)) ? job.name : null)));
    return ran.filter((name): name is string => name !== null);
  }

  /** Runs the job if this process gets its lease; true when it ran. Never throws (errors go to onError). */
  run(job: Job): Promise<boolean> {
    // One run of a job per process at a time: a slow run is not started twice by its own timer.
    const inProgress = this.#running.get(job.name);
    if (inProgress || this.#stopped) return Promise.resolve(false);
    const run = this.#run(job).finally(() => this.#running.delete(job.name));
    this.#running.set(job.name, run);
    return run;
  }

  async #run(job: Job): Promise<boolean> {
    const leaseMs = Math.max(this.options.leaseMs ?? DEFAULT_LEASE_MS, 1);
    try {
      if (!(await this.leases.acquire(job.name, leaseMs))) return false;
    } catch (error) {
      this.#report(job.name, error);
      return false;
    }
    const startedAt = this.options.now();
    const renewal = this.#timers.setInterval(() => void this.leases.renew(job.name, leaseMs).catch((error) => this.#report(job.name, error)), leaseMs / 3);
    try {
      await job.run();
    } catch (error) {
      this.#report(job.name, error);
    } finally {
      this.#timers.clearInterval(renewal);
    }
    try {
      // Held until the next run is due: no other process runs it again within the interval.
      await this.leases.holdUntil(job.name, new Date(startedAt.getTime() + job.intervalMs));
    } catch (error) {
      this.#report(job.name, error);
    }
    return true;
  }

  #report(job: string, error: unknown): void {
    if (this.options.onError) this.options.onError(job, error);
    else processLogger().error({ err: error, job }, "scheduled job failed");
  }
}
