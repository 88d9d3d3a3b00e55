// Back-in-stock waitlists (spec storefront §5 Restock, issue 4 §2): the sign-up checks and the fair
// queue. Waiters are notified in sign-up order, never more of them than units arrived; each place
// moves RECEIVED -> NOTIFIED -> PURCHASED, or RECEIVED -> EXPIRED 90 days after signing up; signing
// up again puts a notified, bought or lapsed place back in the queue (RECEIVED, at the back).
import { isValidEmail } from "../forms/validate.ts";
import { messages } from "../messages/storefront.ts";

export const RESTOCK_STATUSES = ["RECEIVED", "NOTIFIED", "PURCHASED", "EXPIRED"] as const;
export type RestockStatus = (typeof RESTOCK_STATUSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A place in the queue lapses when it was not notified within 90 days of signing up. */
export const SIGN_UP_LIFETIME_MS = 90 * DAY_MS;
/**
 * A notification holds its unit for 48 hours: an owner's "send" offers a unit only to one waiter at
 * a time, and after the hold a unit the notified waiter did not buy goes to the next in line.
 */
export const OFFER_HOLD_MS = 2 * DAY_MS;

/**
 * Where a place may move from each status (transitions as data); the service moves statuses only
 * through `movement`. Back to RECEIVED only by signing up again: a shopper who asks again after the
 * notification email (the unit went to someone else, or they missed the 48-hour hold), after buying,
 * or after the place lapsed wants the next email, so the place joins the back of the queue.
 */
export const RESTOCK_TRANSITIONS: Record<RestockStatus, readonly RestockStatus[]> = {
  RECEIVED: ["NOTIFIED", "EXPIRED"],
  NOTIFIED: ["PURCHASED", "RECEIVED"],
  PURCHASED: ["RECEIVED"],
  EXPIRED: ["RECEIVED"],
};

export function canMove(from: RestockStatus, to: RestockStatus): boolean {
  return RESTOCK_TRANSITIONS[from].includes(to);
}

/**
 * The `where` and `data` of a conditional status update from `from` to `to` (the update matches only
 * a place still in `from`). Throws for a move the table does not allow: that is a bug, not input.
 */
export function movement<From extends RestockStatus, To extends RestockStatus>(from: From, to: To): { where: { status: From }; data: { status: To } } {
  if (!canMove(from, to)) throw new Error(`A restock place cannot move from ${from} to ${to}.`);
  return { where: { status: from }, data: { status: to } };
}

/** The status a place is in at `now`: a waiting place past its expiry has lapsed, even before it is marked so. */
export function currentStatus(place: { status: RestockStatus; expiresAt: Date }, now: Date): RestockStatus {
  return hasLapsed(place, now) ? "EXPIRED" : place.status;
}

/** Whether signing up again sends an existing place to the back of the queue (a waiting place keeps its turn). */
export function requeuesOnSignUp(place: { status: RestockStatus; expiresAt: Date }, now: Date): boolean {
  const status = currentStatus(place, now);
  return status !== "RECEIVED" && canMove(status, "RECEIVED");
}

/** The restock widget's email check: 'Email cannot be blank', 'Email is invalid', or null. */
export function restockEmailProblem(email: unknown): string | null {
  if (typeof email !== "string" || email.trim() === "") return messages.restockEmailBlank;
  return isValidEmail(email.trim()) ? null : messages.restockEmailInvalid;
}

/** When a place signed up at `signedUpAt` lapses. */
export const expiresAt = (signedUpAt: Date): Date => new Date(signedUpAt.getTime() + SIGN_UP_LIFETIME_MS);

/** A place that was not notified in time. */
export const hasLapsed = (place: { status: RestockStatus; expiresAt: Date }, now: Date): boolean =>
  place.status === "RECEIVED" && place.expiresAt.getTime() <= now.getTime();

/**
 * How many waiters to notify when `arrived` units come in (an owner raised the stock): at most one
 * per unit, at most everyone waiting. An unlimited variant notifies everyone.
 */
export function waitersForArrival(arrived: number | "unlimited", waiting: number): number {
  if (arrived === "unlimited") return waiting;
  return Math.max(0, Math.min(Math.floor(arrived), waiting));
}

/**
 * How many waiters an owner's "send" notifies: the units in stock not already offered to someone
 * notified within the hold (and who has not bought yet), at most everyone waiting.
 */
export function waitersForSend(stock: { unlimited: boolean; qtyInStock: number }, openOffers: number, waiting: number): number {
  if (stock.unlimited) return waiting;
  return Math.max(0, Math.min(stock.qtyInStock - openOffers, waiting));
}

/** Units that arrived when stock went from `before` to `after` (a decrease brings none). */
export function unitsArrived(before: { unlimited: boolean; qtyInStock: number }, after: { unlimited: boolean; qtyInStock: number }): number | "unlimited" {
  if (after.unlimited) return before.unlimited ? 0 : "unlimited";
  if (before.unlimited) return 0;
  return Math.max(0, after.qtyInStock - Math.max(0, before.qtyInStock));
}

/** The variant in words for an email ("Size: M, Color: Blue"). */
export function variantText(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(", ");
}
