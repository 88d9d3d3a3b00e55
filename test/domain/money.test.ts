// Money (spec storefront §3 Money and supported currencies, §9 "Money is stored in minor units ...;
// thousands separator ',' and decimal '.'", "Default currency USD").
import {
  addMoney,
  currencyDecimals,
  currencySymbol,
  formatAmount,
  formatMoney,
  fromDecimalValue,
  isSupportedCurrency,
  money,
  percentOf,
  toDecimalValue,
} from "../../server/domain/money.ts";

const NBSP = "\u00a0";

describe("currencies", () => {
  it("defaults to USD", () => {
    expect(money(4500)).toEqual({ value: 4500, currency: "USD" });
  });

  it.each([
    "EUR",
    "USD",
    "AUD",
    "NOK",
    "CAD",
    "NZD",
    "DKK",
    "GBP",
    "HKD",
    "CHF",
    "MXN",
    "SGD",
    "SEK",
    "CZK",
    "ILS",
    "PHP",
    "RUB",
    "PLN",
    "THB",
    "MYR",
    "ARS",
    "BRL",
    "COP",
    "IDR",
    "INR",
    "ZAR",
  ])("supports %s with 2 decimals", (currency) => {
    expect(isSupportedCurrency(currency)).toBe(true);
    expect(currencyDecimals(currency)).toBe(2);
  });

  it("supports JPY with 0 decimals", () => {
    expect(isSupportedCurrency("JPY")).toBe(true);
    expect(currencyDecimals("JPY")).toBe(0);
  });

  it("does not support currencies outside the spec's list", () => {
    expect(isSupportedCurrency("XYZ")).toBe(false);
    expect(isSupportedCurrency("KRW")).toBe(false);
  });
});

describe("toDecimalValue (minor units to a major-unit decimal string)", () => {
  it.each([
    [4500, "USD", "45.00"],
    [123450, "USD", "1234.50"],
    [5, "USD", "0.05"],
    [50, "EUR", "0.50"],
    [0, "USD", "0.00"],
    [-5, "USD", "-0.05"],
    [-123450, "USD", "-1234.50"],
    [4500, "JPY", "4500"],
    [-4500, "JPY", "-4500"],
  ])("%i %s is %s", (value, currency, decimal) => {
    expect(toDecimalValue({ value, currency })).toBe(decimal);
  });
});

describe("fromDecimalValue (major-unit decimal string to minor units)", () => {
  it.each([
    ["45", "USD", 4500],
    ["45.5", "USD", 4550],
    ["45.50", "USD", 4550],
    ["0.05", "USD", 5],
    ["0", "USD", 0],
    [" 12.34 ", "USD", 1234],
    ["4500", "JPY", 4500],
  ])("reads %j %s as %i", (decimal, currency, value) => {
    expect(fromDecimalValue(decimal, currency)).toEqual({ value, currency });
  });

  it("reads amounts in USD when no currency is given", () => {
    expect(fromDecimalValue("19.99")).toEqual({ value: 1999, currency: "USD" });
  });

  it.each([
    ["", "USD", "empty"],
    ["abc", "USD", "not a number"],
    ["-1.00", "USD", "negative"],
    ["1,000.00", "USD", "grouped"],
    ["1e3", "USD", "exponent"],
    ["45.505", "USD", "more decimals than the currency has"],
    ["4500.5", "JPY", "a fraction of a yen"],
    ["99999999999999999", "USD", "beyond a safe integer of minor units"],
  ])("rejects %j %s (%s)", (decimal, currency) => {
    expect(fromDecimalValue(decimal, currency)).toBeNull();
  });

  it.each([
    [0, "USD"],
    [5, "USD"],
    [4500, "USD"],
    [123456789, "EUR"],
    [4500, "JPY"],
  ])("round-trips %i %s through toDecimalValue", (value, currency) => {
    expect(fromDecimalValue(toDecimalValue({ value, currency }), currency)).toEqual({ value, currency });
  });
});

