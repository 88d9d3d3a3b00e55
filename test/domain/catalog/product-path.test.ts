// The product page's address (spec storefront §2: /shop/p/{slug}), built one way everywhere.
import { productPath } from "../../../server/domain/catalog/product-path.ts";

describe("productPath", () => {
  it("is /shop/p/{slug}", () => {
    expect(productPath("linen-shirt")).toBe("/shop/p/linen-shirt");
  });

  it.each([
    ["a space", "linen shirt", "/shop/p/linen%20shirt"],
    ["a slash", "a/b", "/shop/p/a%2Fb"],
    ["a question mark", "why?", "/shop/p/why%3F"],
    ["a non-ASCII letter", "café", "/shop/p/caf%C3%A9"],
  ])("encodes %s in the slug as one path segment", (_case, slug, path) => {
    expect(productPath(slug)).toBe(path);
  });
});
