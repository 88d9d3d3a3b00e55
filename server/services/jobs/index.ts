// The scheduled jobs of one site's services: the mail outbox, the purges, the waitlist expiry, the
// subscription renewals and the analytics rollups and retention, on one scheduler (scheduler.ts) with
// database leases (lease.ts). createApp builds it; the process calls start() once it serves and stop()
// on shutdown. With JOBS=off no timer runs: tests call runDue() when they want the jobs to run.
import type { Services } from "../index.ts";
import { JobLeases, processHolder } from "./lease.ts";
import { purgeExpired } from "./purges.ts";
import { Scheduler, type Timers } from "./scheduler.ts";
import { RollupJob } from "../analytics/rollups.ts";
import { purgeExpiredEvents } from "../analytics/retention.ts";

export interface JobIntervals {
  /** Delivery of due outbox emails (retries with backoff included): MAIL_INTERVAL_SECONDS. */
  mailMs: number;
  /** Purges of expired rows and the waitlist expiry: PURGE_INTERVAL_SECONDS. */
  purgeMs: number;
  /** Subscription renewals (issue 12), each due cycle billed once: RENEWAL_INTERVAL_SECONDS. */
  renewalMs: number;
  /** Analytics rollups of the days that changed (issue 11): ANALYTICS_ROLLUP_INTERVAL_SECONDS. */
  rollupMs: number;
  /** Raw analytics events past the owner's retention period deleted: ANALYTICS_RETENTION_INTERVAL_SECONDS. */
  retentionMs: number;
}

export const DEFAULT_JOB_INTERVALS: JobIntervals = {
  mailMs: 10_000,
  purgeMs: 60 * 60 * 1000,
  renewalMs: 15 * 60 * 1000,
  rollupMs: 60 * 1000,
  retentionMs: 60 * 60 * 1000,
};

export const JOB_NAMES = {
  mail: "mail-outbox",
  purge: "purge-expired",
  waitlist: "waitlist-expiry",
  renewals: "subscription-renewals",
  analyticsRollup: "analytics-rollup",
  analyticsRetention: "analytics-retention",
} as const;

export function createJobs(
  services: Pick<Services, "db" | "mailer" | "restock"> & Partial<Pick<Services, "subscriptions" | "analytics" | "settings" | "websiteId">>,
  {
    intervals: given = {},
    onTimers = true,
    now = () => new Date(),
    timers,
    holder = processHolder(),
  }: {
    /** Intervals left out take their default. */
    intervals?: Partial<JobIntervals>;
    /** false (JOBS=off): start() sets no timer and the jobs run only when called (runDue). */
    onTimers?: boolean;
    now?: () => Date;
    timers?: Timers;
    holder?: string;
  } = {},
): Scheduler {
  const intervals: JobIntervals = { ...DEFAULT_JOB_INTERVALS, ...given };
  const leases = new JobLeases(services.db, holder, now);
  const { analytics, settings, websiteId } = services;
  const analyticsJobs =
    analytics && settings && websiteId
      ? (() => {
          const rollups = new RollupJob(services.db, websiteId, settings, now);
          return [
            { name: JOB_NAMES.analyticsRollup, intervalMs: intervals.rollupMs, run: () => rollups.run() },
            {
              name: JOB_NAMES.analyticsRetention,
              intervalMs: intervals.retentionMs,
              run: () => purgeExpiredEvents(services.db, websiteId, settings, analytics.policy, now()),
            },
          ];
        })()
      : [];
  return new Scheduler(
    leases,
    [
      { name: JOB_NAMES.mail, intervalMs: intervals.mailMs, run: () => services.mailer.deliverPending() },
      { name: JOB_NAMES.purge, intervalMs: intervals.purgeMs, run: () => purgeExpired(services.db, now()) },
      { name: JOB_NAMES.waitlist, intervalMs: intervals.purgeMs, run: () => services.restock.expireLapsed() },
      ...(services.subscriptions
        ? [
            {
              name: JOB_NAMES.renewals,
              intervalMs: intervals.renewalMs,
              run: () => services.subscriptions!.renewDue(now()),
            },
          ]
        : []),
      ...analyticsJobs,
    ],
    { now, timers, onTimers },
  );
}

export { Scheduler, type Job, type Timers } from "./scheduler.ts";
export { JobLeases } from "./lease.ts";
