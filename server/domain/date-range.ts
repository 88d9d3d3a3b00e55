// Calendar days and the ranges the owner picks from them (the analytics screen, the orders filter).
// Pure rules: the admin checks a range with the same function the server refuses it with.
//
// - A day is a calendar day in the site's time zone, written YYYY-MM-DD; it begins at the zone's
//   midnight (UTC when the zone is unknown to the runtime), never the browser's.
// - A range is inclusive at both ends: from <= to; `latest` (the site's today, when given) bounds its
//   end and `maxDays` its length.
import { ownerMessages } from "./messages/owner.ts";

export interface DayRange {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, YYYY-MM-DD (inclusive). */
  to: string;
  /** How many days, both ends included. */
  days: number;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of the day's UTC midnight, or null unless `text` is a real calendar day YYYY-MM-DD. */
function dayToUtc(text: string): number | null {
  const found = DAY_PATTERN.exec(text);
  if (!found) return null;
  const [year, month, day] = [Number(found[1]), Number(found[2]), Number(found[3])];
  const utc = Date.UTC(year, month - 1, day);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return utc;
}

const utcToDay = (utc: number) => new Date(utc).toISOString().slice(0, 10);

/** Whether `text` is a calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  return dayToUtc(text) !== null;
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const utc = dayToUtc(day);
  if (utc === null) throw new RangeError(`not a day: ${day}`);
  return utcToDay(utc + count * DAY_MS);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysInclusive(from: string, to: string): number {
  const start = dayToUtc(from);
  const end = dayToUtc(to);
  if (start === null || end === null) throw new RangeError(`not a day: ${from} / ${to}`);
  return Math.max(0, Math.round((end - start) / DAY_MS) + 1);
}

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

/** The day it is at `instant` in the zone (the caller passes a zone the runtime knows: knownTimeZone). */
export function dayIn(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

export interface WallClock {
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

/** What the zone's clock shows at `instant`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
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
export function midnight(year: number, month: number, day: number, timeZone: string): Date {
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

/** The instant `day` (YYYY-MM-DD) begins in the zone. Throws a RangeError for a text that is not a day. */
export function dayStartsAt(day: string, timeZone: string): Date {
  if (!isDay(day)) throw new RangeError(`not a day: ${day}`);
  const [year, month, date] = day.split("-").map(Number);
  return midnight(year, month, date, knownTimeZone(timeZone));
}

export interface DayRangeRules {
  /** Both ends must be given (a custom analytics range); otherwise either may be "" (open). */
  required: boolean;
  /** The last day the range may end on (the site's today), if any. */
  latest?: string;
  /** The most days the range may hold, if bounded. */
  maxDays?: number;
}

export type DayRangeCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether the owner's from/to days make a range they may ask for, with the reason when not (the
 * owner's words, shown beside the date fields and sent by the server as the refusal).
 */
export function checkDayRange(fromText: string | null | undefined, toText: string | null | undefined, rules: DayRangeRules): DayRangeCheck {
  const from = fromText?.trim() ?? "";
  const to = toText?.trim() ?? "";
  if (rules.required && (!from || !to)) return { ok: false, message: ownerMessages.analyticsRangeCustom };
  if ((from && !isDay(from)) || (to && !isDay(to))) return { ok: false, message: ownerMessages.analyticsRangeDay };
  if (from && to && from > to) return { ok: false, message: ownerMessages.analyticsRangeOrder };
  if (rules.latest !== undefined && to && to > rules.latest) return { ok: false, message: ownerMessages.analyticsRangeFuture };
  if (rules.maxDays !== undefined && from && to && daysInclusive(from, to) > rules.maxDays) {
    return { ok: false, message: ownerMessages.analyticsRangeTooLong(rules.maxDays) };
  }
  return { ok: true };
}
