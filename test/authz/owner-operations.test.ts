// The permission matrix (docs/permissions.md), enforced: every owner operation, over GraphQL and over
// REST, run as anonymous, as a site member and as each of the 14 contributor roles. Anonymous callers
// get UNAUTHENTICATED (401), signed-in callers without the permission FORBIDDEN (403), and a refused
// call changes nothing (the state it would change is read before and after).
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { can, type Permission } from "../../server/domain/members/permissions.ts";
import { commerceRoutes } from "../../server/rest/cart.ts";
import { formRoutes } from "../../server/rest/forms.ts";
import { ownerRoutes } from "../../server/rest/settings.ts";
import { siteUserRoutes } from "../../server/rest/members.ts";
import { schema } from "../../server/schema/index.ts";
import { startTestStore, type HttpResult, type TestStore } from "../support/app.ts";
import { subscribe, wsClientFor } from "../support/ws.ts";
import { allPrincipals, type Caller } from "./principals.ts";

type Outcome = "allowed" | "unauthenticated" | "forbidden";

interface Operation {
  name: string;
  permission: Permission;
  /** Runs the operation; returns how the server answered. */
  run(caller: Caller): Promise<Outcome>;
  /** The state the operation would change (compared around refused calls). */
  probe?(): Promise<unknown>;
}

let store: TestStore;
let principals: Caller[];
let owner: Caller;
const ids = { mug: 0, mugVariant: 0, tote: 0, natural: 0, contact: 0, collection: 0 };
let counter = 0;
const next = () => ++counter;

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

/** A GraphQL outcome: the refusal's code, or allowed when the field resolved (a typed error in a union counts). */
async function graphql(caller: Caller, query: string, variables?: Record<string, unknown>): Promise<Outcome> {
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
function rest(response: HttpResult): Outcome {
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

const header = () => store.db.siteHeaderFooter.findUnique({ where: { websiteId: DEMO_WEBSITE_ID } });
const website = () =>
  store.db.website.findUniqueOrThrow({
    where: { id: DEMO_WEBSITE_ID },
    select: { captchaSiteKey: true, defaultLanguage: true, multilingualConnected: true, multilingualTransactionalEmails: true },
  });
const languages = () => store.db.siteLanguage.findMany({ orderBy: { id: "asc" } });
const preferences = () => store.db.commercePreference.findMany({ orderBy: { namespace: "asc" } });
const navigations = () => store.db.navigation.findMany({ orderBy: { id: "asc" } });
const collections = () => store.db.collection.count();
const categories = () => store.db.storeCategory.count();
const products = () => store.db.product.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, updatedAt: true } });
const variants = () => store.db.variant.findMany({ orderBy: { id: "asc" }, select: { id: true, sku: true, price: true, qtyInStock: true } });
const merchandising = () => store.db.merchandising.findMany({ orderBy: { productId: "asc" } });
const forms = () => store.db.form.findMany({ orderBy: { id: "asc" }, select: { id: true, key: true, name: true, updatedAt: true } });
const queue = () => store.db.restockSignUp.findMany({ orderBy: { id: "asc" }, select: { id: true, status: true, notifiedAt: true } });
const templates = () =>
  store.db.template.findMany({ orderBy: { id: "asc" }, select: { name: true, currentVersionId: true, _count: { select: { versions: true } } } });
const currentVersion = async (name: string) => {
  const template = await store.db.template.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID, name }, select: { currentVersionId: true } });
  return (await store.db.templateVersion.findUniqueOrThrow({ where: { id: template.currentVersionId! }, select: { version: true } })).version;
};

const REST_PRODUCTS = `/api/content-service/product/1.1/websites/${DEMO_WEBSITE_ID}/products`;
const RESTOCK = "/api/site-users/account/notifications/restock";

