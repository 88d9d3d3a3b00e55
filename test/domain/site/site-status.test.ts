// What each site plan status allows (domain/site/site-status.ts; issue 21).
import { PAST_DUE_GRACE_DAYS, SITE_STATUS, removalPurgeDue, siteAccess, siteStatusName } from "../../../server/domain/site/site-status.ts";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-27T12:00:00Z");
const plan = (status: number, changedDaysAgo = 0, trialEndsInDays: number | null = null) => ({
  status,
  statusChangedAt: new Date(now.getTime() - changedDaysAgo * DAY),
  trialEndsAt: trialEndsInDays === null ? null : new Date(now.getTime() + trialEndsInDays * DAY),
});

describe("site plan statuses", () => {
  it("keeps the spec's numbers", () => {
    expect(SITE_STATUS).toEqual({ expired: 1, pastDue: 2, trial: 3, beta: 4, removed: 5, internal: 6, comped: 7, paid: 8 });
    expect(siteStatusName(2)).toBe("pastDue");
    expect(siteStatusName(9)).toBeNull();
  });

  it.each(["paid", "comped", "internal", "beta"] as const)("%s is open without a notice", (name) => {
    expect(siteAccess(plan(SITE_STATUS[name]), now)).toEqual({ storefront: "open", checkout: true, admin: true, notice: null });
  });

  it("a trial is open with its days left, then closes like an expired plan", () => {
    expect(siteAccess(plan(SITE_STATUS.trial, 0, 3.5), now)).toMatchObject({ storefront: "open", checkout: true, notice: { kind: "trial", daysLeft: 4 } });
    expect(siteAccess(plan(SITE_STATUS.trial, 0, 0), now)).toMatchObject({
      storefront: "unavailable",
      checkout: false,
      admin: true,
      notice: { kind: "expired" },
    });
  });

  it("past due sells through its grace period, then closes", () => {
    expect(siteAccess(plan(SITE_STATUS.pastDue, 4), now)).toMatchObject({
      storefront: "open",
      checkout: true,
      notice: { kind: "pastDue", graceDaysLeft: PAST_DUE_GRACE_DAYS - 4 },
    });
    expect(siteAccess(plan(SITE_STATUS.pastDue, PAST_DUE_GRACE_DAYS), now)).toMatchObject({ storefront: "unavailable", checkout: false, admin: true });
  });

  it("expired shows the unavailable page and refuses checkout while owners still sign in", () => {
    expect(siteAccess(plan(SITE_STATUS.expired), now)).toEqual({ storefront: "unavailable", checkout: false, admin: true, notice: { kind: "expired" } });
  });

  it("removed is gone everywhere, and its data is due for deletion after 30 days", () => {
    expect(siteAccess(plan(SITE_STATUS.removed), now)).toEqual({ storefront: "gone", checkout: false, admin: false, notice: null });
    expect(removalPurgeDue(plan(SITE_STATUS.removed, 29), now)).toBe(false);
    expect(removalPurgeDue(plan(SITE_STATUS.removed, 30), now)).toBe(true);
    expect(removalPurgeDue(plan(SITE_STATUS.paid, 90), now)).toBe(false);
  });

  it("an unknown status (9 to 15) is restrictive", () => {
    expect(siteAccess(plan(12), now)).toMatchObject({ storefront: "unavailable", checkout: false });
  });
});
