// Owner-area rules (platform-support §3-§5): the store's URL id, commerce preferences, languages,
// navigation items and the site layout.
import { checkNavigationItems, layoutLinks, orderLayout } from "../../../server/domain/settings/navigation.ts";
import { canonicalLocale, checkLanguages, cleanPreferences, preferencesChanged, slugify, storeUrlId } from "../../../server/domain/settings/site-settings.ts";

describe("the store URL id", () => {
  const none = () => false;

  it.each([
    ["Summer Shop", "summer-shop"],
    ["  Café Déjà Vu!  ", "cafe-deja-vu"],
    ["Shop", "shop"],
    ["Abc", "abc"],
  ])("is derived from the title %j -> %j", (title, urlId) => {
    expect(storeUrlId(title, none)).toBe(urlId);
  });

  it.each([[""], ["  "], ["AB"], ["é"], ["!!!"]])("uses the fallback title when the title %j is empty or under 3 characters", (title) => {
    expect(storeUrlId(title, none)).toBe("store");
  });

  it("adds -1, -2, ... on a collision", () => {
    const taken = new Set(["shop", "shop-1"]);
    expect(storeUrlId("Shop", (id) => taken.has(id))).toBe("shop-2");
    expect(storeUrlId("", (id) => id === "store")).toBe("store-1");
  });

  it("slugs are at most 60 characters and never end in a dash", () => {
    expect(slugify("a".repeat(59) + " b")).toBe("a".repeat(59));
    expect(slugify("x".repeat(80))).toHaveLength(60);
  });
});

describe("commerce preferences", () => {
  it("drop the server's websiteId field and filter out empty values", () => {
    expect(
      cleanPreferences({ websiteId: "w", a: 1, b: 0, c: false, d: "", e: "  ", f: null, g: undefined, h: [], i: {}, j: "x", k: [0], l: { m: null } }),
    ).toEqual({
      a: 1,
      b: 0,
      c: false,
      j: "x",
      k: [0],
      l: { m: null },
    });
  });

  it("an unchanged save (key order aside) changes nothing", () => {
    expect(preferencesChanged({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(false);
    expect(preferencesChanged({ a: 1 }, { a: 2 })).toBe(true);
    expect(preferencesChanged({ a: 1 }, { a: 1, b: 1 })).toBe(true);
  });
});

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
