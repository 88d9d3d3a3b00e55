// A site's plan status (spec platform-support: "Site subscription statuses: expired 1, past due 2,
// trial 3, beta 4, removed 5, internal 6, comped 7, paid 8") and what each allows. The spec does not
// say; the rules a website builder applies are ours (docs/decisions.md, issue 21).
export const SITE_STATUS = {
  expired: 1,
  pastDue: 2,
  trial: 3,
  beta: 4,
  removed: 5,
  internal: 6,
  comped: 7,
  paid: 8,
} as const;

export type SiteStatusName = keyof typeof SITE_STATUS;

/** A past-due store keeps selling this long after its status changed, then it is unavailable like an expired one. */
export const PAST_DUE_GRACE_DAYS = 14;
/** A removed site's data is deleted this long after its removal (the purge job). */
export const REMOVED_RETENTION_DAYS = 30;
/** A new site on a trial (the sign-up page, `npm run site -- create --trial`). */
export const TRIAL_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

export const siteStatusName = (status: number): SiteStatusName | null =>
  (Object.keys(SITE_STATUS) as SiteStatusName[]).find((name) => SITE_STATUS[name] === status) ?? null;

export const isSiteStatusName = (value: string): value is SiteStatusName => Object.hasOwn(SITE_STATUS, value);

export interface SitePlan {
  status: number;
  statusChangedAt: Date;
  trialEndsAt: Date | null;
}

/** What the owner is told in the admin: days left of a trial or of a past-due grace, or how to re-activate. */
export type SiteNotice = { kind: "trial"; daysLeft: number } | { kind: "pastDue"; graceDaysLeft: number } | { kind: "expired" };

export interface SiteAccess {
  /** open: pages and the shop answer; unavailable: a "temporarily unavailable" page (503); gone: 410. */
  storefront: "open" | "unavailable" | "gone";
  /** Whether a checkout (and any other purchase) is taken. */
  checkout: boolean;
  /** Whether owners can sign in to the admin (to see how to re-activate, even when expired). */
  admin: boolean;
  notice: SiteNotice | null;
}

const daysUntil = (end: Date, now: Date) => Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));

/** What an open store allows (and a single-site deployment's callers without a site, such as yoga.fetch in tests). */
export const OPEN_SITE: SiteAccess = { storefront: "open", checkout: true, admin: true, notice: null };
const EXPIRED: SiteAccess = { storefront: "unavailable", checkout: false, admin: true, notice: { kind: "expired" } };
const GONE: SiteAccess = { storefront: "gone", checkout: false, admin: false, notice: null };

/**
 * The rules of each status: paid, comped, internal and beta are open; a trial is open until it ends,
 * then it is treated as expired; past due sells through its grace period with a banner, then is
 * treated as expired; expired shows the unavailable page and refuses checkout while owners can still
 * sign in; removed answers 410 everywhere. An unknown status (9–15, not in the spec's list) is
 * restrictive: treated as expired, so a mistyped status never opens a shop that should be closed.
 */
export function siteAccess(plan: SitePlan, now: Date): SiteAccess {
  switch (plan.status) {
    case SITE_STATUS.paid:
    case SITE_STATUS.comped:
    case SITE_STATUS.internal:
    case SITE_STATUS.beta:
      return OPEN_SITE;
    case SITE_STATUS.trial: {
      if (plan.trialEndsAt && plan.trialEndsAt.getTime() <= now.getTime()) return EXPIRED;
      return { ...OPEN_SITE, notice: { kind: "trial", daysLeft: plan.trialEndsAt ? daysUntil(plan.trialEndsAt, now) : TRIAL_DAYS } };
    }
    case SITE_STATUS.pastDue: {
      const graceEnds = new Date(plan.statusChangedAt.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
      if (graceEnds.getTime() <= now.getTime()) return EXPIRED;
      return { ...OPEN_SITE, notice: { kind: "pastDue", graceDaysLeft: daysUntil(graceEnds, now) } };
    }
    case SITE_STATUS.removed:
      return GONE;
    default:
      return EXPIRED;
  }
}

/** When a removed site's data is due for deletion. */
export const removalPurgeDue = (plan: SitePlan, now: Date): boolean =>
  plan.status === SITE_STATUS.removed && plan.statusChangedAt.getTime() + REMOVED_RETENTION_DAYS * DAY_MS <= now.getTime();
