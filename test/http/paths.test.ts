// The one rule for which paths are the REST adapter's (http/paths.ts): the request handler, the site
// resolver, pages and metrics all ask it, so a near miss like "/apix" must not count.
import { isRestPath } from "../../server/http/paths.ts";
import { restRoutes } from "../../server/rest/routes.ts";

it.each([
  ["/api", true],
  ["/api/", true],
  ["/api/x", true],
  ["/api/commerce/shopping-cart", true],
  ["/apix", false],
  ["/apis/x", false],
  ["/graphql", false],
  ["/", false],
  ["/shop/api", false],
])("%s is a REST path: %s", (path, expected) => {
  expect(isRestPath(path)).toBe(expected);
});

it("holds every route of the REST adapter", () => {
  expect(restRoutes.filter((route) => !isRestPath(route.path)).map((route) => route.path)).toEqual([]);
});
