// The visitor's language (issue 12 item 4).
import { isCustomLanguage, languageName, visitorLocale } from "../../../server/domain/site/visitor-locale.ts";
import { formatMoney } from "../../../server/domain/money.ts";

describe("visitorLocale", () => {
  it("is the visitor's choice when the site offers it", () => {
    expect(visitorLocale("fr", ["en", "fr"], "en")).toBe("fr");
    expect(visitorLocale("fr_fr", ["en", "fr-FR"], "en")).toBe("fr-FR");
  });
  it("falls back from a region to its language, then to the default", () => {
    expect(visitorLocale("fr-CA", ["en", "fr"], "en")).toBe("fr");
    expect(visitorLocale("de", ["en", "fr"], "en")).toBe("en");
    expect(visitorLocale(undefined, ["en", "fr"], "en")).toBe("en");
    expect(visitorLocale("<script>", ["en", "fr"], "en")).toBe("en");
  });
});

describe("isCustomLanguage", () => {
  it("is false for standard languages and true for made-up codes", () => {
    expect(isCustomLanguage("fr")).toBe(false);
    expect(isCustomLanguage("en-US")).toBe(false);
    expect(isCustomLanguage("qq")).toBe(true);
    expect(isCustomLanguage("not a code")).toBe(true);
  });
});

describe("languageName and money for the locale", () => {
  it("names a language in itself", () => {
    expect(languageName("fr")).toBe("Français");
    expect(languageName("en")).toBe("English");
  });
  it("formats money the French way for fr, the store's way for en", () => {
    expect(formatMoney({ value: 123450, currency: "USD" }, "fr")).toBe("1\u202f234,50\u00a0$US");
    expect(formatMoney({ value: 123450, currency: "USD" }, "en")).toBe("$1,234.50");
    expect(formatMoney({ value: 4500, currency: "EUR" }, "fr-FR")).toBe("45,00\u00a0€");
  });
});
