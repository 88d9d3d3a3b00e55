// Commerce preferences (platform-support §3, §6): what a save stores and whether it changes anything.
import { cleanPreferences, preferencesChanged } from "../../../server/domain/store/commerce-preferences.ts";

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
