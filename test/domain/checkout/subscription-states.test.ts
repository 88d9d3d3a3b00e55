// The subscription transition table and renewal rules (issue 12 item 2).
import { SubscriptionMoveError } from "../../../server/domain/errors.ts";
import {
  addBillingPeriods,
  initialSubscriptionState,
  memberActions,
  moveSubscription,
  nextBillingAfterResume,
  renewalDecision,
  SUBSCRIPTION_STATES,
  SUBSCRIPTION_TRANSITIONS,
} from "../../../server/domain/checkout/subscription-states.ts";

describe("the transition table", () => {
  it.each([
    ["ACTIVE", "SKIP_NEXT", "ACTIVE"],
    ["ACTIVE", "PAUSE", "PAUSED"],
    ["PAUSED", "RESUME", "ACTIVE"],
    ["ACTIVE", "CANCEL", "CANCELLED"],
    ["PAUSED", "CANCEL", "CANCELLED"],
    ["ACTIVE", "COMPLETE", "COMPLETED"],
    ["ACTIVE", "FAIL_RENEWAL", "PAST_DUE"],
    ["PAST_DUE", "FAIL_RENEWAL", "PAST_DUE"],
    ["PAST_DUE", "RENEW", "ACTIVE"],
    ["PAST_DUE", "COMPLETE", "COMPLETED"],
    ["PAST_DUE", "CANCEL", "CANCELLED"],
    ["PAST_DUE", "GIVE_UP", "CANCELLED"],
  ] as const)("%s --%s--> %s", (from, action, to) => {
    expect(moveSubscription(from, action)).toBe(to);
  });

  it("refuses every other move with the state's wording", () => {
    expect(() => moveSubscription("PAUSED", "PAUSE")).toThrow(new SubscriptionMoveError("This subscription is paused and cannot be paused."));
    expect(() => moveSubscription("ACTIVE", "RESUME")).toThrow("This subscription is active and cannot be resumed.");
    expect(() => moveSubscription("PAUSED", "SKIP_NEXT")).toThrow("This subscription is paused and cannot skip its next cycle.");
    expect(() => moveSubscription("PAST_DUE", "PAUSE")).toThrow("This subscription is past due and cannot be paused.");
    expect(() => moveSubscription("ACTIVE", "GIVE_UP")).toThrow(SubscriptionMoveError);
    for (const state of ["CANCELLED", "COMPLETED"] as const) {
      for (const action of Object.keys(SUBSCRIPTION_TRANSITIONS) as (keyof typeof SUBSCRIPTION_TRANSITIONS)[])
        expect(() => moveSubscription(state, action)).toThrow(SubscriptionMoveError);
    }
  });

  it("skips a cycle once", () => {
    expect(() => moveSubscription("ACTIVE", "SKIP_NEXT", true)).toThrow("The next billing is skipped.");
    expect(memberActions("ACTIVE", true)).toEqual(["PAUSE", "CANCEL"]);
    expect(memberActions("ACTIVE", false)).toEqual(["SKIP_NEXT", "PAUSE", "CANCEL"]);
    expect(memberActions("PAUSED", false)).toEqual(["RESUME", "CANCEL"]);
    expect(memberActions("CANCELLED", false)).toEqual([]);
    // A past-due subscription is only cancelled by the member (its card is updated, not paused around).
    expect(memberActions("PAST_DUE", false)).toEqual(["CANCEL"]);
  });

  it("names every state", () => expect(SUBSCRIPTION_STATES).toEqual(["ACTIVE", "PAUSED", "PAST_DUE", "CANCELLED", "COMPLETED"]));
});

describe("billing dates", () => {
  const at = (iso: string) => new Date(iso);
  it("moves by weeks, months (end-clamped) and years", () => {
    expect(addBillingPeriods(at("2026-01-31T10:00:00Z"), { value: 1, unit: "MONTH" }).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addBillingPeriods(at("2026-01-01T00:00:00Z"), { value: 2, unit: "WEEK" }).toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(addBillingPeriods(at("2024-02-29T00:00:00Z"), { value: 1, unit: "YEAR" }).toISOString()).toBe("2025-02-28T00:00:00.000Z");
  });

  it("on resume, the first date on the schedule not in the past", () => {
    const month = { value: 1, unit: "MONTH" };
    expect(nextBillingAfterResume(at("2026-01-10T00:00:00Z"), month, at("2026-03-05T00:00:00Z")).toISOString()).toBe("2026-03-10T00:00:00.000Z");
    expect(nextBillingAfterResume(at("2026-04-10T00:00:00Z"), month, at("2026-03-05T00:00:00Z")).toISOString()).toBe("2026-04-10T00:00:00.000Z");
  });
});

describe("renewalDecision", () => {
  const base = {
    state: "ACTIVE" as const,
    nextBillingAt: new Date("2026-02-01T00:00:00Z"),
    skipNext: false,
    cyclesBilled: 1,
    numBillingCycles: 0,
    billingPeriod: { value: 1, unit: "MONTH" },
  };
  const now = new Date("2026-02-01T00:00:01Z");

  it("does nothing before the date or unless active", () => {
    expect(renewalDecision(base, new Date("2026-01-31T23:59:59Z"))).toEqual({ kind: "NONE" });
    expect(renewalDecision({ ...base, state: "PAUSED" }, now)).toEqual({ kind: "NONE" });
    expect(renewalDecision({ ...base, state: "CANCELLED" }, now)).toEqual({ kind: "NONE" });
  });

  it("bills the next cycle, and completes the plan at its last", () => {
    expect(renewalDecision(base, now)).toEqual({ kind: "BILL", cycle: 2, nextBillingAt: new Date("2026-03-01T00:00:00Z"), state: "ACTIVE" });
    expect(renewalDecision({ ...base, numBillingCycles: 2 }, now)).toMatchObject({ kind: "BILL", cycle: 2, state: "COMPLETED" });
  });

  it("skips a cycle the member skipped", () => {
    expect(renewalDecision({ ...base, skipNext: true }, now)).toEqual({ kind: "SKIP", nextBillingAt: new Date("2026-03-01T00:00:00Z") });
  });

  it("bills a past-due cycle again at its retry, not before, keeping the plan's dates", () => {
    const pastDue = { ...base, state: "PAST_DUE" as const, retryAt: new Date("2026-02-02T00:00:01Z") };
    expect(renewalDecision(pastDue, new Date("2026-02-02T00:00:00Z"))).toEqual({ kind: "NONE" });
    expect(renewalDecision({ ...pastDue, skipNext: true }, new Date("2026-02-02T00:00:01Z"))).toEqual({
      kind: "BILL",
      cycle: 2,
      nextBillingAt: new Date("2026-03-01T00:00:00Z"),
      state: "ACTIVE",
    });
  });

  it("a one-cycle plan is complete at checkout", () => {
    expect(initialSubscriptionState(1)).toBe("COMPLETED");
    expect(initialSubscriptionState(0)).toBe("ACTIVE");
  });
});