const operations: Operation[] = [
  // ---- GraphQL queries ----
  { name: "query siteHeaderFooter", permission: "site.read", run: (c) => graphql(c, "{ siteHeaderFooter { header footer } }") },
  { name: "query multilingual", permission: "site.read", run: (c) => graphql(c, "{ multilingual { defaultLanguage connected languages { code } } }") },
  { name: "query siteLayout", permission: "site.read", run: (c) => graphql(c, "{ siteLayout { __typename } }") },
  { name: "query commercePreferences", permission: "commerce.read", run: (c) => graphql(c, '{ commercePreferences(namespace: "authz") { __typename } }') },
  { name: "query ownerProducts", permission: "products.read", run: (c) => graphql(c, "{ ownerProducts(first: 2) { edges { node { visible } } } }") },
  { name: "query forms", permission: "forms.read", run: (c) => graphql(c, "{ forms(first: 2) { edges { node { key } } } }") },
  { name: "query formSubmissions", permission: "submissions.read", run: (c) => graphql(c, "{ formSubmissions(first: 2) { edges { node { id } } } }") },
  { name: "query mailingLists", permission: "mailingLists.read", run: (c) => graphql(c, "{ mailingLists { name } }") },
  {
    name: "query mailingListSignUps",
    permission: "mailingLists.read",
    run: (c) => graphql(c, "{ mailingListSignUps(first: 2) { edges { node { email } } } }"),
  },
  { name: "query restockSignUps", permission: "restock.read", run: (c) => graphql(c, "{ restockSignUps(first: 2) { edges { node { email status } } } }") },
  {
    name: "query restockSignUpGroups",
    permission: "restock.reports",
    run: (c) => graphql(c, "{ restockSignUpGroups(first: 2) { edges { node { total } } } }"),
  },
  { name: "query templates", permission: "templates.read", run: (c) => graphql(c, "{ templates { name usesDefault } }") },
  {
    name: "query template",
    permission: "templates.read",
    run: (c) => graphql(c, '{ template(name: "authz-rollback") { __typename ... on Template { versions { version source } } } }'),
  },
  {
    name: "query previewTemplate",
    permission: "templates.read",
    run: (c) =>
      graphql(
        c,
        '{ previewTemplate(name: "product", source: "<h1>{item.title}</h1>", path: "/shop/p/linen-shirt") { __typename ... on TemplatePreview { html } } }',
      ),
    probe: templates,
  },
  // ---- GraphQL mutations ----
  {
    name: "mutation updateSiteHeaderFooter",
    permission: "site.design",
    run: (c) => graphql(c, `mutation { updateSiteHeaderFooter(input: { header: { n: ${next()} }, footer: {} }) { __typename } }`),
    probe: header,
  },
  {
    name: "mutation updateLanguages",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateLanguages(input: { languages: ["en-US", "${next() % 2 ? "fr-FR" : "de-DE"}"] }) { __typename } }`),
    probe: languages,
  },
  {
    name: "mutation updateMultilingualSettings",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateMultilingualSettings(input: { transactionalEmailsEnabled: ${next() % 2 === 0} }) { __typename } }`),
    probe: website,
  },
  {
    name: "mutation disconnectMultilingual",
    permission: "site.settings",
    run: (c) => graphql(c, "mutation { disconnectMultilingual { __typename } }"),
    probe: async () => [await website(), await languages()],
  },
  {
    name: "mutation updateCaptchaSettings",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateCaptchaSettings(input: { siteKey: "k${next()}" }) { __typename } }`),
    probe: website,
  },
  {
    name: "mutation updateCommercePreferences",
    permission: "commerce.write",
    run: (c) => graphql(c, `mutation { updateCommercePreferences(input: { namespace: "authz", preferences: { n: ${next()} } }) { __typename } }`),
    probe: preferences,
  },
  {
    name: "mutation updateNavigation",
    permission: "site.design",
    run: (c) => graphql(c, `mutation { updateNavigation(input: { fieldName: "secondaryNav", items: [{ externalLink: "/n${next()}" }] }) { __typename } }`),
    probe: navigations,
  },
  {
    name: "mutation createStore",
    permission: "store.create",
    run: (c) => graphql(c, 'mutation { createStore(input: { title: "Authz Store" }) { __typename } }'),
    probe: collections,
  },
  {
    name: "mutation createProduct",
    permission: "products.write",
    run: (c) =>
      graphql(c, `mutation { createProduct(input: { name: "Authz ${next()}", productType: PHYSICAL, variants: [{ sku: "A", price: 100 }] }) { __typename } }`),
    probe: products,
  },
  {
    name: "mutation updateProduct",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateProduct(input: { id: "${ids.mug}", name: "Mug ${next()}" }) { __typename } }`),
    probe: products,
  },
  {
    name: "mutation deleteProduct",
    permission: "products.write",
    run: (c) => graphql(c, 'mutation { deleteProduct(input: { id: "999999" }) { __typename } }'),
    probe: products,
  },
  {
    name: "mutation createVariant",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { createVariant(input: { productId: "${ids.mug}", sku: "V${next()}", price: 100 }) { __typename } }`),
    probe: variants,
  },
  {
    name: "mutation updateVariant",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateVariant(input: { id: "${ids.mugVariant}", price: ${1000 + next()} }) { __typename } }`),
    probe: variants,
  },
  {
    name: "mutation setVariantStock",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { setVariantStock(input: { id: "${ids.mugVariant}", qtyInStock: ${next()} }) { __typename } }`),
    probe: variants,
  },
  {
    name: "mutation deleteVariant",
    permission: "products.write",
    run: (c) => graphql(c, 'mutation { deleteVariant(input: { id: "999999" }) { __typename } }'),
    probe: variants,
  },
  {
    name: "mutation updateMerchandising",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateMerchandising(input: { productId: "${ids.mug}", customSoldOutText: "Gone ${next()}" }) { __typename } }`),
    probe: merchandising,
  },
  {
    name: "mutation createForm",
    permission: "forms.write",
    run: (c) => graphql(c, `mutation { createForm(input: { key: "authz-${next()}", name: "A", fields: [] }) { __typename } }`),
    probe: forms,
  },
  {
    name: "mutation updateForm",
    permission: "forms.write",
    run: (c) => graphql(c, `mutation { updateForm(input: { id: "${ids.contact}", name: "Contact ${next()}" }) { __typename } }`),
    probe: forms,
  },
  {
    name: "mutation deleteForm",
    permission: "forms.write",
    run: (c) => graphql(c, 'mutation { deleteForm(input: { id: "999999" }) { __typename } }'),
    probe: forms,
  },
  {
    name: "mutation sendRestockNotifications",
    permission: "restock.send",
    run: (c) => graphql(c, `mutation { sendRestockNotifications(input: { productId: "${ids.tote}", variantId: "${ids.natural}" }) { __typename } }`),
    probe: queue,
  },
  {
    name: "mutation sendAllRestockNotifications",
    permission: "restock.send",
    run: (c) =>
      graphql(
        c,
        `mutation { sendAllRestockNotifications(input: { sendRequests: [{ productId: "${ids.tote}", variantId: "${ids.natural}" }] }) { __typename } }`,
      ),
    probe: queue,
  },
  {
    name: "mutation saveTemplate",
    permission: "templates.write",
    run: (c) => graphql(c, `mutation { saveTemplate(input: { name: "authz-save", source: "<p>${next()}</p>" }) { __typename } }`),
    probe: templates,
  },
  {
    name: "mutation rollbackTemplate",
    permission: "templates.write",
    run: async (c) =>
      graphql(
        c,
        `mutation { rollbackTemplate(input: { name: "authz-rollback", version: ${(await currentVersion("authz-rollback")) === 1 ? 2 : 1} }) { __typename } }`,
      ),
    probe: templates,
  },
  // ---- GraphQL subscription ----
  {
    name: "subscription commercePreferencesChanged",
    permission: "commerce.read",
    async run(c) {
      const client = wsClientFor(store.baseUrl, c.visitor, c.xsrfToken ? { xsrfToken: c.xsrfToken } : {});
      const listening = store.listening("commercePreferencesChanged");
      const subscription = subscribe(client, 'subscription { commercePreferencesChanged(namespace: "live") { version } }');
      try {
        // graphql-ws does not acknowledge a subscription: the server either starts listening or refuses.
        if ((await Promise.race([listening.then(() => "listening"), subscription.error])) === "listening") {
          await owner.graphql(`mutation { updateCommercePreferences(input: { namespace: "live", preferences: { n: ${next()} } }) { __typename } }`);
          await Promise.race([subscription.next(), subscription.error]);
        }
        if (subscription.values.length > 0) return "allowed";
        const [error] = (await subscription.error) as { message: string; extensions: { code: string } }[];
        return error.extensions.code === "UNAUTHENTICATED" ? "unauthenticated" : "forbidden";
      } finally {
        subscription.dispose();
        await client.dispose();
      }
    },
  },
  // ---- REST ----
  { name: "GET /api/site-header-footer", permission: "site.read", run: async (c) => rest(await c.request("GET", "/api/site-header-footer")) },
  {
    name: "PUT /api/site-header-footer",
    permission: "site.design",
    run: async (c) => rest(await c.request("PUT", "/api/site-header-footer", { body: { header: { n: next() }, footer: {} } })),
    probe: header,
  },
  { name: "GET /api/multilingual/settings", permission: "site.read", run: async (c) => rest(await c.request("GET", "/api/multilingual/settings")) },
  { name: "GET /api/multilingual/status", permission: "site.read", run: async (c) => rest(await c.request("GET", "/api/multilingual/status")) },
  { name: "GET /api/multilingual/languages", permission: "site.read", run: async (c) => rest(await c.request("GET", "/api/multilingual/languages")) },
  {
    name: "PUT /api/multilingual/languages",
    permission: "site.settings",
    run: async (c) => rest(await c.request("PUT", "/api/multilingual/languages", { body: { languages: ["en-US", next() % 2 ? "es-ES" : "it-IT"] } })),
    probe: languages,
  },
  {
    name: "DELETE /api/multilingual/connection",
    permission: "site.settings",
    run: async (c) => rest(await c.request("DELETE", "/api/multilingual/connection")),
    probe: async () => [await website(), await languages()],
  },
  {
    name: "GET /api/v1/commerce-preferences/{namespace}",
    permission: "commerce.read",
    run: async (c) => rest(await c.request("GET", "/api/v1/commerce-preferences/authz")),
  },
  {
    name: "PUT /api/v1/commerce-preferences/{namespace}",
    permission: "commerce.write",
    run: async (c) => rest(await c.request("PUT", "/api/v1/commerce-preferences/authz", { body: { n: next() } })),
    probe: preferences,
  },
  {
    name: "POST /api/content-service/product/1.1/websites/{websiteId}/products",
    permission: "store.create",
    run: async (c) => rest(await c.request("POST", REST_PRODUCTS, { body: { title: "Authz Rest", navigationTitle: "Authz Rest", enabled: true } })),
    probe: collections,
  },
  {
    name: "POST .../products/{collectionId}/categories",
    permission: "store.create",
    run: async (c) =>
      rest(
        await c.request("POST", `${REST_PRODUCTS}/${ids.collection}/categories`, {
          body: { displayName: `Cat ${next()}`, type: "CATEGORY", pageRendering: "LIST_VIEW", displayIndex: 2 },
        }),
      ),
    probe: categories,
  },
  {
    name: "POST /api/widget/UpdateNavigation",
    permission: "site.design",
    run: async (c) =>
      rest(
        await c.request("POST", "/api/widget/UpdateNavigation", {
          body: { fieldName: "secondaryNav", navigation: { items: [{ externalLink: `/r${next()}` }] } },
        }),
      ),
    probe: navigations,
  },
  { name: "GET /api/commondata/GetSiteLayout", permission: "site.read", run: async (c) => rest(await c.request("GET", "/api/commondata/GetSiteLayout")) },
  {
    name: "GET /api/site-users/account/notifications/restock",
    permission: "restock.read",
    run: async (c) => rest(await c.request("GET", `${RESTOCK}?productId=${ids.tote}`)),
  },
  { name: "GET .../restock/groups", permission: "restock.reports", run: async (c) => rest(await c.request("GET", `${RESTOCK}/groups`)) },
  {
    name: "POST .../restock/send",
    permission: "restock.send",
    run: async (c) => rest(await c.request("POST", `${RESTOCK}/send`, { body: { productId: ids.tote, variantId: ids.natural } })),
    probe: queue,
  },
  {
    name: "POST .../restock/send/all",
    permission: "restock.send",
    run: async (c) => rest(await c.request("POST", `${RESTOCK}/send/all`, { body: { sendRequests: [{ productId: ids.tote, variantId: ids.natural }] } })),
    probe: queue,
  },
];

