// The owner's analytics screen (issue 11): which days a range covers, the period it is compared with,
// the funnel's conversions, average order value, percent changes and the CSV export's rows. Pure rules
// (the client imports them to show the same range it asks for).
//
// - A day is a calendar day in the site's time zone, written YYYY-MM-DD (what the rollups group by).
// - A range is inclusive at both ends; it holds at most MAX_RANGE_DAYS days and ends today at the latest.
// - The comparison is the period of the same length that ends the day before the range starts.
// - A rate or a change over nothing (zero denominator) is null: "no figure", never 0 % or infinity.
import { addDays, checkDayRange, daysInclusive, type DayRange, type DayRangeCheck } from "../date-range.ts";
import { toDecimalValue } from "../money.ts";
import { ownerMessages } from "../messages/owner.ts";

// The day helpers live in ../date-range.ts (shared with the orders filter); named here too for this module's importers.

/** The longest range the owner may ask for, in days (a year and a bit, for year-over-year views). */
export const MAX_RANGE_DAYS = 400;

export const RANGE_PRESETS = ["TODAY", "LAST_7_DAYS", "LAST_30_DAYS", "LAST_90_DAYS", "THIS_YEAR", "CUSTOM"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Days of the rolling presets (today included). */
const PRESET_DAYS: Partial<Record<RangePreset, number>> = { TODAY: 1, LAST_7_DAYS: 7, LAST_30_DAYS: 30, LAST_90_DAYS: 90 };

export interface RangeInput {
  preset: RangePreset;
  from?: string | null;
  to?: string | null;
}

export type RangeResult = { ok: true; range: DayRange } | { ok: false; message: string };

/** Every day of the range, oldest first. */
export function eachDay(range: DayRange): string[] {
  return Array.from({ length: range.days }, (_, index) => addDays(range.from, index));
}

/** Whether a custom range may be asked for as of `today` (the site's day): the screen's picker and the server both ask this. */
export function checkCustomRange(from: string | null | undefined, to: string | null | undefined, today: string): DayRangeCheck {
  return checkDayRange(from, to, { required: true, latest: today, maxDays: MAX_RANGE_DAYS });
}

/** The days a preset or a custom range covers, as of `today` (the site's current day). */
export function resolveRange(input: RangeInput, today: string): RangeResult {
  const preset = PRESET_DAYS[input.preset];
  if (preset !== undefined) return { ok: true, range: { from: addDays(today, 1 - preset), to: today, days: preset } };
  if (input.preset === "THIS_YEAR") {
    const from = `${today.slice(0, 4)}-01-01`;
    return { ok: true, range: { from, to: today, days: daysInclusive(from, today) } };
  }
  const checked = checkCustomRange(input.from, input.to, today);
  if (!checked.ok) return checked;
  const from = input.from!.trim();
  const to = input.to!.trim();
  return { ok: true, range: { from, to, days: daysInclusive(from, to) } };
}

/** The period the range is compared with: as many days, ending the day before the range begins. */
export function previousPeriod(range: DayRange): DayRange {
  const to = addDays(range.from, -1);
  return { from: addDays(to, 1 - range.days), to, days: range.days };
}

/** part / whole, or null when the whole is 0. */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/**
 * The change from `previous` to `current` as a fraction (0.25 = +25 %): 0 when both are 0, null when
 * only the previous period is 0 (growth from nothing has no percentage).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / previous;
}

/** Revenue per order in minor units, rounded to the nearest unit; null without orders. */
export function averageOrderValue(revenueCents: number, orders: number): number | null {
  return orders === 0 ? null : Math.round(revenueCents / orders);
}

export const FUNNEL_STEPS = ["PRODUCT_VIEW", "ADD_TO_CART", "CHECKOUT", "ORDER"] as const;
export type FunnelStepName = (typeof FUNNEL_STEPS)[number];

export interface FunnelCounts {
  productViewSessions: number;
  addToCartSessions: number;
  checkoutSessions: number;
  orderSessions: number;
}

export interface FunnelStep {
  step: FunnelStepName;
  sessions: number;
  /** Sessions of this step / sessions of the step before (null for the first step, or when that was 0). */
  fromPrevious: number | null;
  /** Sessions of this step / sessions that viewed a product (null when none did). */
  fromFirst: number | null;
}

/** The funnel product view -> add to cart -> checkout -> order, with the conversion at each step. */
export function funnel(counts: FunnelCounts): FunnelStep[] {
  const sessions = [counts.productViewSessions, counts.addToCartSessions, counts.checkoutSessions, counts.orderSessions];
  return FUNNEL_STEPS.map((step, index) => ({
    step,
    sessions: sessions[index],
    fromPrevious: index === 0 ? null : rate(sessions[index], sessions[index - 1]),
    fromFirst: rate(sessions[index], sessions[0]),
  }));
}

/** The figures of one day, as the rollup AnalyticsDay holds them. */
export interface DayFigures extends FunnelCounts {
  day: string;
  visits: number;
  visitors: number;
  pageViews: number;
  orders: number;
  revenueCents: number;
  formViews: number;
  formSubmissions: number;
}

export const emptyDay = (day: string): DayFigures => ({
  day,
  visits: 0,
  visitors: 0,
  pageViews: 0,
  productViewSessions: 0,
  addToCartSessions: 0,
  checkoutSessions: 0,
  orderSessions: 0,
  orders: 0,
  revenueCents: 0,
  formViews: 0,
  formSubmissions: 0,
});

/** One entry per day of the range, oldest first: the days the rollups have, zeros for the others. */
export function fillDays(range: DayRange, rows: readonly DayFigures[]): DayFigures[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return eachDay(range).map((day) => byDay.get(day) ?? emptyDay(day));
}

/** The export's headings (owner-messages), one row per day after them. */
export function analyticsCsvColumns(): string[] {
  const c = ownerMessages.analyticsCsvColumns;
  return [
    c.day,
    c.visits,
    c.visitors,
    c.pageViews,
    c.productViewSessions,
    c.addToCartSessions,
    c.checkoutSessions,
    c.orderSessions,
    c.orders,
    c.revenue,
    c.averageOrderValue,
    c.currency,
    c.formViews,
    c.formSubmissions,
  ];
}

/** One day's row, in the order of analyticsCsvColumns; amounts as decimals of the currency (12.50). */
export function analyticsCsvRow(day: DayFigures, currency: string): string[] {
  const amount = (cents: number | null) => (cents === null ? "" : toDecimalValue({ value: cents, currency }));
  return [
    day.day,
    String(day.visits),
    String(day.visitors),
    String(day.pageViews),
    String(day.productViewSessions),
    String(day.addToCartSessions),
    String(day.checkoutSessions),
    String(day.orderSessions),
    String(day.orders),
    amount(day.revenueCents),
    amount(averageOrderValue(day.revenueCents, day.orders)),
    currency,
    String(day.formViews),
    String(day.formSubmissions),
  ];
}

/** The export's file name: analytics-<from>-to-<to>.csv (digits and dashes only). */
export function analyticsCsvFileName(range: DayRange): string {
  return `analytics-${range.from}-to-${range.to}.csv`;
}

/** A change for people: "+12.5%", "−3%" (a minus sign), "0%". */
export function formatPercentChange(change: number): string {
  const percent = Math.round(change * 1000) / 10;
  const sign = percent > 0 ? "+" : percent < 0 ? "\u2212" : "";
  return `${sign}${Math.abs(percent)}%`;
}

/** A conversion rate for people: "42.9%". */
export function formatRate(value: number): string {
  return `${Math.round(value * 1000) / 10}%`;
}
