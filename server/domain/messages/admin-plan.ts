// Texts of the site's plan in the admin (issue 21): the banner on every screen and the plan screen
// the upgrade links open by default. Part of adminMessages (admin.ts); ours, as every admin text (the
// spec lists the statuses and the two upgrade links, not what owners are told).
const days = (count: number) => (count === 1 ? "1 day" : `${count} days`);

export const adminPlanMessages = {
  plan: {
    navLabel: "Plan",
    bannerLabel: "Your plan",
    trialBanner: (daysLeft: number) => `${days(daysLeft)} left in your trial.`,
    trialAction: "Upgrade now",
    pastDueBanner: (graceDaysLeft: number) =>
      `Your plan's payment is past due. Your store keeps selling for ${days(graceDaysLeft)} more; then it closes to visitors until the plan is paid.`,
    pastDueAction: "Update your plan",
    expiredBanner: "Your store is closed: visitors see a “temporarily unavailable” page and checkout takes no orders. Re-activate your plan to open it again.",
    expiredAction: "Re-activate your plan",
    heading: "Your plan",
    upgradeHeading: "Upgrade your plan",
    statusLabel: "Status",
    statusNames: {
      expired: "Expired",
      pastDue: "Past due",
      trial: "Trial",
      beta: "Beta",
      removed: "Removed",
      internal: "Internal",
      comped: "Complimentary",
      paid: "Paid",
    } as Readonly<Record<string, string>>,
    unknownStatus: "Unknown (treated as expired)",
    storeLabel: "Your store",
    open: "Open: visitors can browse and buy.",
    closed: "Closed to visitors; checkout takes no orders. You can still sign in here.",
    daysLeftLabel: "Days left",
    meaningsHeading: "What each plan state means",
    meanings: {
      trial: (trialDays: number) =>
        `A new store's first ${days(trialDays)}: everything works. When the trial ends without an upgrade, the store closes as an expired one.`,
      paid: "The plan is paid: everything works.",
      comped: "A complimentary plan from your host: everything works.",
      internal: "A store your host runs for itself: everything works.",
      beta: "A store trying new features early: everything works.",
      pastDue: (graceDays: number) =>
        `The plan's payment failed or is late. The store keeps selling for ${days(graceDays)} after that; then it closes as an expired one.`,
      expired: "Visitors see a “temporarily unavailable” page and checkout takes no orders. You can still sign in, and nothing is deleted.",
    },
    changeHeading: "Changing your plan",
    goToBilling: "Go to billing",
    contactIntro: "To upgrade, pay or re-activate your plan, contact:",
    contactUnknown: "To upgrade, pay or re-activate your plan, contact the company that hosts your store.",
  },
} as const;