/**
 * The matrix of docs/permissions.md, spelled out here (not read from the code): the roles allowed each
 * permission. Admin 1 and website manager 15 hold all; billing 2, moderator 6, commenter 7, the
 * scheduling roles 9, 12, 13 and none 14 hold none; site members (no role) hold none.
 */
const DOCUMENTED_MATRIX: Record<Permission, number[]> = {
  "site.read": [1, 4, 10, 15],
  "site.design": [1, 4, 15],
  "site.settings": [1, 15],
  "store.create": [1, 15],
  "commerce.read": [1, 8, 10, 15],
  "commerce.write": [1, 8, 15],
  "products.read": [1, 8, 10, 15],
  "products.write": [1, 8, 15],
  "forms.read": [1, 4, 10, 15],
  "forms.write": [1, 4, 15],
  "submissions.read": [1, 15],
  "mailingLists.read": [1, 11, 15],
  "restock.read": [1, 8, 15],
  "restock.reports": [1, 3, 8, 15],
  "restock.send": [1, 8, 15],
  "templates.read": [1, 4, 10, 15],
  "templates.write": [1, 15],
};

/** What the documented matrix says this caller gets. */
function expected(caller: Caller, permission: Permission): Outcome {
  if (caller.role === "anonymous") return "unauthenticated";
  return caller.role !== null && DOCUMENTED_MATRIX[permission].includes(caller.role) ? "allowed" : "forbidden";
}

