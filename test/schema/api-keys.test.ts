// API keys over GraphQL (issue 10 item 6): an owner makes a key (its secret answered once), and
// `Authorization: Bearer <key>` on /graphql acts with exactly the key's scopes, with no cookie, crumb
// or xsrf token. A bad, expired or revoked key is refused with 401 and a message (never anonymous),
// a revoke holds at once on every instance, and each key has its own rate limit.
import { startAnotherInstance, startTestStore, type TestStore } from "../support/app.ts";
import { Caller, createRoleAccounts, PASSWORD, roleEmail, signedIn } from "../authz/principals.ts";

let store: TestStore;
let owner: Caller;
let mugVariant: number;

beforeAll(async () => {
  store = await startTestStore({ config: { apiKeyRateLimit: { burst: 6, perSecond: 0.001 } } });
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  mugVariant = (await store.db.variant.findFirstOrThrow({ where: { sku: "MUG-1" } })).id;
  await createRoleAccounts(store);
}, 60_000);
afterAll(() => store.close());

const CREATE = `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) {
  __typename ... on CreateApiKeySuccess { secret apiKey { id name prefix scopes expiresAt lastUsedAt createdBy } }
  ... on Error { message } } }`;
const REVOKE = `mutation($id: ID!) { revokeApiKey(input: { id: $id }) { __typename ... on RevokeApiKeySuccess { revokedId } ... on Error { message } } }`;
const PRODUCTS = "{ ownerProducts(first: 2) { edges { node { name visible } } } }";
const SET_STOCK = `mutation($id: ID!, $qty: Int!) { setVariantStock(input: { id: $id, qtyInStock: $qty }) { __typename } }`;

async function createKey(scopes: string[], extra: Record<string, unknown> = {}, caller: Caller = owner) {
  const result = await caller.graphql(CREATE, { input: { name: "Inventory sync", scopes, ...extra } });
  expect(result.errors).toBeUndefined();
  return result.data.createApiKey;
}

/** A curl-like request: the key and a JSON body, no cookie, crumb or xsrf token. */
async function bearer(key: string, query: string, variables?: Record<string, unknown>, baseUrl = store.baseUrl) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as { data?: any; errors?: any[] } };
}

it("answers the secret once; the list shows its prefix, never the secret, and only its hash is stored", async () => {
  const created = await createKey(["products.read"]);
  expect(created.__typename).toBe("CreateApiKeySuccess");
  expect(created.secret).toMatch(/^sck_[A-Za-z0-9_-]{43}$/);
  expect(created.apiKey).toEqual(
    expect.objectContaining({
      name: "Inventory sync",
      prefix: created.secret.slice(0, 8),
      scopes: ["products.read"],
      expiresAt: null,
      lastUsedAt: null,
      createdBy: "owner@sitecart.test",
    }),
  );
  const listed = await owner.graphql("{ apiKeys { id prefix name } }");
  expect(JSON.stringify(listed.data)).not.toContain(created.secret);
  expect(listed.data.apiKeys).toContainEqual({ id: created.apiKey.id, prefix: created.secret.slice(0, 8), name: "Inventory sync" });
  const row = await store.db.apiKey.findUniqueOrThrow({ where: { id: created.apiKey.id } });
  expect(JSON.stringify(row)).not.toContain(created.secret.slice(4));
});

it("acts with exactly the key's scopes: reads and changes stock, and is refused 403 anything else", async () => {
  const { secret } = await createKey(["products.read", "products.write"]);
  const products = await bearer(secret, PRODUCTS);
  expect(products.status).toBe(200);
  expect(products.body.errors).toBeUndefined();
  expect(products.body.data.ownerProducts.edges.length).toBe(2);

  const changed = await bearer(secret, SET_STOCK, { id: String(mugVariant), qty: 41 });
  expect(changed.body).toEqual({ data: { setVariantStock: { __typename: "SetVariantStockSuccess" } } });
  expect((await store.db.variant.findUniqueOrThrow({ where: { id: mugVariant } })).qtyInStock).toBe(41);

  // The owner's role holds orders.read and apiKeys.manage; the key does not.
  for (const query of ["{ ownerOrders(first: 1) { edges { node { orderId } } } }", "{ apiKeys { id } }", "{ marketingSettings { pixelId } }"]) {
    const refused = await bearer(secret, query);
    expect(refused.body.errors?.[0]).toEqual(expect.objectContaining({ message: "You do not have permission to do that.", extensions: { code: "FORBIDDEN" } }));
  }
  const mint = await bearer(secret, CREATE, { input: { name: "more", scopes: ["products.read"] } });
  expect(mint.body.errors?.[0].extensions.code).toBe("FORBIDDEN");
});

