// One international phone field (issue 23): a number read in the address's country unless it starts
// with +, kept in E.164, shown national for the store's own country and international otherwise.
import { formatPhone, phoneText, readPhone } from "../../../server/domain/checkout/phone.ts";

describe("readPhone", () => {
  it.each([
    ["4155550100", "US", "+14155550100"],
    ["(415) 555-0100", "US", "+14155550100"],
    ["+1 415 555 0100", "US", "+14155550100"],
    ["030 1234567", "DE", "+49301234567"],
    ["020 7946 0958", "GB", "+442079460958"],
    ["07911 123456", "GB", "+447911123456"],
    ["0044 20 7946 0958", "DE", "+442079460958"],
    // A number of another country, given with + and its country code, whatever the address's country.
    ["+44 20 7946 0958", "DE", "+442079460958"],
    ["+1 415 555 0100", "DE", "+14155550100"],
  ])("reads %p in %s as %p", (text, country, e164) => {
    expect(readPhone(text, country)).toEqual({ ok: true, e164 });
  });

  it("reads nothing typed as no phone", () => {
    expect(readPhone("  ", "US")).toEqual({ ok: true, e164: null });
    expect(readPhone(null, "US")).toEqual({ ok: true, e164: null });
    expect(readPhone(["", "", "", ""], "US")).toEqual({ ok: true, e164: null });
  });

  it("names the address's country for a number typed without +", () => {
    expect(readPhone("123", "DE")).toEqual({
      ok: false,
      message: "Please enter a valid phone number for Germany, or start it with + and the country code.",
    });
    expect(readPhone("020 7946", "GB")).toEqual({
      ok: false,
      message: "Please enter a valid phone number for United Kingdom, or start it with + and the country code.",
    });
    expect(readPhone("555 0100", "US")).toEqual({
      ok: false,
      message: "Please enter a valid phone number for United States of America, or start it with + and the country code.",
    });
  });

  it.each([["+49 30"], ["+1 415 555 01OO"], ["+999 1234567"], [`+1 ${"4".repeat(40)}`]])("refuses %p", (text) => {
    expect(readPhone(text, "US")).toEqual({ ok: false, message: "Please enter a valid phone number." });
  });

  it("refuses text around a number, which libphonenumber-js would otherwise find in it", () => {
    expect(readPhone("call 415 555 0100", "US")).toMatchObject({ ok: false });
  });

  it("refuses a number without + for an address whose country is not in the list", () => {
    expect(readPhone("4155550100", "XX")).toEqual({ ok: false, message: "Please enter a valid phone number." });
  });
});

describe("phoneText: the older four parts [Country, Areacode, Prefix, Line] as one text", () => {
  it.each([
    [["1", "212", "555", "0100"], "+1 212 555 0100"],
    [["+49", "30", "123", "4567"], "+49 30 123 4567"],
    [["212", "555", "0100"], "212 555 0100"],
    [["", "212", "555", "0100"], "212 555 0100"],
    [[" +1 415 555 0100 "], "+1 415 555 0100"],
    [["", "", "", ""], ""],
  ] as const)("%j reads %p", (parts, text) => {
    expect(phoneText(parts)).toBe(text);
  });

  it("reads the parts in E.164 through the same rule", () => {
    expect(readPhone(["1", "212", "555", "0100"], "GB")).toEqual({ ok: true, e164: "+12125550100" });
    expect(readPhone(["030", "123", "4567"], "DE")).toEqual({ ok: true, e164: "+49301234567" });
  });
});

describe("formatPhone", () => {
  it("writes a number of the home country in its national format", () => {
    expect(formatPhone("+14155550100", "US")).toBe("(415) 555-0100");
    expect(formatPhone("+49301234567", "de")).toBe("030 1234567");
  });

  it("writes a foreign number in the international format", () => {
    expect(formatPhone("+49301234567", "US")).toBe("+49 30 1234567");
    expect(formatPhone("+442079460958", "US")).toBe("+44 20 7946 0958");
    expect(formatPhone("+14155550100", null)).toBe("+1 415 555 0100");
  });

  it("shows text that is not a number as it is, and nothing as null", () => {
    expect(formatPhone("212 55", "US")).toBe("212 55");
    expect(formatPhone(null, "US")).toBeNull();
    expect(formatPhone("", "US")).toBeNull();
  });
});