describe("formatAmount (',' thousands, '.' decimals, no symbol)", () => {
  it.each([
    [0, "USD", "0.00"],
    [5, "USD", "0.05"],
    [99999, "USD", "999.99"],
    [123450, "USD", "1,234.50"],
    [100000000, "USD", "1,000,000.00"],
    [-123450, "USD", "-1,234.50"],
    [999, "JPY", "999"],
    [1234567, "JPY", "1,234,567"],
  ])("%i %s is %s", (value, currency, text) => {
    expect(formatAmount({ value, currency })).toBe(text);
  });
});

describe("formatMoney", () => {
  it.each([
    [123450, "USD", "$1,234.50"],
    [4500, "USD", "$45.00"],
    [5, "USD", "$0.05"],
    [-500, "USD", "-$5.00"],
    [-123450, "USD", "-$1,234.50"],
    [123450, "EUR", "€1,234.50"],
    [123450, "CAD", "CA$1,234.50"],
    [4500, "JPY", "¥4,500"],
    [-4500, "JPY", "-¥4,500"],
  ])("shows %i %s as %s in the store's own format", (value, currency, text) => {
    expect(formatMoney({ value, currency })).toBe(text);
  });

  it("uses the store's own format for en-US", () => {
    expect(formatMoney({ value: 123450, currency: "USD" }, "en-US")).toBe("$1,234.50");
  });

  it.each([
    ["de-DE", 123450, "EUR", `1.234,50${NBSP}€`],
    ["de-DE", -500, "EUR", `-5,00${NBSP}€`],
    ["de-DE", 123450, "USD", `1.234,50${NBSP}$`],
    ["en-GB", 123450, "GBP", "£1,234.50"],
  ])("formats through Intl for %s: %i %s is %j", (locale, value, currency, text) => {
    expect(formatMoney({ value, currency }, locale)).toBe(text);
  });

  it("keeps JPY at 0 decimals in another locale", () => {
    expect(formatMoney({ value: 4500, currency: "JPY" }, "de-DE")).toBe(`4.500${NBSP}¥`);
  });
});

describe("currencySymbol", () => {
  it.each([
    ["USD", "$"],
    ["EUR", "€"],
    ["CAD", "CA$"],
    ["JPY", "¥"],
    ["GBP", "£"],
  ])("%s is %s", (currency, symbol) => {
    expect(currencySymbol(currency)).toBe(symbol);
  });
});

describe("addMoney", () => {
  it("adds amounts of one currency", () => {
    expect(addMoney(money(4500), money(3900))).toEqual({ value: 8400, currency: "USD" });
  });

  it("refuses to add amounts of different currencies", () => {
    expect(() => addMoney(money(100, "USD"), money(100, "EUR"))).toThrow("Cannot combine USD and EUR amounts");
  });
});

describe("percentOf (rate in thousandths of a percent, rounded half away from zero)", () => {
  it.each([
    // [value, rateMillipercent, result]
    [10000, 10000, 1000], // 10 % (WELCOME10)
    [4500, 10000, 450],
    [10000, 8875, 888], // 8.875 % of 100.00 = 887.5 -> 888
    [4500, 8875, 399], // 399.375 -> 399
    [5, 10000, 1], // 0.5 -> 1
    [15, 10000, 2], // 1.5 -> 2
    [25, 10000, 3], // 2.5 -> 3 (not banker's 2)
    [4, 10000, 0], // 0.4 -> 0
    [-5, 10000, -1], // -0.5 -> -1 (away from zero, not towards +inf)
    [-15, 10000, -2],
    [-4, 10000, 0],
    [0, 8875, 0],
    [12345, 0, 0],
    [12345, 100000, 12345], // 100 %
  ])("%i at %i millipercent is %i", (value, rate, result) => {
    // toEqual treats -0 and 0 as different; a zero result may carry either sign.
    expect(percentOf(value, rate) + 0).toBe(result);
  });
});
