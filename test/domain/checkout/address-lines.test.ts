// An address as written on a parcel (issue 14): each country's layout from its address data, no empty
// line or stray separator, the region as its postal abbreviation or name, the country's name last.
import { loadAddressRules } from "../../../server/domain/checkout/address-rules.ts";
import { formatAddressLines } from "../../../server/domain/checkout/address-lines.ts";
import type { PostalAddress } from "../../../server/domain/checkout/address.ts";

const lines = async (address: PostalAddress, locale?: string) => formatAddressLines(address, await loadAddressRules(address.country), locale);

describe("formatAddressLines", () => {
  it.each([
    [
      "US: city, state code and ZIP on one line",
      {
        fullName: "Ada Lovelace",
        company: "Engines",
        line1: "350 5th Ave",
        line2: "Floor 86",
        city: "New York",
        region: "NY",
        postalCode: "10118",
        country: "US",
      },
      ["Ada Lovelace", "Engines", "350 5th Ave", "Floor 86", "New York, NY 10118", "United States of America"],
    ],
    [
      "CA: province code",
      { fullName: "Ada Lovelace", line1: "290 Bremner Blvd", city: "Toronto", region: "ON", postalCode: "M5V 3L9", country: "CA" },
      ["Ada Lovelace", "290 Bremner Blvd", "Toronto ON M5V 3L9", "Canada"],
    ],
    [
      "GB: town and postcode on their own lines",
      { fullName: "Ada Lovelace", line1: "10 Downing Street", city: "London", postalCode: "SW1A 2AA", country: "GB" },
      ["Ada Lovelace", "10 Downing Street", "London", "SW1A 2AA", "United Kingdom"],
    ],
    [
      "DE: postal code before the city",
      { fullName: "Ada Lovelace", line1: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "DE" },
      ["Ada Lovelace", "Unter den Linden 1", "10117 Berlin", "Germany"],
    ],
    [
      "JP on an English page: Latin order, the prefecture's Latin name",
      { fullName: "Ada Lovelace", line1: "1-1 Chiyoda", city: "", region: "13", postalCode: "100-0001", country: "JP" },
      ["Ada Lovelace", "1-1 Chiyoda, Tokyo", "100-0001", "Japan"],
    ],
  ] as const)("%s", async (_case, address, expected) => {
    expect(await lines(address)).toEqual(expected);
  });

  it("writes a Japanese address in Japanese order on a Japanese page, the 〒 mark only before a postal code", async () => {
    const address = { fullName: "山田太郎", line1: "千代田1-1", city: "", region: "13", postalCode: "100-0001", country: "JP" };
    expect(await lines(address, "ja")).toEqual(["〒100-0001", "東京都", "千代田1-1", "山田太郎", "Japan"]);
    expect(await lines({ ...address, postalCode: "" }, "ja")).toEqual(["東京都", "千代田1-1", "山田太郎", "Japan"]);
  });

  it("leaves no stray comma when the US state is missing", async () => {
    expect(await lines({ fullName: "Ada", line1: "1 Main St", city: "Springfield", postalCode: "62701", country: "US" })).toContain("Springfield 62701");
  });

  it("names the country in the page's language", async () => {
    expect((await lines({ fullName: "Ada", line1: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "DE" }, "fr")).at(-1)).toBe("Allemagne");
  });
});
