// Each country's address form (issue 14): field order, required fields and labels from Google's address
// data, loaded per country.
import { addressFormat, loadAddressRules, regionsOf, rulesFromRecord, type AddressRules } from "../../../server/domain/checkout/address-rules.ts";

async function rules(country: string): Promise<AddressRules> {
  const loaded = await loadAddressRules(country);
  if (!loaded) throw new Error(`no rules for ${country}`);
  return loaded;
}

/** "field:Label" for each field in order, with "*" after the label of a required one. */
const layout = (format: ReturnType<typeof addressFormat>) => format.fields.map((field) => `${field.field}:${field.label}${field.required ? "*" : ""}`);

describe("addressFormat", () => {
  it("US: State from a list, ZIP code, city before state", async () => {
    expect(layout(addressFormat(await rules("US")))).toEqual([
      "country:Country*",
      "fullName:Full name*",
      "company:Company",
      "line1:Address*",
      "line2:Apartment, suite, etc.",
      "city:City*",
      "region:State*",
      "postalCode:ZIP code*",
      "phone:Phone",
    ]);
  });

  it("CA: Province from a list and Postal code", async () => {
    const format = addressFormat(await rules("CA"));
    expect(layout(format).slice(5)).toEqual(["city:City*", "region:Province*", "postalCode:Postal code*", "phone:Phone"]);
    expect(format.fields.find((field) => field.field === "region")?.options?.slice(0, 2)).toEqual([
      { value: "AB", label: "Alberta" },
      { value: "BC", label: "British Columbia" },
    ]);
  });

  it("GB: a post town and a postal code, and no region (Royal Mail needs no county)", async () => {
    expect(layout(addressFormat(await rules("GB"))).slice(5)).toEqual(["city:Town/City*", "postalCode:Postal code*", "phone:Phone"]);
  });

  it("DE: the postal code before the city, and no region", async () => {
    expect(layout(addressFormat(await rules("DE"))).slice(5)).toEqual(["postalCode:Postal code*", "city:City*", "phone:Phone"]);
  });

  it("JP in Latin order on an English page: Prefecture after the address, no city field", async () => {
    expect(layout(addressFormat(await rules("JP"), "en"))).toEqual([
      "country:Country*",
      "fullName:Full name*",
      "company:Company",
      "line1:Address*",
      "line2:Apartment, suite, etc.",
      "region:Prefecture*",
      "postalCode:Postal code*",
      "phone:Phone",
    ]);
  });

  it("JP in Japanese order on a Japanese page: postal code, prefecture, address, company, name", async () => {
    expect(layout(addressFormat(await rules("JP"), "ja-JP"))).toEqual([
      "country:Country*",
      "postalCode:Postal code*",
      "region:Prefecture*",
      "line1:Address*",
      "line2:Apartment, suite, etc.",
      "company:Company",
      "fullName:Full name*",
      "phone:Phone",
    ]);
  });

  it("gives each field its autocomplete token and the region a select", async () => {
    const fields = addressFormat(await rules("US")).fields;
    expect(fields.map((field) => field.autocomplete)).toEqual([
      "country",
      "name",
      "organization",
      "address-line1",
      "address-line2",
      "address-level2",
      "address-level1",
      "postal-code",
      "tel",
    ]);
    expect(fields.filter((field) => field.kind === "select").map((field) => field.field)).toEqual(["country", "region"]);
  });

  it("falls back to the data's defaults for a country record that says little", () => {
    expect(layout(addressFormat(rulesFromRecord("AQ", {})))).toEqual([
      "country:Country*",
      "fullName:Full name*",
      "company:Company",
      "line1:Address*",
      "line2:Apartment, suite, etc.",
      "city:City*",
      "phone:Phone",
    ]);
  });
});

describe("regionsOf", () => {
  it("lists the US states, DC and territories by their codes", async () => {
    const states = regionsOf(await rules("US"));
    expect(states).toContainEqual({ value: "NY", label: "New York" });
    expect(states).toContainEqual({ value: "DC", label: "District of Columbia" });
    expect(states.length).toBe(62);
  });

  it("names Japan's prefectures in Latin script, or in Japanese on a Japanese page, under their ISO codes", async () => {
    const japan = await rules("JP");
    expect(regionsOf(japan, "en").slice(12, 14)).toEqual([
      { value: "13", label: "Tokyo" },
      { value: "14", label: "Kanagawa" },
    ]);
    expect(regionsOf(japan, "ja").slice(12, 14)).toEqual([
      { value: "13", label: "東京都" },
      { value: "14", label: "神奈川県" },
    ]);
  });

  it("is empty for countries without regions", async () => {
    expect(regionsOf(await rules("DE"))).toEqual([]);
    expect(regionsOf(await rules("GB"))).toEqual([]);
  });
});

describe("loadAddressRules", () => {
  it("loads a country in any case", async () => {
    expect((await loadAddressRules(" us "))?.country).toBe("US");
  });

  it("has no rules for a code that is not a country of the list", async () => {
    expect(await loadAddressRules("ZZ")).toBeNull();
    expect(await loadAddressRules("all")).toBeNull();
    expect(await loadAddressRules("../us")).toBeNull();
  });
});
