// The API key service (issue 10 item 6): keys stored as the SHA-256 of their secret, the bearer check
// (the creator narrowed to the key's scopes), expiry and revocation read from the database on every
// call, and lastUsedAt written at most once a minute.
import { seedDemoStore } from "../../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { ApiKeyRefusedError, ApiKeyService } from "../../../server/services/members/api-keys.ts";
import type { Viewer } from "../../../server/services/members/sessions.ts";
import { sha256 } from "../../../server/services/support/ids.ts";
import { createTestDb } from "../../support/db.ts";

let db: Db;
let close: () => Promise<void>;
let clock = new Date("2026-11-24T12:00:00Z");
let keys: ApiKeyService;
let owner: Extract<Viewer, { signedIn: true }>;

beforeAll(async () => {
  ({ db, close } = await createTestDb());
  await seedDemoStore(db, DEMO_WEBSITE_ID);
  keys = new ApiKeyService(db, DEMO_WEBSITE_ID, () => clock);
  const account = await db.account.findFirstOrThrow({ where: { email: "owner@sitecart.test" } });
  owner = { signedIn: true, accountId: account.id, email: account.email, displayName: "", role: account.role, locale: null, sessionId: "s" };
});
afterAll(() => close());

const minutes = (n: number) => new Date(clock.getTime() + n * 60_000);

it("stores only the secret's SHA-256 and authenticates the secret as its creator with the key's scopes", async () => {
  const { key, secret } = await keys.create(owner, { name: "Sync", scopes: ["products.read"], expiresAt: null });
  const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
  expect(row.secretHash).toBe(sha256(secret));
  expect(Object.values(row)).not.toContain(secret);
  const viewer = await keys.authenticate(secret);
  expect(viewer).toMatchObject({ signedIn: true, accountId: owner.accountId, role: 1, apiKey: { id: key.id, scopes: ["products.read"] } });
});

it("refuses an expired key from its expiry on, and a revoked key at once", async () => {
  const { key, secret } = await keys.create(owner, { name: "Short", scopes: ["products.read"], expiresAt: minutes(10) });
  await expect(keys.authenticate(secret)).resolves.toBeTruthy();
  const start = clock;
  clock = minutes(10);
  await expect(keys.authenticate(secret)).rejects.toEqual(new ApiKeyRefusedError("The API key has expired. Ask the site owner for a new one."));
  clock = start;
  await keys.revoke(key.id);
  await expect(keys.authenticate(secret)).rejects.toEqual(new ApiKeyRefusedError("The API key is not valid: it is mistyped, or it was revoked."));
  await expect(keys.revoke(key.id)).rejects.toThrow("That API key could not be found.");
});

it("writes lastUsedAt on first use and then at most once a minute", async () => {
  const { key, secret } = await keys.create(owner, { name: "Busy", scopes: ["products.read"], expiresAt: null });
  const lastUsed = async () => (await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
  const start = clock;
  await keys.authenticate(secret);
  expect(await lastUsed()).toEqual(start);
  clock = new Date(start.getTime() + 59_000);
  await keys.authenticate(secret);
  expect(await lastUsed()).toEqual(start);
  clock = new Date(start.getTime() + 60_000);
  await keys.authenticate(secret);
  expect(await lastUsed()).toEqual(clock);
  clock = start;
});

it("lists keys newest first, without their secrets", async () => {
  const listed = await keys.list();
  expect(listed.map((key) => key.name)).toEqual(expect.arrayContaining(["Sync", "Busy"]));
  expect(JSON.stringify(listed)).not.toMatch(/sck_[A-Za-z0-9_-]{43}/);
});
