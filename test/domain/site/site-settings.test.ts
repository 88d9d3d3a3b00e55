// Site rules (platform-support §4-§5): languages, navigation items and the site layout.
import { checkNavigationItems, layoutLinks, orderLayout } from "../../../server/domain/site/navigation.ts";
import { canonicalLocale, checkLanguages } from "../../../server/domain/site/languages.ts";

describe("languages", () => {
  it.each([
    ["en-us", "en-US"],
    ["fr_FR", "fr-FR"],
    ["de", "de"],
    ["zh-Hant-TW", "zh-Hant-TW"],
  ])("%j is the locale %j", (value, code) => {
    expect(canonicalLocale(value)).toBe(code);
  });

  it.each([["english"], ["e"], [""], ["en US"], [5], [null]])("%j is not a locale", (value) => {
    expect(canonicalLocale(value)).toBeNull();
  });

  it("saves locales once each, in order, the first the default", () => {
    expect(checkLanguages(["en-us", { code: "fr-FR" }, "en-US"])).toEqual({ ok: true, languages: ["en-US", "fr-FR"] });
    expect(checkLanguages([])).toEqual({ ok: false, problem: "languages must be a list of locales such as en-US." });
    expect(checkLanguages("en-US")).toEqual({ ok: false, problem: "languages must be a list of locales such as en-US." });
    expect(checkLanguages(Array.from({ length: 31 }, () => "en-US"))).toEqual({ ok: false, problem: "languages must be a list of locales such as en-US." });
  });
});

describe("navigation items", () => {
  const exists = (id: number) => id === 7;

  it("link to exactly one of a collection, an external link or a member area; folders may link to none", () => {
    expect(
      checkNavigationItems([{ title: "Shop", collectionId: 7 }, { title: "Folder", items: [{ externalLink: "/a" }] }, { memberAreaId: "m1" }], exists),
    ).toEqual({
      ok: true,
      value: [
        { title: "Shop", collectionId: 7, externalLink: null, memberAreaId: null, items: [] },
        {
          title: "Folder",
          collectionId: null,
          externalLink: null,
          memberAreaId: null,
          items: [{ title: "", collectionId: null, externalLink: "/a", memberAreaId: null, items: [] }],
        },
        { title: "", collectionId: null, externalLink: null, memberAreaId: "m1", items: [] },
      ],
    });
  });

  it.each([
    [[{ collectionId: 7, memberAreaId: "m" }], "A navigation item links to exactly one of a collection, an external link or a member area."],
    [[{ title: "Empty" }], "A navigation item links to exactly one of a collection, an external link or a member area."],
    [[{ collectionId: 8 }], "That collection could not be found."],
    [[{ externalLink: "mailto:x@y.z" }], "mailto:x@y.z is not a valid page URL"],
    [[{ title: 5, externalLink: "/a" }], "The navigation is not valid."],
    ["items", "The navigation is not valid."],
    [[{ items: [{ items: [{ items: [{ externalLink: "/deep" }] }] }] }], "Navigation items nest at most 3 levels deep."],
  ])("refuses %j: %s", (items, problem) => {
    expect(checkNavigationItems(items, exists)).toEqual({ ok: false, problem });
  });

  it("layout links: a collection's link is its page; the main navigation comes first (layout[0])", () => {
    const collections = new Map([[7, { title: "Shop", urlId: "shop" }]]);
    expect(layoutLinks([{ title: "", collectionId: 7, externalLink: null, memberAreaId: null, items: [] }], collections)).toEqual([
      { title: "Shop", url: "/shop", collectionId: 7, externalLink: null, memberAreaId: null, links: [] },
    ]);
    const ordered = orderLayout([
      { fieldName: "_hidden", position: 2 },
      { fieldName: "secondaryNav", position: 1 },
      { fieldName: "mainNav", position: 5 },
    ]);
    expect(ordered.map((navigation) => navigation.fieldName)).toEqual(["mainNav", "secondaryNav", "_hidden"]);
  });
});
