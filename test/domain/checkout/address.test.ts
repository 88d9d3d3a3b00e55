// Checkout address validation (issue 14), per country: the full name and country always, the street,
// city, region and postal code where the country requires them, the region from the country's list,
// the postal code in the country's format, the phone a valid number read in the address's country.
import { loadAddressRules, type AddressRules } from "../../../server/domain/checkout/address-rules.ts";
import { shippingLocationOf, validateAddress, type PostalAddress } from "../../../server/domain/checkout/address.ts";

const valid: Record<string, PostalAddress> = {
  US: { fullName: "Ada Lovelace", line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10118", country: "US" },
  CA: { fullName: "Ada Lovelace", line1: "290 Bremner Blvd", city: "Toronto", region: "ON", postalCode: "M5V 3L9", country: "CA" },
  GB: { fullName: "Ada Lovelace", line1: "10 Downing Street", city: "London", postalCode: "SW1A 2AA", country: "GB" },
  DE: { fullName: "Ada Lovelace", line1: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "DE" },
  JP: { fullName: "Ada Lovelace", line1: "1-1 Chiyoda", city: "", region: "13", postalCode: "100-0001", country: "JP" },
};

const rulesOf: Record<string, AddressRules> = {};
beforeAll(async () => {
  for (const country of Object.keys(valid)) rulesOf[country] = (await loadAddressRules(country))!;
});

const check = (address: PostalAddress, options = {}) => validateAddress(address, rulesOf[address.country.toUpperCase()] ?? null, options);
const errorsOf = (address: PostalAddress, options = {}) => {
  const result = check(address, options);
  return result.ok ? {} : Object.fromEntries(result.fieldErrors.map((error) => [error.fieldId, error.message]));
};

describe.each(["US", "CA", "GB", "DE", "JP"])("an address in %s", (country) => {
  it("passes when complete", () => {
    expect(check(valid[country]!)).toEqual({ ok: true });
  });

  it("passes with the optional company, second line and phone filled in", () => {
    expect(check({ ...valid[country]!, company: "Analytical Engines Ltd", line2: "Suite 5", phone: ["+1", "212", "555", "0100"] })).toEqual({ ok: true });
  });
});

describe("each missing required field says 'Required'", () => {
  it.each([
    ["US", ["fullName", "line1", "city", "region", "postalCode"]],
    ["CA", ["fullName", "line1", "city", "region", "postalCode"]],
    ["GB", ["fullName", "line1", "city", "postalCode"]],
    ["DE", ["fullName", "line1", "city", "postalCode"]],
    ["JP", ["fullName", "line1", "region", "postalCode"]],
  ] as const)("%s requires %j", (country, required) => {
    for (const field of required) {
      const result = check({ ...valid[country]!, [field]: "  " });
      expect(result).toEqual({
        ok: false,
        message: "One or more fields is invalid, please check your entries.",
        fieldErrors: [{ fieldId: field, message: "Required" }],
      });
    }
  });

  it("does not require a city in Japan, nor a company or second line anywhere", () => {
    expect(check({ ...valid.JP!, city: "" })).toEqual({ ok: true });
    expect(check({ ...valid.US!, company: "", line2: null })).toEqual({ ok: true });
  });

  it("requires the country, and the full name whatever the country", () => {
    expect(errorsOf({ ...valid.US!, country: "" })).toEqual({ country: "Required" });
    expect(errorsOf({ ...valid.US!, country: "", fullName: "" })).toEqual({ country: "Required", fullName: "Required" });
  });
});

describe("the postal code follows the country's format", () => {
  it.each([
    ["US", "1011", "ZIP code is not valid. Example: 95014."],
    ["CA", "12345", "Postal code is not valid. Example: H3Z 2Y7."],
    ["GB", "SW1A", "Postal code is not valid. Example: EC1Y 8SY."],
    ["DE", "1011", "Postal code is not valid. Example: 26133."],
    ["JP", "1000-001", "Postal code is not valid. Example: 154-0023."],
    ["US", "10118-01", "ZIP code is not valid. Example: 95014."],
    ["DE", "101170", "Postal code is not valid. Example: 26133."],
  ])("%s refuses %s", (country, postalCode, message) => {
    expect(errorsOf({ ...valid[country]!, postalCode })).toEqual({ postalCode: message });
  });

  it.each([
    ["US", "10118-0110"],
    ["CA", "m5v3l9"],
    ["GB", "sw1a 2aa"],
    ["JP", "1000001"],
  ])("%s accepts %s (letters in any case, the format's optional separators)", (country, postalCode) => {
    expect(check({ ...valid[country]!, postalCode })).toEqual({ ok: true });
  });

  it("refuses a postal code longer than 20 characters", () => {
    expect(errorsOf({ ...valid.GB!, postalCode: "SW1A 2AA".padEnd(21, "A") })).toEqual({ postalCode: "You have exceeded the character limit." });
  });
});

describe("the region comes from the country's list", () => {
  it.each([
    ["US", "XX"],
    ["CA", "NY"],
    ["JP", "Tokyo"],
  ])("%s refuses the unknown region %s", (country, region) => {
    expect(errorsOf({ ...valid[country]!, region })).toEqual({ region: "Please choose one of the options." });
  });

  it("accepts a region code in any case", () => {
    expect(check({ ...valid.US!, region: "ny" })).toEqual({ ok: true });
  });

  it.each(["GB", "DE"])("%s addresses have no region", (country) => {
    expect(errorsOf({ ...valid[country]!, region: "Bavaria" })).toEqual({ region: "Addresses in this country have no region." });
  });
});

describe("the country comes from the list", () => {
  it("refuses a code that is not a country", () => {
    expect(validateAddress({ ...valid.GB!, country: "UK" }, null)).toEqual({
      ok: false,
      message: "One or more fields is invalid, please check your entries.",
      fieldErrors: [{ fieldId: "country", message: "Please choose one of the options." }],
    });
  });

  it("throws when given another country's rules (the caller's mistake)", () => {
    expect(() => validateAddress(valid.DE!, rulesOf.US!)).toThrow("validateAddress: rules of US given for an address in DE");
  });
});

describe("text fields", () => {
  it("refuses more than 200 characters", () => {
    expect(errorsOf({ ...valid.DE!, line1: "a".repeat(201), city: "b".repeat(200) })).toEqual({ line1: "You have exceeded the character limit." });
  });
});

describe("the phone: one number, read in the address's country (phone.ts)", () => {
  it("is optional by default, and 'Required' when the store asks for one", () => {
    expect(check({ ...valid.US!, phone: "" })).toEqual({ ok: true });
    expect(check({ ...valid.US!, phone: ["", "", "", ""] })).toEqual({ ok: true });
    expect(errorsOf({ ...valid.US!, phone: null }, { requirePhone: true })).toEqual({ phone: "Required" });
    expect(check({ ...valid.US!, phone: "+1 212 555 0100" }, { requirePhone: true })).toEqual({ ok: true });
  });

  it("takes a number typed without + as the address's country's", () => {
    expect(check({ ...valid.DE!, phone: "030 1234567" })).toEqual({ ok: true });
    expect(check({ ...valid.GB!, phone: "020 7946 0958" })).toEqual({ ok: true });
    expect(errorsOf({ ...valid.GB!, phone: "020 7946" })).toEqual({
      phone: "Please enter a valid phone number for United Kingdom, or start it with + and the country code.",
    });
  });

  it("still takes the older four parts, and three as a number without a country code", () => {
    expect(check({ ...valid.US!, phone: ["1", "212", "555", "0100"] })).toEqual({ ok: true });
    expect(check({ ...valid.US!, phone: ["212", "555", "0100"] })).toEqual({ ok: true });
  });

  it.each([[["+1", "212", "", "0100"]], [["+1", "212", "555", "01OO"]], ["+1 212 555"], ["+49 30"]])("refuses %j", (phone) => {
    expect(errorsOf({ ...valid.US!, phone })).toEqual({ phone: "Please enter a valid phone number." });
  });
});

describe("shippingLocationOf", () => {
  it("gives the country, region and postal code that tax rules and shipping zones read", () => {
    expect(shippingLocationOf({ country: "us", region: " NY ", postalCode: "10118" })).toEqual({ country: "US", region: "NY", postalCode: "10118" });
    expect(shippingLocationOf({ country: "DE", region: "", postalCode: null })).toEqual({ country: "DE", region: null, postalCode: null });
  });
});
