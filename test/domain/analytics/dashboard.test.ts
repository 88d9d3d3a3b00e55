// The analytics screen's pure rules: ranges, comparison period, rates, changes, funnel, CSV rows.
import {
  analyticsCsvColumns,
  analyticsCsvFileName,
  analyticsCsvRow,
  averageOrderValue,
  eachDay,
  emptyDay,
  fillDays,
  formatPercentChange,
  formatRate,
  funnel,
  MAX_RANGE_DAYS,
  percentChange,
  previousPeriod,
  rate,
  resolveRange,
} from "../../../server/domain/analytics/dashboard.ts";
import { addDays, dayIn, daysInclusive, isDay } from "../../../server/domain/date-range.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";

const today = "2026-03-15";

describe("days", () => {
  it("reads real calendar days only", () => {
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("2025-02-29")).toBe(false);
    expect(isDay("2026-13-01")).toBe(false);
    expect(isDay("2026-3-1")).toBe(false);
    expect(isDay("yesterday")).toBe(false);
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(daysInclusive("2026-03-01", "2026-03-31")).toBe(31);
    expect(daysInclusive("2026-03-02", "2026-03-01")).toBe(0);
    expect(eachDay({ from: "2025-12-30", to: "2026-01-02", days: 4 })).toEqual(["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"]);
  });

  it("takes today's date in the site's time zone", () => {
    const instant = new Date("2026-03-15T23:30:00Z");
    expect(dayIn(instant, "UTC")).toBe("2026-03-15");
    expect(dayIn(instant, "Europe/Paris")).toBe("2026-03-16");
    expect(dayIn(instant, "America/Los_Angeles")).toBe("2026-03-15");
  });
});

describe("resolveRange", () => {
  it("turns the presets into inclusive ranges ending today", () => {
    expect(resolveRange({ preset: "TODAY" }, today)).toEqual({ ok: true, range: { from: today, to: today, days: 1 } });
    expect(resolveRange({ preset: "LAST_7_DAYS" }, today)).toEqual({ ok: true, range: { from: "2026-03-09", to: today, days: 7 } });
    expect(resolveRange({ preset: "LAST_30_DAYS" }, today)).toEqual({ ok: true, range: { from: "2026-02-14", to: today, days: 30 } });
    expect(resolveRange({ preset: "LAST_90_DAYS" }, today)).toEqual({ ok: true, range: { from: "2025-12-16", to: today, days: 90 } });
    expect(resolveRange({ preset: "THIS_YEAR" }, today)).toEqual({ ok: true, range: { from: "2026-01-01", to: today, days: 74 } });
    expect(resolveRange({ preset: "THIS_YEAR" }, "2026-01-01")).toEqual({ ok: true, range: { from: "2026-01-01", to: "2026-01-01", days: 1 } });
  });

  it("ignores from and to unless the range is custom", () => {
    expect(resolveRange({ preset: "LAST_7_DAYS", from: "2020-01-01", to: "bad" }, today)).toEqual({
      ok: true,
      range: { from: "2026-03-09", to: today, days: 7 },
    });
  });

  it("accepts a custom range up to the longest length, both ends included", () => {
    expect(resolveRange({ preset: "CUSTOM", from: "2026-03-01", to: "2026-03-01" }, today)).toEqual({
      ok: true,
      range: { from: "2026-03-01", to: "2026-03-01", days: 1 },
    });
    const longest = addDays(today, 1 - MAX_RANGE_DAYS);
    expect(resolveRange({ preset: "CUSTOM", from: longest, to: today }, today)).toEqual({ ok: true, range: { from: longest, to: today, days: 400 } });
  });

  it("refuses a bad custom range with the reason", () => {
    const refused = (from: string | null, to: string | null) => resolveRange({ preset: "CUSTOM", from, to }, today);
    expect(refused(null, today)).toEqual({ ok: false, message: ownerMessages.analyticsRangeCustom });
    expect(refused("2026-03-01", "")).toEqual({ ok: false, message: ownerMessages.analyticsRangeCustom });
    expect(refused("2026-02-30", today)).toEqual({ ok: false, message: ownerMessages.analyticsRangeDay });
    expect(refused("03/01/2026", today)).toEqual({ ok: false, message: ownerMessages.analyticsRangeDay });
    expect(refused("2026-03-10", "2026-03-09")).toEqual({ ok: false, message: ownerMessages.analyticsRangeOrder });
    expect(refused("2026-03-10", "2026-03-16")).toEqual({ ok: false, message: ownerMessages.analyticsRangeFuture });
    expect(refused(addDays(today, -MAX_RANGE_DAYS), today)).toEqual({ ok: false, message: "A range can be at most 400 days long." });
  });
});

