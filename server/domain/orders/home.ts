// The owner's home screen (issue 9 §1): which orders count as "today" and "this week", what counts as
// revenue, and which variants are low on stock. Pure rules (the client may import them).
//
// - Days and weeks are the site's calendar: they begin at midnight in the site's time zone
//   (Website.timeZone; UTC when the zone is unknown to the runtime). A week begins on Monday (ISO 8601).
// - "Orders" counts every order placed in the period, whatever its state now; "revenue" adds the grand
//   totals of those still standing (placed or fulfilled: a cancelled or refunded order brought no money)
//   in the store's currency (orders in another currency, from before a currency change, are left out).
// - A variant is low on stock when it counts stock and has at most the scarcity threshold left
//   (catalog/product-state.ts), sold-out variants (0) included: the owner should see those first.
import { SCARCITY_THRESHOLD } from "../catalog/product-state.ts";
import { knownTimeZone, midnight, wallClock } from "../date-range.ts";
import type { OrderState } from "./order-states.ts";

// The site's zone rules live in ../date-range.ts (shared with analytics and the orders filter).

/** Orders in these states count towards revenue. */
export const REVENUE_STATES: readonly OrderState[] = ["PLACED", "FULFILLED"];

/** Whether a limited variant with `qtyInStock` units is low on stock (threshold: the scarcity threshold). */
export function isLowStock(variant: { unlimited: boolean; qtyInStock: number }, threshold: number = SCARCITY_THRESHOLD): boolean {
  return !variant.unlimited && variant.qtyInStock <= threshold;
}

export interface CalendarPeriods {
  timeZone: string;
  /** Midnight today in the zone. */
  todayStart: Date;
  /** Midnight of this week's Monday in the zone. */
  weekStart: Date;
}

/** Today and this week at `now` in the site's zone. */
export function calendarPeriods(now: Date, timeZoneSetting: string | null | undefined): CalendarPeriods {
  const timeZone = knownTimeZone(timeZoneSetting);
  const today = wallClock(now, timeZone);
  const monday = new Date(Date.UTC(today.year, today.month - 1, today.day - today.weekday));
  return {
    timeZone,
    todayStart: midnight(today.year, today.month, today.day, timeZone),
    weekStart: midnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone),
  };
}
