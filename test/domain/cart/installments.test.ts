import {
  DEFAULT_INSTALLMENT_COUNT,
  installmentOffer,
  isPayLaterEligible,
  isPayLaterLocale,
  payLaterModalLocale,
  isPayLaterModalLocale,
} from "../../../server/domain/cart/installments.ts";

const usd = (value: number) => ({ value, currency: "USD" });
const bounds = { min: 3500, max: 200000 };

describe("pay-later messaging (spec §5 Installment)", () => {
  it("is offered only when every item is a physical product", () => {
    expect(isPayLaterEligible([1, 1])).toBe(true);
    expect(isPayLaterEligible([1, 2])).toBe(false); // a digital product
    expect(isPayLaterEligible([1, 3])).toBe(false); // a service
    expect(isPayLaterEligible([4])).toBe(false); // a gift card
    expect(isPayLaterEligible([])).toBe(false);
  });

  it.each([
    ["US", "en", true],
    ["US", "en-US", true],
    ["CA", "en", true],
    ["CA", "fr-CA", true],
    ["AU", "en", true],
    ["NZ", "en", true],
    ["GB", "en-GB", true],
    ["US", "fr", false],
    ["GB", "fr", false],
    ["DE", "de", false],
    ["FR", "fr", false],
  ])("supports %s with shopper language %s: %s", (country, language, supported) => {
    expect(isPayLaterLocale(country, language)).toBe(supported);
  });

  it("opens the provider's modal in the shopper's locale, falling back to en_US", () => {
    expect(payLaterModalLocale("CA", "fr-CA")).toBe("fr_CA");
    expect(payLaterModalLocale("GB", "en")).toBe("en_GB");
    expect(payLaterModalLocale("DE", "de")).toBe("en_US");
    expect(payLaterModalLocale("US", "es")).toBe("en_US");
  });

  it("asks the provider only for a modal locale it may have (a supported language in a supported market)", () => {
    expect(["en_US", "fr_CA", "en_CA", "en_AU", "en_NZ", "en_GB"].filter(isPayLaterModalLocale)).toHaveLength(6);
    expect(["fr_FR", "es_US", "en_us", "en-US", "../x", "en_US_x", ""].filter(isPayLaterModalLocale)).toEqual([]);
  });

  it("splits into 4 installments by default", () => {
    expect(DEFAULT_INSTALLMENT_COUNT).toBe(4);
    expect(installmentOffer(usd(4500), bounds)).toEqual({ inRange: true, count: 4, installment: usd(1125), text: "or 4 interest-free payments of $11.25" });
  });

  it("needs an amount greater than the minimum: at the minimum it says 'available for orders over {amount}'", () => {
    expect(installmentOffer(usd(3500), bounds)).toEqual({ inRange: false, text: "available for orders over $35.00" });
    expect(installmentOffer(usd(1800), bounds)).toEqual({ inRange: false, text: "available for orders over $35.00" });
    expect(installmentOffer(usd(3501), bounds).inRange).toBe(true);
  });

  it("takes an amount at most the maximum: above it says 'available for orders up to {amount}'", () => {
    expect(installmentOffer(usd(200000), bounds).inRange).toBe(true);
    expect(installmentOffer(usd(200001), bounds)).toEqual({ inRange: false, text: "available for orders up to $2,000.00" });
  });
});