it("the code's matrix is the documented one", () => {
  for (const [permission, roles] of Object.entries(DOCUMENTED_MATRIX)) {
    for (const role of [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) {
      expect([permission, role, can({ signedIn: true, role }, permission as Permission)]).toEqual([permission, role, roles.includes(role)]);
    }
    expect(can({ signedIn: true, role: null }, permission as Permission)).toBe(false);
    expect(can({ signedIn: false }, permission as Permission)).toBe(false);
  }
});

const PRINCIPAL_LABELS = [
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
  for (const route of [...ownerRoutes, ...siteUserRoutes, ...formRoutes, ...commerceRoutes]) {
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
    .replace("{namespace}", ":namespace");

it("covers every owner operation the server declares, with the permission it declares, as 16 principals", () => {
  expect(principals.map((caller) => caller.label)).toEqual(PRINCIPAL_LABELS);
  const tested = Object.fromEntries(operations.map((operation) => [restPath(operation.name), operation.permission]));
  expect(tested).toEqual(declaredOperations());
  expect(operations).toHaveLength(55);
  expect(cases).toHaveLength(55 * 16);
});

describe.each(operations.map((operation) => [operation.name, operation] as const))("%s", (_name, operation) => {
  it.each(PRINCIPAL_LABELS)("as %s", async (label) => {
    const caller = principals.find((principal) => principal.label === label)!;
    const want = expected(caller, operation.permission);
    const before = want !== "allowed" && operation.probe ? JSON.stringify(await operation.probe()) : null;
    expect(await operation.run(caller)).toBe(want);
    if (before !== null) expect(JSON.stringify(await operation.probe!())).toBe(before);
  });
});
