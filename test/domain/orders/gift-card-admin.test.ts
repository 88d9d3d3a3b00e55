// Gift cards and subscriptions store-wide (issue 24 §6): a disabled card is refused wherever a card is
// checked (applying it, paying with it), a card's state for the owner's list, the owner's inputs, and
// the owner's subscription moves through the member's transition table.
import { giftCardProblem } from "../../../server/domain/cart/gift-card-payment.ts";
import { moveSubscription, nextBillingDateProblem, ownerActions } from "../../../server/domain/checkout/subscription-states.ts";
import { parseInput } from "../../../server/domain/inputs.ts";
import { codeEndingInput, disableReasonInput, giftCardState, issueGiftCardInput } from "../../../server/domain/orders/gift-card-admin.ts";

const card = { code: "AAAAA-BBBBB-CCCCC-K7M2Q", currency: "USD", balance: 2500 };

describe("a disabled gift card", () => {
  it("is refused with a message that sends the shopper to the store", () => {
    expect(giftCardProblem({ ...card, disabledAt: new Date("2030-01-01") }, "USD")).toBe("That gift card has been disabled. Please contact the store.");
  });
  it("is refused before its balance or currency is looked at", () => {
    expect(giftCardProblem({ ...card, balance: 0, currency: "EUR", disabledAt: new Date() }, "USD")).toBe(
      "That gift card has been disabled. Please contact the store.",
    );
  });
  it("pays again once enabled", () => {
    expect(giftCardProblem({ ...card, disabledAt: null }, "USD")).toBeNull();
  });
});

it.each([
  [{ balance: 100, disabledAt: null }, "ACTIVE"],
  [{ balance: 0, disabledAt: null }, "SPENT"],
  [{ balance: 100, disabledAt: new Date() }, "DISABLED"],
  [{ balance: 0, disabledAt: new Date() }, "DISABLED"],
] as const)("a card %o is %s", (facts, state) => {
  expect(giftCardState(facts)).toBe(state);
});

describe("the owner's inputs", () => {
  it("finds a card by its last group as typed", () => {
    expect(parseInput(codeEndingInput, " -k7m2q ")).toBe("K7M2Q");
    expect(() => parseInput(codeEndingInput, "K7M2QX")).toThrow("Enter the last group of the code: up to 5 letters and digits.");
    expect(() => parseInput(codeEndingInput, "--")).toThrow("Enter the last group of the code: up to 5 letters and digits.");
  });
  it("issues a card for a positive amount to an email, the note optional", () => {
    expect(parseInput(issueGiftCardInput, { amount: 2500, recipientEmail: " Ada@Example.com ", note: " " })).toEqual({
      amount: 2500,
      recipientEmail: "ada@example.com",
      note: null,
    });
    expect(() => parseInput(issueGiftCardInput, { amount: 0, recipientEmail: "ada@example.com" })).toThrow("Enter an amount greater than zero, up to 10,000.");
    expect(() => parseInput(issueGiftCardInput, { amount: 100, recipientEmail: "ada" })).toThrow("Enter the recipient's email address, e.g. name@example.com.");
  });
  it("disables a card only with a reason", () => {
    expect(() => parseInput(disableReasonInput, "  ")).toThrow("Say why, in up to 200 characters.");
    expect(parseInput(disableReasonInput, " Reported stolen ")).toBe("Reported stolen");
  });
});

describe("the owner's subscription moves (the member's table)", () => {
  it.each([
    ["ACTIVE", false, ["SKIP_NEXT", "PAUSE", "CANCEL", "CHANGE_BILLING_DATE"]],
    ["ACTIVE", true, ["PAUSE", "CANCEL", "CHANGE_BILLING_DATE"]],
    ["PAUSED", false, ["RESUME", "CANCEL"]],
    ["PAST_DUE", false, ["CANCEL"]],
    ["CANCELLED", false, []],
    ["COMPLETED", false, []],
  ] as const)("a %s subscription (next skipped: %s) offers the owner %o", (state, skipNext, actions) => {
    expect(ownerActions(state, skipNext)).toEqual(actions);
  });
  it("refuses moving the billing date of a paused subscription", () => {
    expect(() => moveSubscription("PAUSED", "CHANGE_BILLING_DATE")).toThrow("This subscription is paused and cannot have its billing date changed.");
  });
  it("refuses a next billing date in the past", () => {
    const now = new Date("2030-05-01T10:00:00Z");
    expect(nextBillingDateProblem(new Date("2030-04-30T10:00:00Z"), now)).toBe("The next billing date cannot be in the past.");
    expect(nextBillingDateProblem(new Date(Number.NaN), now)).toBe("The next billing date cannot be in the past.");
    expect(nextBillingDateProblem(new Date("2030-05-02T12:00:00Z"), now)).toBeNull();
  });
});
