// The waitlist's rules (spec storefront §5 Restock; issue 4 §2 the fair queue and its statuses).
import {
  OFFER_HOLD_MS,
  SIGN_UP_LIFETIME_MS,
  canMove,
  currentStatus,
  expiresAt,
  hasLapsed,
  movement,
  requeuesOnSignUp,
  restockEmailProblem,
  unitsArrived,
  variantText,
  waitersForArrival,
  waitersForSend,
} from "../../../server/domain/restock/restock.ts";

describe("the restock email", () => {
  it.each([[""], ["   "], [undefined], [null], [42]])("%j gives 'Email cannot be blank'", (email) => {
    expect(restockEmailProblem(email)).toBe("Email cannot be blank");
  });

  it.each([["user@"], ["user@domain"], ["a b@c.de"], ["user@domain.museum"]])("%j gives 'Email is invalid'", (email) => {
    expect(restockEmailProblem(email)).toBe("Email is invalid");
  });

  it("passes a valid address, surrounding spaces aside", () => {
    expect(restockEmailProblem(" shopper@example.com ")).toBeNull();
  });
});

describe("the fair queue", () => {
  it.each([
    [2, 5, 2],
    [5, 2, 2],
    [0, 3, 0],
    [1.7, 3, 1],
    ["unlimited" as const, 4, 4],
  ])("%j units arriving for %i waiters notify %i", (arrived, waiting, notified) => {
    expect(waitersForArrival(arrived, waiting)).toBe(notified);
  });

  it.each([
    [{ unlimited: false, qtyInStock: 3 }, 0, 5, 3],
    [{ unlimited: false, qtyInStock: 3 }, 2, 5, 1],
    [{ unlimited: false, qtyInStock: 3 }, 3, 5, 0],
    [{ unlimited: false, qtyInStock: 3 }, 4, 5, 0],
    [{ unlimited: false, qtyInStock: 0 }, 0, 5, 0],
    [{ unlimited: false, qtyInStock: 10 }, 0, 2, 2],
    [{ unlimited: true, qtyInStock: 0 }, 3, 7, 7],
  ])("a send with stock %j and %i open offers notifies %i of %i waiting", (stock, openOffers, waiting, notified) => {
    expect(waitersForSend(stock, openOffers, waiting)).toBe(notified);
  });

  it.each([
    [{ unlimited: false, qtyInStock: 0 }, { unlimited: false, qtyInStock: 4 }, 4],
    [{ unlimited: false, qtyInStock: 4 }, { unlimited: false, qtyInStock: 1 }, 0],
    [{ unlimited: false, qtyInStock: 2 }, { unlimited: false, qtyInStock: 5 }, 3],
    [{ unlimited: false, qtyInStock: 0 }, { unlimited: true, qtyInStock: 0 }, "unlimited"],
    [{ unlimited: true, qtyInStock: 0 }, { unlimited: true, qtyInStock: 0 }, 0],
    [{ unlimited: true, qtyInStock: 0 }, { unlimited: false, qtyInStock: 9 }, 0],
  ])("stock %j -> %j brings %j units", (before, after, arrived) => {
    expect(unitsArrived(before, after)).toBe(arrived);
  });

  it("statuses move RECEIVED -> NOTIFIED -> PURCHASED, or RECEIVED -> EXPIRED, never back", () => {
    expect(canMove("RECEIVED", "NOTIFIED")).toBe(true);
    expect(canMove("RECEIVED", "EXPIRED")).toBe(true);
    expect(canMove("NOTIFIED", "PURCHASED")).toBe(true);
    expect(canMove("NOTIFIED", "EXPIRED")).toBe(false);
    expect(canMove("PURCHASED", "NOTIFIED")).toBe(false);
    expect(canMove("EXPIRED", "NOTIFIED")).toBe(false);
  });

  it("goes back to RECEIVED only from a notified, bought or lapsed place (signing up again)", () => {
    expect(canMove("NOTIFIED", "RECEIVED")).toBe(true);
    expect(canMove("PURCHASED", "RECEIVED")).toBe(true);
    expect(canMove("EXPIRED", "RECEIVED")).toBe(true);
    expect(canMove("RECEIVED", "RECEIVED")).toBe(false);
    expect(canMove("RECEIVED", "PURCHASED")).toBe(false);
  });

  it("gives the conditional update of an allowed move, and refuses one the table forbids", () => {
    expect(movement("RECEIVED", "NOTIFIED")).toEqual({ where: { status: "RECEIVED" }, data: { status: "NOTIFIED" } });
    expect(() => movement("NOTIFIED", "EXPIRED")).toThrow("A restock place cannot move from NOTIFIED to EXPIRED.");
    expect(() => movement("PURCHASED", "NOTIFIED")).toThrow();
  });

  it.each([
    ["waiting", "RECEIVED", "2026-06-01T00:00:00Z", false],
    ["lapsed, not yet marked", "RECEIVED", "2025-12-31T00:00:00Z", true],
    ["notified", "NOTIFIED", "2026-06-01T00:00:00Z", true],
    ["bought", "PURCHASED", "2026-06-01T00:00:00Z", true],
    ["expired", "EXPIRED", "2025-12-31T00:00:00Z", true],
  ] as const)("signing up again with a %s place goes to the back of the queue? %s", (_case, status, expiry, requeues) => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(requeuesOnSignUp({ status, expiresAt: new Date(expiry) }, now)).toBe(requeues);
  });

  it("counts a waiting place past its expiry as EXPIRED", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(currentStatus({ status: "RECEIVED", expiresAt: now }, now)).toBe("EXPIRED");
    expect(currentStatus({ status: "RECEIVED", expiresAt: new Date(now.getTime() + 1) }, now)).toBe("RECEIVED");
    expect(currentStatus({ status: "NOTIFIED", expiresAt: now }, now)).toBe("NOTIFIED");
  });

  it("a place lapses 90 days after signing up unless notified; a notification holds a unit 48 hours", () => {
    expect(SIGN_UP_LIFETIME_MS).toBe(90 * 24 * 60 * 60 * 1000);
    expect(OFFER_HOLD_MS).toBe(48 * 60 * 60 * 1000);
    const signedUp = new Date("2026-01-01T00:00:00Z");
    expect(expiresAt(signedUp).toISOString()).toBe("2026-04-01T00:00:00.000Z");
    expect(hasLapsed({ status: "RECEIVED", expiresAt: expiresAt(signedUp) }, new Date("2026-03-31T23:59:59Z"))).toBe(false);
    expect(hasLapsed({ status: "RECEIVED", expiresAt: expiresAt(signedUp) }, new Date("2026-04-01T00:00:00Z"))).toBe(true);
    expect(hasLapsed({ status: "NOTIFIED", expiresAt: expiresAt(signedUp) }, new Date("2027-01-01T00:00:00Z"))).toBe(false);
  });

  it("describes the variant for the email", () => {
    expect(variantText({ Size: "M", Color: "Blue" })).toBe("Size: M, Color: Blue");
    expect(variantText({})).toBe("");
  });
});
