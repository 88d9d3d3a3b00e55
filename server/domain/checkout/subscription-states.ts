// The life of a member's subscription, as data (like order-states.ts): a subscription checkout starts
// it ACTIVE; the member may skip the next cycle, pause, resume and cancel; the scheduler renews it each
// cycle (an order per cycle) and COMPLETES it after its last cycle. CANCELLED and COMPLETED are final.
// With a payment provider (issue 22) a renewal whose charge fails makes it PAST_DUE: the scheduler
// retries (domain/payments/renewal-retries.ts), a success makes it ACTIVE again, the last failure
// CANCELS it (GIVE_UP). The spec names no member subscription states; PAST_DUE is ours, as Stripe's.
// services/checkout/subscriptions.ts checks every move here, in the same transaction as the write.
import { SubscriptionMoveError } from "../errors.ts";
import { checkoutMessages } from "../messages/checkout.ts";

export const SUBSCRIPTION_STATES = ["ACTIVE", "PAUSED", "PAST_DUE", "CANCELLED", "COMPLETED"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** What the member does (the first four), what the owner does besides (issue 24 §6) and what the scheduler does. */
export const SUBSCRIPTION_ACTIONS = ["SKIP_NEXT", "PAUSE", "RESUME", "CANCEL", "CHANGE_BILLING_DATE", "RENEW", "COMPLETE", "FAIL_RENEWAL", "GIVE_UP"] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];
export const MEMBER_SUBSCRIPTION_ACTIONS = ["SKIP_NEXT", "PAUSE", "RESUME", "CANCEL"] as const satisfies readonly SubscriptionAction[];
export type MemberSubscriptionAction = (typeof MEMBER_SUBSCRIPTION_ACTIONS)[number];
/** The owner's moves from the store-wide list: the member's, and moving the next billing date. */
export const OWNER_SUBSCRIPTION_ACTIONS = [...MEMBER_SUBSCRIPTION_ACTIONS, "CHANGE_BILLING_DATE"] as const satisfies readonly SubscriptionAction[];
export type OwnerSubscriptionAction = (typeof OWNER_SUBSCRIPTION_ACTIONS)[number];

/** Each action: the states it may be taken from and the state it leads to. */
export const SUBSCRIPTION_TRANSITIONS: Readonly<Record<SubscriptionAction, { readonly from: readonly SubscriptionState[]; readonly to: SubscriptionState }>> = {
  SKIP_NEXT: { from: ["ACTIVE"], to: "ACTIVE" },
  PAUSE: { from: ["ACTIVE"], to: "PAUSED" },
  RESUME: { from: ["PAUSED"], to: "ACTIVE" },
  CANCEL: { from: ["ACTIVE", "PAUSED", "PAST_DUE"], to: "CANCELLED" },
  // Only an active subscription has a billing date to move (a paused one gets its date on resume).
  CHANGE_BILLING_DATE: { from: ["ACTIVE"], to: "ACTIVE" },
  // A paid retry of a past-due cycle renews (or completes) it like an on-time one.
  RENEW: { from: ["ACTIVE", "PAST_DUE"], to: "ACTIVE" },
  COMPLETE: { from: ["ACTIVE", "PAST_DUE"], to: "COMPLETED" },
  FAIL_RENEWAL: { from: ["ACTIVE", "PAST_DUE"], to: "PAST_DUE" },
  GIVE_UP: { from: ["PAST_DUE"], to: "CANCELLED" },
};

export const isSubscriptionState = (value: unknown): value is SubscriptionState =>
  typeof value === "string" && (SUBSCRIPTION_STATES as readonly string[]).includes(value);

/** The state `action` leads to from `from` (`skipNext`: the next cycle is already skipped); throws SubscriptionMoveError when the table refuses it. */
export function moveSubscription(from: SubscriptionState, action: SubscriptionAction, skipNext = false): SubscriptionState {
  const transition = SUBSCRIPTION_TRANSITIONS[action];
  if (!transition.from.includes(from)) throw new SubscriptionMoveError(checkoutMessages.subscriptionMoveNotAllowed(actionWords[action], from));
  // A cycle is skipped once: skipping again before it comes is refused.
  if (action === "SKIP_NEXT" && skipNext) throw new SubscriptionMoveError(checkoutMessages.subscriptionNextSkipped);
  return transition.to;
}

