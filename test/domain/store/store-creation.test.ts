// Store creation (platform-support §5): the store's URL id from its title.
import { slugify, storeUrlId } from "../../../server/domain/store/store-creation.ts";

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
