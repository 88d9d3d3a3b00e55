// The home screen's calendar and low-stock rules (domain/orders/home.ts).
import { calendarPeriods, isLowStock } from "../../../server/domain/orders/home.ts";
import { knownTimeZone } from "../../../server/domain/date-range.ts";

describe("calendarPeriods", () => {
  it("begins today at midnight in the site's zone and the week on Monday", () => {
    // Wednesday 2026-03-04 at 02:30 UTC is still Tuesday 21:30 in New York (UTC-5).
    const periods = calendarPeriods(new Date("2026-03-04T02:30:00Z"), "America/New_York");
    expect(periods.timeZone).toBe("America/New_York");
    expect(periods.todayStart.toISOString()).toBe("2026-03-03T05:00:00.000Z");
    expect(periods.weekStart.toISOString()).toBe("2026-03-02T05:00:00.000Z");
  });

  it("follows the zone's daylight saving: the week began in winter time, today in summer time", () => {
    // New York moves to UTC-4 on Sunday 2026-03-08; Monday 2026-03-09 midnight is 04:00 UTC.
    const periods = calendarPeriods(new Date("2026-03-12T15:00:00Z"), "America/New_York");
    expect(periods.todayStart.toISOString()).toBe("2026-03-12T04:00:00.000Z");
    expect(periods.weekStart.toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });

  it("a Sunday belongs to the week that began the Monday before", () => {
    const periods = calendarPeriods(new Date("2026-03-08T12:00:00Z"), "UTC");
    expect(periods.todayStart.toISOString()).toBe("2026-03-08T00:00:00.000Z");
    expect(periods.weekStart.toISOString()).toBe("2026-03-02T00:00:00.000Z");
  });

  it("on a Monday the week and the day begin together; zones east of UTC too", () => {
    const periods = calendarPeriods(new Date("2026-03-01T23:30:00Z"), "Asia/Tokyo"); // Monday 08:30 in Tokyo
    expect(periods.todayStart.toISOString()).toBe("2026-03-01T15:00:00.000Z");
    expect(periods.weekStart.toISOString()).toBe("2026-03-01T15:00:00.000Z");
  });

  it("uses UTC when the site's zone is unknown or unset", () => {
    expect(knownTimeZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(knownTimeZone("")).toBe("UTC");
    const periods = calendarPeriods(new Date("2026-03-04T02:30:00Z"), "Mars/Olympus_Mons");
    expect(periods).toEqual({
      timeZone: "UTC",
      todayStart: new Date("2026-03-04T00:00:00.000Z"),
      weekStart: new Date("2026-03-02T00:00:00.000Z"),
    });
  });
});

describe("isLowStock", () => {
  it("is a limited variant at or below the scarcity threshold (5), sold-out ones included", () => {
    expect(isLowStock({ unlimited: false, qtyInStock: 0 })).toBe(true);
    expect(isLowStock({ unlimited: false, qtyInStock: 5 })).toBe(true);
    expect(isLowStock({ unlimited: false, qtyInStock: 6 })).toBe(false);
    expect(isLowStock({ unlimited: true, qtyInStock: 0 })).toBe(false);
    expect(isLowStock({ unlimited: false, qtyInStock: 8 }, 10)).toBe(true);
  });
});
