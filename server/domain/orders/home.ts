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
import type { OrderState } from "./order-states.ts";

/** Orders in these states count towards revenue. */
export const REVENUE_STATES: readonly OrderState[] = ["PLACED", "FULFILLED"];

/** Whether a limited variant with `qtyInStock` units is low on stock (threshold: the scarcity threshold). */
export function isLowStock(variant: { unlimited: boolean; qtyInStock: number }, threshold: number = SCARCITY_THRESHOLD): boolean {
  return !variant.unlimited && variant.qtyInStock <= threshold;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday ... 6 = Sunday */
  weekday: number;
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** A zone the runtime knows, or "UTC". */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    weekday: "short",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "0";
  return {
    year: Number(part("year")),
    month: Number(part("month")),
    day: Number(part("day")),
    hour: Number(part("hour")),
    minute: Number(part("minute")),
    second: Number(part("second")),
    weekday: WEEKDAYS.indexOf(part("weekday")),
  };
}

/** The instant at which the zone's clock shows midnight of the given calendar day. */
function midnight(year: number, month: number, day: number, timeZone: string): Date {
  const target = Date.UTC(year, month - 1, day);
  let guess = target;
  // The zone's offset at the guess, applied until it settles (twice suffices across a DST change).
  for (let i = 0; i < 3; i++) {
    const shown = wallClock(new Date(guess), timeZone);
    const shownAsUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second);
    const next = guess + (target - shownAsUtc);
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
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
