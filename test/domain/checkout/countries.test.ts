// The country list of the checkout address (issue 14): names in the page's language, the store's
// country first, then alphabetical in that language.
import { countries, countryName, isKnownCountry } from "../../../server/domain/checkout/countries.ts";

describe("countries", () => {
  it("puts the store's country first, then the rest in the page language's alphabetical order", () => {
    expect(countries("en-US", "US").slice(0, 4)).toEqual([
      { code: "US", name: "United States of America" },
      { code: "AF", name: "Afghanistan" },
      { code: "AX", name: "Åland Islands" },
      { code: "AL", name: "Albania" },
    ]);
  });

  it("names the countries in French on a French page, sorted as French sorts them", () => {
    expect(countries("fr-FR", "FR").slice(0, 4)).toEqual([
      { code: "FR", name: "France" },
      { code: "AF", name: "Afghanistan" },
      { code: "ZA", name: "Afrique du Sud" },
      { code: "AX", name: "Åland" },
    ]);
    expect(countries("fr", "US")[0]).toEqual({ code: "US", name: "États-Unis d'Amérique" });
  });

  it("lists each country once, the store's included", () => {
    const list = countries("en", "de");
    expect(list[0]).toEqual({ code: "DE", name: "Germany" });
    expect(new Set(list.map((country) => country.code)).size).toBe(list.length);
    expect(list.length).toBe(250);
  });

  it("falls back to English names for a language it has no names in", () => {
    expect(countryName("DE", "ja-JP")).toBe("Germany");
  });

  it("ignores a store country that is not in the list", () => {
    expect(countries("en", "ZZ")[0]).toEqual({ code: "AF", name: "Afghanistan" });
    expect(countries("en", null)[0]).toEqual({ code: "AF", name: "Afghanistan" });
  });

  it("knows ISO codes in any case, and nothing else", () => {
    expect([isKnownCountry("jp"), isKnownCountry("GB"), isKnownCountry("UK"), isKnownCountry("ZZ")]).toEqual([true, true, false, false]);
    expect(countryName("UK", "en")).toBeNull();
  });
});
