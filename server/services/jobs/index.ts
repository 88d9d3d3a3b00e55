// The scheduled jobs: the mail outbox, the purges, the waitlist and stock-hold expiries, the subscription renewals, the
// analytics rollups and retention and the removed-site purge, on one scheduler (scheduler.ts) with
// database leases (lease.ts). The outbox (it takes the sites in turn itself: mail/mailer.ts) and the
// purge of expired tokens are one job for the whole deployment; the others give every site a turn on
// each run, under a lease per job and site (issue 21). createApp builds them over every site
// (createSiteJobs); createJobs runs them for one site's services. The process calls start() once it
// serves and stop() on shutdown. With JOBS=off no timer runs: tests call runDue() when they want the
// jobs to run.
import type { Db } from "../../db/client.ts";
import type { SiteAccess } from "../../domain/site/site-status.ts";
import type { Services } from "../index.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SiteDirectory } from "../site/site-directory.ts";
import type { SitePool } from "../site/site-pool.ts";
import { SitePurge } from "../site/site-purge.ts";
import { JobLeases, processHolder } from "./lease.ts";
import { purgeExpired } from "./purges.ts";
import { Scheduler, type Job, type Timers } from "./scheduler.ts";
import { oneSite, pooledSites, SiteRollups, type SiteJobServices, type SiteSource } from "./site-jobs.ts";
import { purgeExpiredEvents } from "../analytics/retention.ts";

export interface JobIntervals {
  /** Delivery of due outbox emails (retries with backoff included): MAIL_INTERVAL_SECONDS. */
  mailMs: number;
  /** Purges of expired rows, the waitlist expiry and the removed-site purge: PURGE_INTERVAL_SECONDS. */
  purgeMs: number;
  /** Subscription renewals (issue 12), each due cycle billed once: RENEWAL_INTERVAL_SECONDS. */
  renewalMs: number;
  /** Analytics rollups of the days that changed (issue 11): ANALYTICS_ROLLUP_INTERVAL_SECONDS. */
  rollupMs: number;
  /** Raw analytics events past the owner's retention period deleted: ANALYTICS_RETENTION_INTERVAL_SECONDS. */
  retentionMs: number;
  /** Stripe webhooks tried again and payments reconciled with Stripe (issue 22): PAYMENT_RECONCILE_INTERVAL_SECONDS. */
  paymentsMs: number;
  /** Lapsed stock holds deleted, their units shown available again (issue 22): STOCK_HOLD_INTERVAL_SECONDS. */
  stockHoldMs: number;
  /** Abandoned checkout reminders (issue 24 part 4), each due cart reminded once: ABANDONED_CHECKOUT_INTERVAL_SECONDS. */
  abandonedCheckoutMs: number;
}

export const DEFAULT_JOB_INTERVALS: JobIntervals = {
  mailMs: 10_000,
  purgeMs: 60 * 60 * 1000,
  renewalMs: 15 * 60 * 1000,
  rollupMs: 60 * 1000,
  retentionMs: 60 * 60 * 1000,
  paymentsMs: 60 * 1000,
  // A hold lapses after 15 minutes; its units come back within a minute of that.
  stockHoldMs: 60 * 1000,
  // The owner's delay is at least 15 minutes: a reminder goes out at most 5 minutes after it.
  abandonedCheckoutMs: 5 * 60 * 1000,
};

export const JOB_NAMES = {
  mail: "mail-outbox",
  purge: "purge-expired",
  waitlist: "waitlist-expiry",
  renewals: "subscription-renewals",
  analyticsRollup: "analytics-rollup",
  analyticsRetention: "analytics-retention",
  removedSites: "removed-site-purge",
  payments: "payment-reconciliation",
  stockHolds: "stock-hold-expiry",
  abandonedCheckouts: "abandoned-checkout-reminders",
} as const;

/** The jobs that give each site a turn, under a lease per site (the purge deletes them; site-purge.test.ts checks none is left). */
const SITE_JOBS: readonly string[] = [
  JOB_NAMES.waitlist,
  JOB_NAMES.renewals,
  JOB_NAMES.analyticsRollup,
  JOB_NAMES.analyticsRetention,
  JOB_NAMES.removedSites,
  JOB_NAMES.payments,
  JOB_NAMES.stockHolds,
  JOB_NAMES.abandonedCheckouts,
];

export interface JobOptions {
  /** Intervals left out take their default. */
  intervals?: Partial<JobIntervals>;
  /** false (JOBS=off): start() sets no timer and the jobs run only when called (runDue). */
  onTimers?: boolean;
  now?: () => Date;
  timers?: Timers;
  holder?: string;
  onError?: (job: string, error: unknown) => void;
}

