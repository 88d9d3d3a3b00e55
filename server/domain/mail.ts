// When a failed email is tried again: exponential backoff, then the dead letter. The outbox worker
// (services/mail/mailer.ts) applies it after each failed delivery; owners see dead letters and may
// send one again (schema/mail.ts).

/** Deliveries an email gets before it becomes a dead letter (status FAILED). */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** The wait after the first failure; each further failure doubles it. */
export const FIRST_RETRY_DELAY_MS = 30_000;
/** No wait is longer than this. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

export const OUTBOX_STATUSES = ["PENDING", "SENT", "RECORDED", "FAILED"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The wait before the next try, after `attempts` failed deliveries (1 or more): 30 s, 1 min, 2 min... capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.max(0, attempts - 1);
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.min(doublings, 30));
}

/**
 * What a failed delivery leaves behind: a dead letter once `attempts` (this one included) reaches the
 * maximum, else PENDING with the time of the next try.
 */
export function afterFailedDelivery(attempts: number, now: Date): { status: "FAILED"; nextAttemptAt: null } | { status: "PENDING"; nextAttemptAt: Date } {
  if (attempts >= MAX_DELIVERY_ATTEMPTS) return { status: "FAILED", nextAttemptAt: null };
  return { status: "PENDING", nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) };
}

/** Only a dead letter may be sent again by an owner (a pending one is on its way; a sent one is done). */
export const isRetryable = (status: string): boolean => status === "FAILED";