describe("previousPeriod", () => {
  it("is as long as the range and ends the day before it", () => {
    expect(previousPeriod({ from: "2026-03-09", to: today, days: 7 })).toEqual({ from: "2026-03-02", to: "2026-03-08", days: 7 });
    expect(previousPeriod({ from: today, to: today, days: 1 })).toEqual({ from: "2026-03-14", to: "2026-03-14", days: 1 });
    expect(previousPeriod({ from: "2024-03-01", to: "2024-03-31", days: 31 })).toEqual({ from: "2024-01-30", to: "2024-02-29", days: 31 });
  });
});

describe("rates and changes", () => {
  it("has no rate over nothing", () => {
    expect(rate(3, 4)).toBe(0.75);
    expect(rate(0, 4)).toBe(0);
    expect(rate(3, 0)).toBeNull();
  });

  it("has no percentage for growth from nothing, and 0 when nothing changed from nothing", () => {
    expect(percentChange(150, 100)).toBe(0.5);
    expect(percentChange(50, 100)).toBe(-0.5);
    expect(percentChange(0, 100)).toBe(-1);
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(0, 0)).toBe(0);
  });

  it("rounds the average order value to the minor unit, and has none without orders", () => {
    expect(averageOrderValue(10_000, 3)).toBe(3333);
    expect(averageOrderValue(10_001, 2)).toBe(5001);
    expect(averageOrderValue(0, 0)).toBeNull();
    expect(averageOrderValue(500, 0)).toBeNull();
  });

  it("writes changes and rates for people", () => {
    expect(formatPercentChange(0.125)).toBe("+12.5%");
    expect(formatPercentChange(-0.03)).toBe("\u22123%");
    expect(formatPercentChange(0)).toBe("0%");
    expect(formatRate(3 / 7)).toBe("42.9%");
  });
});

describe("funnel", () => {
  it("converts at each step from the step before and from the first", () => {
    expect(funnel({ productViewSessions: 200, addToCartSessions: 50, checkoutSessions: 20, orderSessions: 10 })).toEqual([
      { step: "PRODUCT_VIEW", sessions: 200, fromPrevious: null, fromFirst: 1 },
      { step: "ADD_TO_CART", sessions: 50, fromPrevious: 0.25, fromFirst: 0.25 },
      { step: "CHECKOUT", sessions: 20, fromPrevious: 0.4, fromFirst: 0.1 },
      { step: "ORDER", sessions: 10, fromPrevious: 0.5, fromFirst: 0.05 },
    ]);
  });

  it("has no conversion after an empty step", () => {
    const steps = funnel({ productViewSessions: 0, addToCartSessions: 0, checkoutSessions: 0, orderSessions: 0 });
    expect(steps.map((step) => [step.fromPrevious, step.fromFirst])).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
  });
});

describe("days of a range and the CSV", () => {
  it("fills the days the rollups lack with zeros, oldest first", () => {
    const range = { from: "2026-03-01", to: "2026-03-03", days: 3 };
    const filled = fillDays(range, [{ ...emptyDay("2026-03-02"), visits: 4 }]);
    expect(filled.map((day) => [day.day, day.visits])).toEqual([
      ["2026-03-01", 0],
      ["2026-03-02", 4],
      ["2026-03-03", 0],
    ]);
  });

  it("writes one row per day under the headings, amounts as decimals", () => {
    expect(analyticsCsvColumns()).toEqual([
      "Date",
      "Visits",
      "Visitors",
      "Page views",
      "Product view sessions",
      "Add-to-cart sessions",
      "Checkout sessions",
      "Order sessions",
      "Orders",
      "Revenue",
      "Average order value",
      "Currency",
      "Form views",
      "Form submissions",
    ]);
    const day = {
      day: "2026-03-02",
      visits: 12,
      visitors: 10,
      pageViews: 40,
      productViewSessions: 8,
      addToCartSessions: 4,
      checkoutSessions: 3,
      orderSessions: 2,
      orders: 3,
      revenueCents: 10_000,
      formViews: 5,
      formSubmissions: 1,
    };
    expect(analyticsCsvRow(day, "USD")).toEqual(["2026-03-02", "12", "10", "40", "8", "4", "3", "2", "3", "100.00", "33.33", "USD", "5", "1"]);
    expect(analyticsCsvRow(emptyDay("2026-03-03"), "JPY")).toEqual(["2026-03-03", "0", "0", "0", "0", "0", "0", "0", "0", "0", "", "JPY", "0", "0"]);
    expect(analyticsCsvFileName({ from: "2026-03-01", to: "2026-03-31", days: 31 })).toBe("analytics-2026-03-01-to-2026-03-31.csv");
  });
});