/** The jobs of one site's services (the site's turns under `${job}:${websiteId}` leases). */
export function createJobs(services: SiteJobServices & Pick<Services, "mailer">, options: JobOptions = {}): Scheduler {
  return schedule({ db: services.db, mailer: services.mailer, sites: oneSite(services) }, options);
}

/**
 * The jobs of every site of the deployment: each site that is not removed gets a turn of each site
 * job, with its services from the pool; removed sites past their retention are purged, media included.
 */
export function createSiteJobs(
  deployment: { db: Db; pubsub: StorePubSub; mailer: Mailer; directory: SiteDirectory; pool: SitePool; mediaDir: string },
  options: JobOptions = {},
): Scheduler {
  const { db, pubsub, mailer, directory, pool, mediaDir } = deployment;
  const rollups = new SiteRollups(options.now ?? (() => new Date()));
  const purge = new SitePurge(db, {
    mediaDir,
    pubsub,
    siteJobs: SITE_JOBS,
    forget: async (websiteId) => {
      rollups.forget(websiteId);
      await pool.forget(websiteId);
    },
  });
  return schedule({ db, mailer, sites: pooledSites(directory, pool), rollups, purge }, options);
}

function schedule(
  deployment: { db: Db; mailer: Pick<Mailer, "deliverPending">; sites: SiteSource; rollups?: SiteRollups; purge?: SitePurge },
  { intervals: given = {}, onTimers = true, now = () => new Date(), timers, holder = processHolder(), onError }: JobOptions,
): Scheduler {
  const intervals: JobIntervals = { ...DEFAULT_JOB_INTERVALS, ...given };
  const { db, mailer, sites, purge } = deployment;
  const rollups = deployment.rollups ?? new SiteRollups(now);
  /** A job with a turn for each site: `work` with the site's services. */
  const perSite = (name: string, intervalMs: number, work: (services: SiteJobServices, access: SiteAccess) => Promise<unknown>): Job => ({
    name,
    intervalMs,
    sites: () => sites.siteIds(),
    runSite: (websiteId) => sites.with(websiteId, work),
  });
  const jobs: Job[] = [
    { name: JOB_NAMES.mail, intervalMs: intervals.mailMs, run: () => mailer.deliverPending() },
    { name: JOB_NAMES.purge, intervalMs: intervals.purgeMs, run: () => purgeExpired(db, now()) },
    perSite(JOB_NAMES.waitlist, intervals.purgeMs, (services) => services.restock.expireLapsed()),
    // A renewal is a purchase: none while the site's plan refuses them (expired); due cycles wait for it.
    perSite(JOB_NAMES.renewals, intervals.renewalMs, async (services, access) => (access.checkout ? services.subscriptions?.renewDue(now()) : null)),
    perSite(JOB_NAMES.analyticsRollup, intervals.rollupMs, async ({ websiteId, settings, ...services }) =>
      websiteId && settings ? rollups.run({ ...services, websiteId, settings }) : null,
    ),
    perSite(JOB_NAMES.analyticsRetention, intervals.retentionMs, async ({ db, websiteId, settings, analytics }) =>
      websiteId && settings && analytics ? purgeExpiredEvents(db, websiteId, settings, analytics.policy, now()) : null,
    ),
    // Lapsed holds of payments never finished (issue 22): their units are shown available again.
    // Paid orders are made even while the plan refuses new checkouts: the shopper has paid.
    perSite(JOB_NAMES.payments, intervals.paymentsMs, async (services) => services.paymentEvents?.runDue()),
    perSite(JOB_NAMES.stockHolds, intervals.stockHoldMs, async (services) => services.stockHolds?.expire(now())),
    // Marketing email: none while the site's plan keeps its storefront closed.
    perSite(JOB_NAMES.abandonedCheckouts, intervals.abandonedCheckoutMs, async (services, access) =>
      access.checkout ? services.abandonedCheckouts?.remindDue() : null,
    ),
  ];
  if (purge) {
    jobs.push({
      name: JOB_NAMES.removedSites,
      intervalMs: intervals.purgeMs,
      // Removed sites due now, and those whose purge a crash left unfinished (their lease of this job is left).
      sites: async () => [...new Set([...(await purge.due(now())), ...(await purge.unfinished(JOB_NAMES.removedSites))])],
      runSite: (websiteId) => purge.purge(websiteId, now()),
    });
  }
  return new Scheduler(new JobLeases(db, holder, now), jobs, { now, timers, onTimers, ...(onError ? { onError } : {}) });
}

export { Scheduler, type Job, type GlobalJob, type SiteJob, type Timers } from "./scheduler.ts";
export { JobLeases } from "./lease.ts";