it("refuses a revoked key at once with 401, on every instance (no cache outlives a revoke)", async () => {
  const { secret, apiKey } = await createKey(["products.read"]);
  const other = await startAnotherInstance(store);
  try {
    expect((await bearer(secret, PRODUCTS, undefined, other.baseUrl)).status).toBe(200);
    expect((await bearer(secret, PRODUCTS)).status).toBe(200);
    const revoked = await owner.graphql(REVOKE, { id: apiKey.id });
    expect(revoked.data.revokeApiKey).toEqual({ __typename: "RevokeApiKeySuccess", revokedId: apiKey.id });
    for (const baseUrl of [store.baseUrl, other.baseUrl]) {
      const refused = await bearer(secret, PRODUCTS, undefined, baseUrl);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        errors: [{ message: "The API key is not valid: it is mistyped, or it was revoked.", extensions: { code: "UNAUTHENTICATED" } }],
      });
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer /);
    }
    const again = await owner.graphql(REVOKE, { id: apiKey.id });
    expect(again.data.revokeApiKey).toEqual({ __typename: "NotFoundError", message: "That API key could not be found." });
  } finally {
    await other.close();
  }
});

it("refuses an expired key, a made-up key and a malformed header with 401 and a message", async () => {
  const { secret, apiKey } = await createKey(["products.read"], { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
  expect((await bearer(secret, PRODUCTS)).status).toBe(200);
  await store.db.apiKey.update({ where: { id: apiKey.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const expired = await bearer(secret, PRODUCTS);
  expect(expired.status).toBe(401);
  expect(expired.body.errors?.[0].message).toBe("The API key has expired. Ask the site owner for a new one.");

  const madeUp = await bearer(`sck_${"A".repeat(43)}`, PRODUCTS);
  expect(madeUp.status).toBe(401);
  expect(madeUp.body.errors?.[0].message).toBe("The API key is not valid: it is mistyped, or it was revoked.");
  // Not silently anonymous, even for a query anyone may make.
  expect((await bearer("nonsense", "{ products(first: 1) { edges { node { name } } } }")).status).toBe(401);

  const malformed = await fetch(`${store.baseUrl}/graphql`, {
    method: "POST",
    headers: { authorization: "Basic abc", "content-type": "application/json" },
    body: JSON.stringify({ query: PRODUCTS }),
  });
  expect(malformed.status).toBe(401);
  expect(((await malformed.json()) as any).errors[0].message).toBe("The Authorization header must be 'Bearer <API key>'.");
});

it("records when a key was last used, writing at most once a minute", async () => {
  const { secret, apiKey } = await createKey(["products.read"]);
  await bearer(secret, PRODUCTS);
  const first = (await store.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsedAt;
  expect(first).not.toBeNull();
  store.queries.reset();
  await bearer(secret, PRODUCTS);
  expect((await store.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsedAt).toEqual(first);
  // A minute later it is written again.
  await store.db.apiKey.update({ where: { id: apiKey.id }, data: { lastUsedAt: new Date(Date.now() - 61_000) } });
  await bearer(secret, PRODUCTS);
  expect((await store.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
});

it("gives each key its own rate limit (429 past its budget, other keys unaffected)", async () => {
  const spent = await createKey(["products.read"]);
  const fresh = await createKey(["products.read"]);
  for (let call = 0; call < 6; call++) expect((await bearer(spent.secret, PRODUCTS)).status).toBe(200);
  const refused = await bearer(spent.secret, PRODUCTS);
  expect(refused.status).toBe(429);
  expect(refused.body.errors?.[0]).toEqual({ message: "Please try again in a few seconds.", extensions: { code: "RATE_LIMITED" } });
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await bearer(fresh.secret, PRODUCTS)).status).toBe(200);
});

it("lets a creator grant only permissions their role holds, never apiKeys.manage, and follows the creator's role", async () => {
  const manager = await signedIn(store, "store manager", roleEmail(8), PASSWORD, 8);
  expect((await manager.graphql(CREATE, { input: { name: "x", scopes: ["products.read"] } })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
  const websiteManager = await signedIn(store, "website manager", roleEmail(15), PASSWORD, 15);
  const grantable = (await websiteManager.graphql("{ apiKeyGrantableScopes }")).data.apiKeyGrantableScopes;
  expect(grantable).toContain("products.write");
  expect(grantable).not.toContain("apiKeys.manage");
  expect(await createKey(["apiKeys.manage"], {}, websiteManager)).toEqual({
    __typename: "InvalidInputError",
    message: "A key can only have permissions your role holds (and never the management of keys).",
  });
  expect(await createKey(["nope"], {}, websiteManager)).toEqual({ __typename: "InvalidInputError", message: "One of the permissions does not exist." });
  expect(await createKey([], {}, websiteManager)).toEqual({ __typename: "InvalidInputError", message: "Choose at least one permission for the key." });
  expect(await createKey(["products.read"], { name: "  " }, websiteManager)).toEqual({ __typename: "InvalidInputError", message: "Please name the key." });
  expect(await createKey(["products.read"], { expiresAt: new Date(Date.now() - 1000).toISOString() }, websiteManager)).toEqual({
    __typename: "InvalidInputError",
    message: "The expiry date must be in the future.",
  });

  const { secret } = await createKey(["products.write"], {}, websiteManager);
  expect((await bearer(secret, SET_STOCK, { id: String(mugVariant), qty: 7 })).body.data).toEqual({
    setVariantStock: { __typename: "SetVariantStockSuccess" },
  });
  // The creator becomes a viewer: the key is never more than its creator.
  await store.db.account.updateMany({ where: { email: roleEmail(15) }, data: { role: 10 } });
  expect((await bearer(secret, SET_STOCK, { id: String(mugVariant), qty: 8 })).body.errors?.[0].extensions.code).toBe("FORBIDDEN");
});
