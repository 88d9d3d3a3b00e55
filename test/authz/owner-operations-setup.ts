// Set-up shared by the permission-matrix tests (test/authz/*.test.ts): a store with the 16 principals
// (anonymous, a site member, one caller per contributor role), the rows owner operations touch, how a
// GraphQL or REST answer reads as an outcome, the state each operation would change (its probe), and
// the documented matrix the outcomes are checked against.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import type { Permission } from "../../server/domain/members/permissions.ts";
import { startTestStore, type HttpResult, type TestStore } from "../support/app.ts";
import { allPrincipals, type Caller } from "./principals.ts";

export type Outcome = "allowed" | "unauthenticated" | "forbidden";

export interface Operation {
  name: string;
  permission: Permission;
  /** Runs the operation; returns how the server answered. */
  run(caller: Caller): Promise<Outcome>;
  /** The state the operation would change (compared around refused calls). */
  probe?(): Promise<unknown>;
}

export let store: TestStore;
export let principals: Caller[];
export let owner: Caller;
export const ids = { mug: 0, mugVariant: 0, tote: 0, natural: 0, contact: 0, collection: 0, newsletterList: 0 };
let counter = 0;
export const next = () => ++counter;

/** Starts the store and signs the principals in for the test file that calls it; stops it afterwards. */
export function useOwnerOperationsStore() {
  beforeAll(async () => {
    store = await startTestStore();
    principals = await allPrincipals(store);
    owner = principals.find((caller) => caller.role === 1)!;
    ids.mug = await store.itemId("ceramic-mug");
    ids.mugVariant = (await store.db.variant.findFirstOrThrow({ where: { sku: "MUG-1" } })).id;
    ids.tote = await store.itemId("canvas-tote");
    ids.natural = (await store.db.variant.findFirstOrThrow({ where: { sku: "TOTE-NATURAL" } })).id;
    ids.contact = (await store.db.form.findFirstOrThrow({ where: { key: "contact" } })).id;
    ids.collection = (await store.db.collection.findFirstOrThrow({ where: { urlId: "shop" } })).id;
    ids.newsletterList = (await store.db.mailingList.findFirstOrThrow({ where: { name: "Newsletter" } })).id;
    // Two versions of a template for rollbackTemplate, which always targets the one that is not current.
    await store.app.services.templates.save("authz-rollback", "<p>one</p>");
    await store.app.services.templates.save("authz-rollback", "<p>two</p>");
    await store
      .visitor()
      .arrive()
      .then((visitor) =>
        visitor.request("POST", "/api/site-users/account/notifications/restock", {
          body: { productId: ids.tote, variantId: ids.natural, siteVisitorEmail: "waiting@example.com" },
        }),
      );
  }, 60_000);
  afterAll(() => store.close());
}

/** A GraphQL outcome: the refusal's code, or allowed when the field resolved (a typed error in a union counts). */
export async function graphql(caller: Caller, query: string, variables?: Record<string, unknown>): Promise<Outcome> {
  const result = await caller.graphql(query, variables);
  const code = result.errors?.[0]?.extensions?.code;
  if (code === "UNAUTHENTICATED" || code === "FORBIDDEN") {
    expect(result.errors![0].message).toBe(code === "UNAUTHENTICATED" ? "Please sign in to continue." : "You do not have permission to do that.");
    return code === "UNAUTHENTICATED" ? "unauthenticated" : "forbidden";
  }
  expect(result.errors).toBeUndefined();
  expect(result.data).not.toBeNull();
  return "allowed";
}

/** A REST outcome: 401/403 with the refusal's body, or allowed on a 2xx answer. */
export function rest(response: HttpResult): Outcome {
  if (response.status === 401) {
    expect(response.body).toEqual({ error: "Please sign in to continue.", code: "UNAUTHENTICATED" });
    return "unauthenticated";
  }
  if (response.status === 403) {
    expect(response.body).toEqual({ error: "You do not have permission to do that.", code: "FORBIDDEN" });
    return "forbidden";
  }
  expect(response.status).toBeLessThan(300);
  return "allowed";
}

export const header = () => store.db.siteHeaderFooter.findUnique({ where: { websiteId: DEMO_WEBSITE_ID } });
export const website = () =>
  store.db.website.findUniqueOrThrow({
    where: { id: DEMO_WEBSITE_ID },
    select: { captchaSiteKey: true, defaultLanguage: true, multilingualConnected: true, multilingualTransactionalEmails: true },
  });
export const scarcity = () =>
  store.db.website.findUniqueOrThrow({
    where: { id: DEMO_WEBSITE_ID },
    select: { scarcityThreshold: true, scarcityOnProductPages: true, scarcityInProductBlocks: true },
  });
