// The gift-card payment rules (issue 12 item 3): codes, what a card may pay, how several cards share a total.
import {
  allocateGiftCards,
  canGiftCardPay,
  giftCardCodeFrom,
  giftCardDeliveryInput,
  giftCardExcludedTotal,
  giftCardProblem,
  giftCardsCanPayAny,
  maskGiftCardCode,
  normaliseGiftCardCode,
} from "../../../server/domain/cart/gift-card-payment.ts";

describe("codes", () => {
  it("are 4 groups of 5 characters without look-alikes (about 100 bits from 20 random bytes)", () => {
    const code = giftCardCodeFrom(new Uint8Array(Array.from({ length: 20 }, (_, i) => i * 13)));
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}(-[A-HJ-NP-Z2-9]{5}){3}$/);
    expect(() => giftCardCodeFrom(new Uint8Array(19))).toThrow();
  });

  it("are read forgiving case, spaces and dashes", () => {
    expect(normaliseGiftCardCode(" abcde fghjk-lmnpq rstuv ")).toBe("ABCDE-FGHJK-LMNPQ-RSTUV");
    expect(normaliseGiftCardCode("abc")).toBe("ABC");
  });

  it("are masked but for their last group", () => {
    expect(maskGiftCardCode("ABCDE-FGHJK-LMNPQ-RSTUV")).toBe("•••••-•••••-•••••-RSTUV");
  });
});

describe("what a card may pay", () => {
  it("not gift cards, not subscriptions", () => {
    expect(canGiftCardPay({ productType: 1 }, "STANDARD")).toBe(true);
    expect(canGiftCardPay({ productType: 4 }, "STANDARD")).toBe(false);
    expect(canGiftCardPay({ productType: 1 }, "SUBSCRIPTION")).toBe(false);
    expect(giftCardsCanPayAny([{ productType: 4 }], "STANDARD")).toBe(false);
    expect(giftCardsCanPayAny([{ productType: 4 }, { productType: 2 }], "STANDARD")).toBe(true);
    expect(
      giftCardExcludedTotal(
        [
          { productType: 4, quantity: 2, unitPrice: 2500 },
          { productType: 2, quantity: 1, unitPrice: 900 },
        ],
        "STANDARD",
        5900,
      ),
    ).toBe(5000);
    expect(giftCardExcludedTotal([{ productType: 1, quantity: 1, unitPrice: 2000 }], "SUBSCRIPTION", 2500)).toBe(2500);
  });

  it("refuses unknown, empty and other-currency cards", () => {
    expect(giftCardProblem(null, "USD")).toBe("That gift card code is not valid.");
    expect(giftCardProblem({ code: "A", currency: "EUR", balance: 100 }, "USD")).toBe("That gift card is in another currency; this cart is in USD.");
    expect(giftCardProblem({ code: "A", currency: "USD", balance: 0 }, "USD")).toBe("That gift card has no balance left.");
    expect(giftCardProblem({ code: "A", currency: "USD", balance: 1 }, "USD")).toBeNull();
  });
});

describe("allocateGiftCards", () => {
  const card = (code: string, balance: number, currency = "USD") => ({ code, balance, currency });

  it("pays up to each balance, in the order applied, never more than is payable", () => {
    expect(allocateGiftCards({ grandTotal: 900, notPayable: 0, currency: "USD", cards: [card("A", 500), card("B", 2500), card("C", 100)] })).toEqual({
      payments: [
        { code: "A", amount: 500, balance: 500 },
        { code: "B", amount: 400, balance: 2500 },
        { code: "C", amount: 0, balance: 100 },
      ],
      total: 900,
    });
  });

  it("leaves what it may not pay, and cards of another currency pay nothing", () => {
    expect(allocateGiftCards({ grandTotal: 5900, notPayable: 5000, currency: "USD", cards: [card("A", 2500)] }).total).toBe(900);
    expect(allocateGiftCards({ grandTotal: 900, notPayable: 0, currency: "USD", cards: [card("E", 2500, "EUR"), null] })).toEqual({
      payments: [{ code: "E", amount: 0, balance: 2500 }],
      total: 0,
    });
  });
});

describe("gift delivery", () => {
  it("takes a recipient email (lower-cased) and a message of up to 80 characters", () => {
    expect(giftCardDeliveryInput.parse({ recipientEmail: " Friend@Example.com ", message: "x".repeat(80) })).toEqual({
      recipientEmail: "friend@example.com",
      message: "x".repeat(80),
    });
    expect(giftCardDeliveryInput.parse({ recipientEmail: "a@example.com", message: "  " })).toEqual({ recipientEmail: "a@example.com", message: null });
    expect(giftCardDeliveryInput.safeParse({ recipientEmail: "a@example.com", message: "x".repeat(81) }).error?.issues[0].message).toBe(
      "Keep the message to 80 characters or fewer.",
    );
    expect(giftCardDeliveryInput.safeParse({ recipientEmail: "nope" }).error?.issues[0].message).toBe("Enter the recipient's email address.");
  });
});
