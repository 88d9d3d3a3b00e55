// The canonical address of a list (domain/storefront/canonical.ts): one address per distinct list.
import { canonicalListUrl, canonicalSearchUrl, listPageNumber } from "../../../server/domain/storefront/canonical.ts";

const list = (query: string) => canonicalListUrl("/shop", new URLSearchParams(query));

it("keeps the category and a page above 1, in one order", () => {
  expect(list("page=2&category=mugs")).toBe("/shop?category=mugs&page=2");
  expect(list("category=mugs&page=2")).toBe("/shop?category=mugs&page=2");
  expect(list("category=mugs")).toBe("/shop?category=mugs");
});

it("drops page 1, a page that is not a whole number, the sort order, tracking and anything else", () => {
  expect(list("page=1")).toBe("/shop");
  expect(list("page=0&sort=price-asc")).toBe("/shop");
  expect(list("page=abc")).toBe("/shop");
  expect(list("page=-3")).toBe("/shop");
  expect(list("page=2.5")).toBe("/shop");
  expect(list("utm_source=news&utm_campaign=fall&fbclid=x&gclid=y&lang=de&q=mug")).toBe("/shop");
  expect(list("page=02&sort=name&category=")).toBe("/shop?page=2");
});

it("encodes what it keeps", () => {
  expect(list("category=Tea %26 Coffee")).toBe("/shop?category=Tea+%26+Coffee");
});

it("keeps the query of a search result page first", () => {
  expect(canonicalSearchUrl("/search", new URLSearchParams("sort=price&page=3&q=mug&utm_medium=email"))).toBe("/search?q=mug&page=3");
  expect(canonicalSearchUrl("/search", new URLSearchParams("q=+mug+&category=kitchen"))).toBe("/search?q=mug&category=kitchen");
});

it("reads a page number only when it is worth keeping", () => {
  expect([listPageNumber(null), listPageNumber("1"), listPageNumber("7"), listPageNumber(" 7 "), listPageNumber("1e3")]).toEqual([null, null, 7, 7, null]);
});