export const languages = () => store.db.siteLanguage.findMany({ orderBy: { id: "asc" } });
export const preferences = () => store.db.commercePreference.findMany({ orderBy: { namespace: "asc" } });
export const navigations = () => store.db.navigation.findMany({ orderBy: { id: "asc" } });
export const pageLocks = async () => [
  (await store.db.website.findUniqueOrThrow({ where: { id: DEMO_WEBSITE_ID }, select: { sitePasswordHash: true } })).sitePasswordHash,
  await store.db.pagePassword.findMany({ orderBy: { id: "asc" } }),
];
export const collections = () => store.db.collection.count();
export const categories = () => store.db.storeCategory.count();
export const products = () => store.db.product.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, updatedAt: true } });
export const variants = () => store.db.variant.findMany({ orderBy: { id: "asc" }, select: { id: true, sku: true, price: true, qtyInStock: true } });
export const merchandising = () => store.db.merchandising.findMany({ orderBy: { productId: "asc" } });
export const forms = () => store.db.form.findMany({ orderBy: { id: "asc" }, select: { id: true, key: true, name: true, updatedAt: true } });
export const queue = () => store.db.restockSignUp.findMany({ orderBy: { id: "asc" }, select: { id: true, status: true, notifiedAt: true } });
export const templates = () =>
  store.db.template.findMany({ orderBy: { id: "asc" }, select: { name: true, currentVersionId: true, _count: { select: { versions: true } } } });
export const currentVersion = async (name: string) => {
  const template = await store.db.template.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID, name }, select: { currentVersionId: true } });
  return (await store.db.templateVersion.findUniqueOrThrow({ where: { id: template.currentVersionId! }, select: { version: true } })).version;
};

export const REST_PRODUCTS = `/api/content-service/product/1.1/websites/${DEMO_WEBSITE_ID}/products`;
export const RESTOCK = "/api/site-users/account/notifications/restock";

/**
 * The matrix of docs/permissions.md, spelled out here (not read from the code): the roles allowed each
 * permission. Admin 1 holds all; website manager 15 all but people.manage; billing 2, moderator 6, commenter 7, the
 * scheduling roles 9, 12, 13 and none 14 hold none; site members (no role) hold none.
 */
export const DOCUMENTED_MATRIX: Record<Permission, number[]> = {
  "site.read": [1, 4, 10, 15],
  "site.design": [1, 4, 15],
  "site.settings": [1, 15],
  "store.create": [1, 15],
  "commerce.read": [1, 8, 10, 15],
  "commerce.write": [1, 8, 15],
  "dashboard.read": [1, 3, 4, 8, 10, 11, 15],
  "products.read": [1, 8, 10, 15],
  "products.write": [1, 8, 15],
  "orders.read": [1, 8, 15],
  "orders.write": [1, 8, 15],
  "customers.read": [1, 8, 15],
  "forms.read": [1, 4, 10, 15],
  "forms.write": [1, 4, 15],
  "submissions.read": [1, 15],
  "mailingLists.read": [1, 11, 15],
  "restock.read": [1, 8, 15],
  "restock.reports": [1, 3, 8, 15],
  "restock.send": [1, 8, 15],
  "templates.read": [1, 4, 10, 15],
  "templates.write": [1, 15],
  "apiKeys.manage": [1, 15],
  "people.read": [1, 15],
  "people.manage": [1],
  "analytics.read": [1, 3, 8, 15],
  "payments.manage": [1],
};

/** What the documented matrix says this caller gets. */
export function expected(caller: Caller, permission: Permission): Outcome {
  if (caller.role === "anonymous") return "unauthenticated";
  return caller.role !== null && DOCUMENTED_MATRIX[permission].includes(caller.role) ? "allowed" : "forbidden";
}

export const PRINCIPAL_LABELS = [
  "anonymous",
  "site member",
  ...[
    "admin (1)",
    "billing (2)",
    "reporting (3)",
    "editor (4)",
    "moderator (6)",
    "commenter (7)",
    "store manager (8)",
    "scheduling (9)",
    "viewer (10)",
    "campaigns editor (11)",
    "scheduling viewer (12)",
    "scheduling editor (13)",
    "none (14)",
    "website manager (15)",
  ],
];

/** Runs every operation as each of the 16 principals: the documented outcome, and nothing changed when refused. */
export function checkEachOperation(operations: Operation[]) {
  describe.each(operations.map((operation) => [operation.name, operation] as const))("%s", (_name, operation) => {
    it.each(PRINCIPAL_LABELS)("as %s", async (label) => {
      const caller = principals.find((principal) => principal.label === label)!;
      const want = expected(caller, operation.permission);
      const before = want !== "allowed" && operation.probe ? JSON.stringify(await operation.probe()) : null;
      expect(await operation.run(caller)).toBe(want);
      if (before !== null) expect(JSON.stringify(await operation.probe!())).toBe(before);
    });
  });
}
