// Who may do what in the owner areas: the permission matrix of docs/permissions.md, as data. The spec
// names the contributor roles (storefront §6: admin 1 ... website manager 15) but not their rights;
// the rights below are ours, modelled on what each role's name promises. Pothos scope-auth
// (server/schema/builder.ts) enforces it for GraphQL; REST owner routes call `authorize` below.
import { ForbiddenError, NotSignedInError } from "../errors.ts";

/** Contributor roles (spec storefront §6). A site member has no role; an anonymous visitor is not signed in. */
export const Role = {
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
  NONE: 14,
  WEBSITE_MANAGER: 15,
} as const;
export type RoleNumber = (typeof Role)[keyof typeof Role];

export const ROLE_NAMES: Record<RoleNumber, string> = {
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
};

export const ALL_ROLES = Object.values(Role) as RoleNumber[];

export function isRole(value: unknown): value is RoleNumber {
  return typeof value === "number" && (ALL_ROLES as number[]).includes(value);
}

/** The rights an owner operation needs. Each owner operation needs exactly one. */
export const PERMISSIONS = [
  /** Read the site's header/footer, navigation, site layout and language settings. */
  "site.read",
  /** Change the header/footer and the navigation. */
  "site.design",
  /** Change languages, the multilingual connection and the captcha keys. */
  "site.settings",
  /** Create a store page (product collection, root category, navigation link). */
  "store.create",
  /** Read commerce preferences. */
  "commerce.read",
  /** Change commerce preferences. */
  "commerce.write",
  /** Open the owner's home screen (each of its parts needs its own permission besides). */
  "dashboard.read",
  /** Read every product as the owner sees it (hidden ones too, stock). */
  "products.read",
  /** Create, change and delete products and variants, their stock and merchandising. */
  "products.write",
  /** Read the site's orders: buyers' emails and shipping addresses (personal data), items, totals, state. */
  "orders.read",
  /** Move an order: fulfil, cancel (its stock goes back), refund. */
  "orders.write",
  /** Read the customer list and a customer's page: members and guest buyers by email, what they spent, their marketing consent, saved addresses, subscriptions and gift cards (personal data). */
  "customers.read",
  /** Read form definitions. */
  "forms.read",
  /** Create, change and delete forms. */
  "forms.write",
  /** Read form submissions (personal data). */
  "submissions.read",
  /** Read mailing-list sign-ups and their consent records (personal data). */
  "mailingLists.read",
  /** Read back-in-stock waitlists with the waiters' addresses (personal data). */
  "restock.read",
  /** Read waitlist sizes per variant (no addresses). */
  "restock.reports",
  /** Send back-in-stock notifications. */
  "restock.send",
  /** Read the site's page templates and their versions; preview a source against a page (saves nothing). */
  "templates.read",
  /** Save a new version of a template, roll a template back. */
  "templates.write",
  /** List, create and revoke API keys (integrators act with a key's scopes: docs/api.md). */
  "apiKeys.manage",
  /** List the contributors and their roles, pending invitations and the site members (personal data). */
  "people.read",
  /** Invite contributors, change their role, remove them; withdraw invitations (permission management). */
  "people.manage",
  /** Read the site's analytics: visits, the funnel, revenue by day, top products, the live visitor count (no personal data). */
  "analytics.read",
  /** See the store's payment account and connect or disconnect it: its keys decide where the store's money goes (issue 22). */
  "payments.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const { ADMIN, REPORTING, EDITOR, STORE_MANAGER, VIEWER, CAMPAIGNS_EDITOR, WEBSITE_MANAGER } = Role;

/** Every role that holds a right of this server: the ones that may open the owner's admin at all. */
const OWNER_ROLES = [ADMIN, WEBSITE_MANAGER, STORE_MANAGER, EDITOR, VIEWER, REPORTING, CAMPAIGNS_EDITOR];

/**
 * The matrix: the roles holding each permission. Admin holds all of them; website manager all but
 * permission management (people.manage), one of the two things a website manager may not do (billing
 * is not part of this server), and the store's payment keys (payments.manage). Billing, moderator, commenter, the scheduling roles and "none" hold none.
 */
export const PERMISSION_MATRIX: Record<Permission, readonly RoleNumber[]> = {
  "site.read": [ADMIN, WEBSITE_MANAGER, EDITOR, VIEWER],
  "site.design": [ADMIN, WEBSITE_MANAGER, EDITOR],
  "site.settings": [ADMIN, WEBSITE_MANAGER],
  "store.create": [ADMIN, WEBSITE_MANAGER],
  "commerce.read": [ADMIN, WEBSITE_MANAGER, STORE_MANAGER, VIEWER],
  "commerce.write": [ADMIN, WEBSITE_MANAGER, STORE_MANAGER],
  // The home screen itself names nobody: every role with some right lands on it and sees the parts it may.
  "dashboard.read": OWNER_ROLES,
  "products.read": [ADMIN, WEBSITE_MANAGER, STORE_MANAGER, VIEWER],
  "products.write": [ADMIN, WEBSITE_MANAGER, STORE_MANAGER],
  // Orders hold buyers' personal data: like waitlists with addresses, they are for the roles that run the store.
  "orders.read": [ADMIN, WEBSITE_MANAGER, STORE_MANAGER],
  "orders.write": [ADMIN, WEBSITE_MANAGER, STORE_MANAGER],
  // A customer is the orders of one address plus its member account and consent: for the roles that
  // read the orders. A customer's form submissions still need submissions.read.
  "customers.read": [ADMIN, WEBSITE_MANAGER, STORE_MANAGER],
  "forms.read": [ADMIN, WEBSITE_MANAGER, EDITOR, VIEWER],
  "forms.write": [ADMIN, WEBSITE_MANAGER, EDITOR],
  "submissions.read": [ADMIN, WEBSITE_MANAGER],
  "mailingLists.read": [ADMIN, WEBSITE_MANAGER, CAMPAIGNS_EDITOR],
  "restock.read": [ADMIN, WEBSITE_MANAGER, STORE_MANAGER],
  "restock.reports": [ADMIN, WEBSITE_MANAGER, STORE_MANAGER, REPORTING],
  "restock.send": [ADMIN, WEBSITE_MANAGER, STORE_MANAGER],
  // Templates are the code of every storefront page (head, JSON-LD, the checkout's markup): reading
  // them is for whoever reads the site, changing them for the roles that run the whole website.
  "templates.read": [ADMIN, WEBSITE_MANAGER, EDITOR, VIEWER],
  "templates.write": [ADMIN, WEBSITE_MANAGER],
  // A key acts for the whole site within its scopes: for the roles that run the whole website.
  "apiKeys.manage": [ADMIN, WEBSITE_MANAGER],
  // Contributors and members are personal data: seen by the roles that run the whole website. Deciding
  // who holds which role is permission management, which a website manager may not do: admin only.
  "people.read": [ADMIN, WEBSITE_MANAGER],
  "people.manage": [ADMIN],
  // Analytics are counts and sums (no visitor is named): for the roles that run the store or report on it.
  "analytics.read": [ADMIN, WEBSITE_MANAGER, REPORTING, STORE_MANAGER],
  // The keys decide whose bank account the store's payments reach: one compromised or careless
  // contributor could send them elsewhere, so only the admin (as with deciding who holds which role).
  // The billing role is the site's own plan, not the store's takings (not part of this server).
  "payments.manage": [ADMIN],
};

/**
 * Who is asking: nobody signed in, a site member (no role), or a contributor with a role. A caller
 * with an API key (`Authorization: Bearer`) is its creator's role narrowed to the key's `scopes`.
 */
export type Principal = { signedIn: false } | { signedIn: true; role: number | null; scopes?: readonly Permission[] };

export const ANONYMOUS: Principal = { signedIn: false };

/** Whether the principal holds the permission. Anonymous callers and site members hold none. */
export function can(principal: Principal, permission: Permission): boolean {
  if (!principal.signedIn || principal.role === null) return false;
  if (principal.scopes && !principal.scopes.includes(permission)) return false;
  return (PERMISSION_MATRIX[permission] as readonly number[]).includes(principal.role);
}

/** Every permission of a role (the viewer query shows it, so the client can hide what it may not use). */
export function permissionsOf(principal: Principal): Permission[] {
  return PERMISSIONS.filter((permission) => can(principal, permission));
}

/**
 * Throws unless the principal holds the permission: NotSignedInError for anonymous callers (401),
 * ForbiddenError for everyone else (403). The same rule as scope-auth's `permission` scope.
 */
export function authorize(principal: Principal, permission: Permission): void {
  if (!principal.signedIn) throw new NotSignedInError();
  if (!can(principal, permission)) throw new ForbiddenError();
}
