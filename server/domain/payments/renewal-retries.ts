// A subscription renewal charged off session through the provider (issue 22) that fails (declined,
// authentication required) is charged again 1, 3 and 5 days after the first failure, then given up
// (docs/decisions.md "Payments: subscription renewals"). Pure: services/checkout/paid-renewals.ts keeps
// the count and the dates on the subscription.

const DAY_MS = 24 * 3600_000;

/** When the failed cycle is charged again, counted from its first failure; after the last, it is given up. */
export const RENEWAL_RETRY_DELAYS_MS: readonly number[] = [1 * DAY_MS, 3 * DAY_MS, 5 * DAY_MS];

/** What a failed renewal charge leads to: another try at `retryAt`, or the subscription cancelled. */
export type RenewalFailureOutcome = { kind: "RETRY"; failures: number; firstFailedAt: Date; retryAt: Date } | { kind: "GIVE_UP"; failures: number };

/**
 * After a failed charge: `failuresBefore` charges of this cycle failed before it (0: this is the
 * first), the first of them at `firstFailedAt` (null when none did).
 */
export function afterRenewalFailure(failuresBefore: number, firstFailedAt: Date | null, now: Date): RenewalFailureOutcome {
  const failures = failuresBefore + 1;
  const delay = RENEWAL_RETRY_DELAYS_MS[failures - 1];
  if (delay === undefined) return { kind: "GIVE_UP", failures };
  const first = firstFailedAt ?? now;
  return { kind: "RETRY", failures, firstFailedAt: first, retryAt: new Date(first.getTime() + delay) };
}

/** The member's page to save a new card for a subscription (the failure emails link to it); under /checkout for Stripe's CSP. */
export const subscriptionCardPath = (subscriptionId: string) => `/checkout/subscription-card/${encodeURIComponent(subscriptionId)}`;