/** The member's actions a subscription in `state` offers (its account page's buttons). */
export function memberActions(state: SubscriptionState, skipNext: boolean): MemberSubscriptionAction[] {
  return MEMBER_SUBSCRIPTION_ACTIONS.filter((action) => SUBSCRIPTION_TRANSITIONS[action].from.includes(state) && !(action === "SKIP_NEXT" && skipNext));
}

/** The owner's actions a subscription in `state` offers (the store-wide list's buttons): the same table. */
export function ownerActions(state: SubscriptionState, skipNext: boolean): OwnerSubscriptionAction[] {
  return OWNER_SUBSCRIPTION_ACTIONS.filter((action) => SUBSCRIPTION_TRANSITIONS[action].from.includes(state) && !(action === "SKIP_NEXT" && skipNext));
}

/** Why `date` cannot be a subscription's next billing date at `now` (it is in the past), or null. */
export function nextBillingDateProblem(date: Date, now: Date): string | null {
  if (Number.isNaN(date.getTime()) || date.getTime() < now.getTime()) return checkoutMessages.subscriptionBillingDateInPast;
  return null;
}

const actionWords: Record<SubscriptionAction, string> = {
  SKIP_NEXT: "skip its next cycle",
  PAUSE: "be paused",
  RESUME: "be resumed",
  CANCEL: "be cancelled",
  CHANGE_BILLING_DATE: "have its billing date changed",
  RENEW: "be renewed",
  COMPLETE: "be completed",
  FAIL_RENEWAL: "be past due",
  GIVE_UP: "be given up",
};

/** `date` moved on by `count` billing periods (months end-clamped: Jan 31 + 1 month is Feb 28/29). UTC. */
export function addBillingPeriods(date: Date, period: { value: number; unit: string }, count = 1): Date {
  const steps = period.value * count;
  if (period.unit === "WEEK") return new Date(date.getTime() + steps * 7 * 24 * 60 * 60 * 1000);
  const months = period.unit === "YEAR" ? steps * 12 : steps;
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** On resume: the first billing date on the plan's schedule that is not before `now`. */
export function nextBillingAfterResume(nextBillingAt: Date, period: { value: number; unit: string }, now: Date): Date {
  let next = nextBillingAt;
  for (let i = 1; next.getTime() < now.getTime(); i++) next = addBillingPeriods(nextBillingAt, period, i);
  return next;
}

export interface RenewalFacts {
  state: SubscriptionState;
  nextBillingAt: Date;
  skipNext: boolean;
  cyclesBilled: number;
  /** 0: indefinite. */
  numBillingCycles: number;
  billingPeriod: { value: number; unit: string };
  /** PAST_DUE: when the failed cycle is charged again. */
  retryAt?: Date | null;
}

/**
 * What the scheduler does with a subscription at `now`: nothing (not active or not due), skip the due
 * cycle (the member asked to), or bill cycle `cycle` (then completes it when that was the last).
 */
export type RenewalDecision =
  { kind: "NONE" } | { kind: "SKIP"; nextBillingAt: Date } | { kind: "BILL"; cycle: number; nextBillingAt: Date; state: SubscriptionState };

export function renewalDecision(sub: RenewalFacts, now: Date): RenewalDecision {
  // A past-due cycle is billed again at its retry; its billing date stays where it was.
  const dueAt = sub.state === "PAST_DUE" ? (sub.retryAt ?? null) : sub.state === "ACTIVE" ? sub.nextBillingAt : null;
  if (dueAt === null || dueAt.getTime() > now.getTime()) return { kind: "NONE" };
  const nextBillingAt = addBillingPeriods(sub.nextBillingAt, sub.billingPeriod);
  if (sub.skipNext && sub.state === "ACTIVE") return { kind: "SKIP", nextBillingAt };
  const cycle = sub.cyclesBilled + 1;
  const last = sub.numBillingCycles > 0 && cycle >= sub.numBillingCycles;
  return { kind: "BILL", cycle, nextBillingAt, state: moveSubscription(sub.state, last ? "COMPLETE" : "RENEW") };
}

/** A plan with all its cycles billed at checkout (a one-cycle plan) is complete at once. */
export const initialSubscriptionState = (numBillingCycles: number): SubscriptionState => (numBillingCycles === 1 ? "COMPLETED" : "ACTIVE");
