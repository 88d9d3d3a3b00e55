// Callers for owner-operation tests: anonymous, a site member, and one contributor per role of the
// spec (storefront §6), each signed in through POST /api/site-users/account/session and sending the
// X-SiteUser-XSRF-Token header of that sign-in, as a browser's script does.
import { ALL_ROLES, ROLE_NAMES, type RoleNumber } from "../../server/domain/members/permissions.ts";
import { hashPassword } from "../../server/services/members/passwords.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import type { HttpResult, TestStore, TestVisitor } from "../support/app.ts";

export const SESSION = "/api/site-users/account/session";
export const PASSWORD = "correct horse battery staple";

/** A visitor who may be signed in: every request carries the xsrf token of their sign-in. */
export class Caller {
  constructor(
    readonly label: string,
    readonly visitor: TestVisitor,
    readonly xsrfToken: string | null,
    readonly role: number | null | "anonymous",
  ) {}

  #headers(headers: Record<string, string> = {}): Record<string, string> {
    return this.xsrfToken ? { "x-siteuser-xsrf-token": this.xsrfToken, ...headers } : headers;
  }

  request<T = any>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; crumb?: boolean } = {}): Promise<HttpResult<T>> {
    return this.visitor.request<T>(method, path, { ...options, headers: this.#headers(options.headers) });
  }

  graphql<T = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
    return this.visitor.graphql<T>(query, variables, this.#headers(headers));
  }
}

/** Signs the visitor in over REST; returns the answer (its body holds xsrfToken). */
export async function signIn(visitor: TestVisitor, email: string, password: string, rememberMe = false): Promise<HttpResult> {
  if (!visitor.crumb) await visitor.arrive();
  return visitor.request("POST", SESSION, { body: { email, password, rememberMe } });
}

export async function signedIn(store: TestStore, label: string, email: string, password: string, role: number | null): Promise<Caller> {
  const visitor = await store.visitor().arrive();
  const response = await signIn(visitor, email, password);
  expect(response.status).toBe(200);
  return new Caller(label, visitor, response.body.xsrfToken, role);
}

export const roleEmail = (role: RoleNumber) => `role-${role}@sitecart.test`;

/** One account per contributor role (role-N@sitecart.test), sharing one password hash. */
export async function createRoleAccounts(store: TestStore): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await store.db.account.createMany({
    data: ALL_ROLES.map((role) => ({ websiteId: DEMO_WEBSITE_ID, email: roleEmail(role), passwordHash, role, displayName: ROLE_NAMES[role] })),
  });
}

/** Anonymous, the demo site member, and one caller per role: 16 principals. */
export async function allPrincipals(store: TestStore): Promise<Caller[]> {
  await createRoleAccounts(store);
  const anonymous = new Caller("anonymous", await store.visitor().arrive(), null, "anonymous");
  const member = await signedIn(store, "site member", "member@sitecart.test", "member-password", null);
  const roles = await Promise.all(ALL_ROLES.map((role) => signedIn(store, `${ROLE_NAMES[role]} (${role})`, roleEmail(role), PASSWORD, role)));
  return [anonymous, member, ...roles];
}
