// Roles of the spec (storefront §6) and the permission rules (docs/permissions.md).
import { ALL_ROLES, PERMISSIONS, ROLE_NAMES, can, isRole, permissionsOf } from "../../../server/domain/members/permissions.ts";

it("has the spec's contributor roles: admin 1 ... website manager 15", () => {
  expect(Object.fromEntries(ALL_ROLES.map((role) => [role, ROLE_NAMES[role]]))).toEqual({
    1: "admin",
    2: "billing",
    3: "reporting",
    4: "editor",
    6: "moderator",
    7: "commenter",
    8: "store manager",
    9: "scheduling",
    10: "viewer",
    11: "campaigns editor",
    12: "scheduling viewer",
    13: "scheduling editor",
    14: "none",
    15: "website manager",
  });
  expect(isRole(5)).toBe(false);
  expect(isRole(16)).toBe(false);
});

it("gives anonymous callers and site members no owner permission", () => {
  for (const permission of PERMISSIONS) {
    expect(can({ signedIn: false }, permission)).toBe(false);
    expect(can({ signedIn: true, role: null }, permission)).toBe(false);
  }
});

it("gives admin every permission, a website manager all but deciding who holds which role and the payment keys; billing, moderator, commenter, scheduling roles and none nothing", () => {
  expect(permissionsOf({ signedIn: true, role: 1 })).toEqual([...PERMISSIONS]);
  expect(permissionsOf({ signedIn: true, role: 15 })).toEqual(
    PERMISSIONS.filter((permission) => permission !== "people.manage" && permission !== "payments.manage"),
  );
  for (const role of [2, 6, 7, 9, 12, 13, 14]) expect(permissionsOf({ signedIn: true, role })).toEqual([]);
});

it("a store manager runs the store but not the site; an editor edits the site but not the store", () => {
  expect(permissionsOf({ signedIn: true, role: 8 })).toEqual([
    "commerce.read",
    "commerce.write",
    "dashboard.read",
    "products.read",
    "products.write",
    "orders.read",
    "orders.write",
    "customers.read",
    "restock.read",
    "restock.reports",
    "restock.send",
    "analytics.read",
  ]);
  expect(permissionsOf({ signedIn: true, role: 4 })).toEqual(["site.read", "site.design", "dashboard.read", "forms.read", "forms.write", "templates.read"]);
  expect(permissionsOf({ signedIn: true, role: 10 })).toEqual([
    "site.read",
    "commerce.read",
    "dashboard.read",
    "products.read",
    "forms.read",
    "templates.read",
  ]);
  expect(permissionsOf({ signedIn: true, role: 3 })).toEqual(["dashboard.read", "restock.reports", "analytics.read"]);
  expect(permissionsOf({ signedIn: true, role: 11 })).toEqual(["dashboard.read", "mailingLists.read"]);
});
