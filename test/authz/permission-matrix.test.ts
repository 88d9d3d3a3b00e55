// The permission matrix (docs/permissions.md), enforced: every owner operation, over GraphQL and over
// REST, run as anonymous, as a site member and as each of the 14 contributor roles. Anonymous callers
// get UNAUTHENTICATED (401), signed-in callers without the permission FORBIDDEN (403), and a refused
// call changes nothing (the state it would change is read before and after).
// This file: the matrix in the code is the documented one, and the operation tables cover every
// operation the server declares (the outcomes: owner-operations-graphql and -rest.test.ts).
import { can, type Permission } from "../../server/domain/members/permissions.ts";
import { commerceRoutes } from "../../server/rest/cart.ts";
import { formRoutes } from "../../server/rest/forms.ts";
import { exportRoutes } from "../../server/rest/exports.ts";
import { siteRoutes } from "../../server/rest/site.ts";
import { storeRoutes } from "../../server/rest/store.ts";
import { restockRoutes } from "../../server/rest/restock.ts";
import { productImageRoutes } from "../../server/rest/product-images.ts";
import { digitalFileRoutes } from "../../server/rest/digital-files.ts";
import { siteUserRoutes } from "../../server/rest/members.ts";
import { schema } from "../../server/schema/index.ts";
import { graphqlOperations } from "./graphql-operations.ts";
import { DOCUMENTED_MATRIX, principals, PRINCIPAL_LABELS, useOwnerOperationsStore } from "./owner-operations-setup.ts";
import { restOperations } from "./rest-operations.ts";

useOwnerOperationsStore();

const operations = [...graphqlOperations, ...restOperations];

it("the code's matrix is the documented one", () => {
  for (const [permission, roles] of Object.entries(DOCUMENTED_MATRIX)) {
    for (const role of [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) {
      expect([permission, role, can({ signedIn: true, role }, permission as Permission)]).toEqual([permission, role, roles.includes(role)]);
    }
    expect(can({ signedIn: true, role: null }, permission as Permission)).toBe(false);
    expect(can({ signedIn: false }, permission as Permission)).toBe(false);
  }
});

const cases = operations.flatMap((operation) => PRINCIPAL_LABELS.map((label) => [operation.name, label, operation] as const));

/** Every owner operation the server declares: GraphQL fields with auth scopes, REST routes with a permission. */
function declaredOperations(): Record<string, string> {
  const declared: Record<string, string> = {};
  const roots = [
    ["query", schema.getQueryType()!],
    ["mutation", schema.getMutationType()!],
    ["subscription", schema.getSubscriptionType()!],
  ] as const;
  for (const [kind, type] of roots) {
    for (const field of Object.values(type.getFields())) {
      const scopes = (field.extensions as { pothosOptions?: { authScopes?: { permission?: string } } })?.pothosOptions?.authScopes;
      if (scopes) declared[`${kind} ${field.name}`] = scopes.permission ?? JSON.stringify(scopes);
    }
  }
  for (const route of [
    ...siteRoutes,
    ...storeRoutes,
    ...siteUserRoutes,
    ...restockRoutes,
    ...formRoutes,
    ...commerceRoutes,
    ...productImageRoutes,
    ...digitalFileRoutes,
    ...exportRoutes,
  ]) {
    if (route.permission) declared[`${route.method} ${route.path}`] = route.permission;
  }
  return declared;
}

const restPath = (name: string) =>
  name
    .replace("/api/site-users/account/notifications/restock/groups", "/api/site-users/account/notifications/restock/groups")
    .replace(".../restock/", "/api/site-users/account/notifications/restock/")
    .replace(".../products/{collectionId}/categories", "/api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories")
    .replace("{websiteId}", ":websiteId")
    .replace("{namespace}", ":namespace")
    .replace("{productId}", ":productId");

it("covers every owner operation the server declares, with the permission it declares, as 16 principals", () => {
  expect(principals.map((caller) => caller.label)).toEqual(PRINCIPAL_LABELS);
  const tested = Object.fromEntries(operations.map((operation) => [restPath(operation.name), operation.permission]));
  expect(tested).toEqual(declaredOperations());
  expect(operations).toHaveLength(144);
  expect(cases).toHaveLength(144 * 16);
});
