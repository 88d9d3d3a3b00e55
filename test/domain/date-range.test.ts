// The owner's day ranges (server/domain/date-range.ts): one rule for the analytics screen, the
// server's analytics range and the orders filter; days begin at the site's midnight.
import { checkDayRange, dayIn, dayStartsAt, knownTimeZone } from "../../server/domain/date-range.ts";

describe("checking a range of days", () => {
  const custom = { required: true, latest: "2026-03-15", maxDays: 400 };

  it.each([
    ["2026-03-01", "2026-03-15", custom, { ok: true }],
    ["", "2026-03-15", custom, { ok: false, message: "A custom range needs a start and an end date." }],
    ["2026-02-30", "2026-03-15", custom, { ok: false, message: "Dates are written YYYY-MM-DD (e.g. 2026-03-31)." }],
    ["2026-03-10", "2026-03-09", custom, { ok: false, message: "The start date must be on or before the end date." }],
    ["2026-03-10", "2026-03-16", custom, { ok: false, message: "The end date cannot be after today." }],
    ["2025-01-01", "2026-03-15", custom, { ok: false, message: "A range can be at most 400 days long." }],
    ["2026-03-05", "", { required: false }, { ok: true }],
    ["", "", { required: false }, { ok: true }],
    ["2026-03-05", "2026-03-01", { required: false }, { ok: false, message: "The start date must be on or before the end date." }],
    ["2026-03-05", "2099-01-01", { required: false }, { ok: true }],
  ])("from %s to %s (%o): %o", (from, to, rules, expected) => {
    expect(checkDayRange(from, to, rules)).toEqual(expected);
  });
});

describe("the site's days", () => {
  it("begins a day at the site's midnight, not the browser's or UTC's", () => {
    expect(dayStartsAt("2026-03-05", "Asia/Tokyo").toISOString()).toBe("2026-03-04T15:00:00.000Z");
    expect(dayStartsAt("2026-03-05", "America/New_York").toISOString()).toBe("2026-03-05T05:00:00.000Z");
    // The day daylight saving time begins still starts at its own midnight (EST), the next one in EDT.
    expect(dayStartsAt("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(dayStartsAt("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });

  it("takes UTC for a zone the runtime does not know", () => {
    expect(knownTimeZone("Mars/Olympus")).toBe("UTC");
    expect(dayStartsAt("2026-03-05", "Mars/Olympus").toISOString()).toBe("2026-03-05T00:00:00.000Z");
  });

  it("names the day an instant falls on in the zone", () => {
    expect(dayIn(new Date("2026-03-04T16:00:00Z"), "Asia/Tokyo")).toBe("2026-03-05");
    expect(dayIn(new Date("2026-03-04T16:00:00Z"), "America/New_York")).toBe("2026-03-04");
  });
});
