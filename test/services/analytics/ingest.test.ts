// Tracking ingestion (issue 11): accepted events are queued and written in batches with keyed hashes
// for ids (never the raw id); the queue sheds past its bound and counts it; the server-side drops
// (disabled, GPC, no visitor, contributors, no consent under a restrictive policy) store nothing;
// closing writes everything accepted; with Redis several instances' events reach one writer.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { emptyDraft, type EventDraft, type EventKind } from "../../../server/domain/analytics/events.ts";
import { Role } from "../../../server/domain/members/permissions.ts";
import { AnalyticsIngest, type TrackingRequest } from "../../../server/services/analytics/ingest.ts";
import { sha256 } from "../../../server/services/support/ids.ts";
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";

let store: DemoStoreServices;
beforeAll(async () => {
  store = await createDemoStoreServices();
}, 60_000);
afterAll(() => store.close());
beforeEach(async () => {
  await store.db.analyticsEvent.deleteMany();
  await store.db.analyticsVisitorDay.deleteMany();
  await store.db.analyticsSettings.deleteMany();
  store.services.analyticsSettings.invalidate();
});

const draft = (kind: EventKind, fields: Partial<EventDraft> = {}): EventDraft => ({ ...emptyDraft(kind), ...fields });
const visitor = (id: string, extra: Partial<TrackingRequest> = {}): TrackingRequest => ({
  cookies: { SS_ANALYTICS_ID: id, SS_SESSION_ID: `${id}-session` },
  gpc: false,
  sessionToken: null,
  ...extra,
});
const ingest = (options: ConstructorParameters<typeof AnalyticsIngest>[4] = {}) =>
  new AnalyticsIngest(store.db, DEMO_WEBSITE_ID, store.services.settings, store.services.analyticsSettings, { secret: "s".repeat(40), ...options });

it("stores accepted events in batches with keyed hashes of the ids, and the visitor's day", async () => {
  const analytics = ingest({ flushMs: 10_000 });
  expect(await analytics.record([draft("page-view", { path: "/shop" })], visitor("alice"))).toBe("queued");
  expect(await analytics.record([draft("view-product", { productId: 3 }), draft("page-view")], visitor("alice"))).toBe("queued");
  expect(await store.db.analyticsEvent.count()).toBe(0);
  await analytics.flush();
  const rows = await store.db.analyticsEvent.findMany({ orderBy: { id: "asc" } });
  expect(rows.map((row) => row.kind)).toEqual(["page-view", "view-product", "page-view"]);
  expect(rows[0].visitorKey).toBe(analytics.hash("visitor:alice"));
  expect(rows[0].sessionKey).toBe(analytics.hash("session:alice-session"));
  expect(JSON.stringify(rows)).not.toMatch(/alice/);
  expect(await store.db.analyticsVisitorDay.findMany({ select: { visitorKey: true, day: true } })).toEqual([
    { visitorKey: rows[0].visitorKey, day: rows[0].day },
  ]);
  // Another secret gives other keys: the hash is keyed.
  expect(ingest({ secret: "t".repeat(40) }).hash("visitor:alice")).not.toBe(rows[0].visitorKey);
  await analytics.close();
});

it("sheds past the queue's bound, counts it, and keeps what it accepted", async () => {
  const analytics = ingest({ queueMax: 3, flushMs: 10_000, batchSize: 100 });
  expect(await analytics.record([draft("page-view"), draft("page-view")], visitor("bob"))).toBe("queued");
  expect(await analytics.record([draft("page-view"), draft("page-view")], visitor("bob"))).toBe("shed");
  expect(await analytics.record([draft("page-view")], visitor("bob"))).toBe("queued");
  expect(analytics.stats()).toMatchObject({ accepted: 3, shed: 2, queued: 3 });
  await analytics.close();
  expect(await store.db.analyticsEvent.count()).toBe(3);
  expect(analytics.stats()).toMatchObject({ written: 3, queued: 0 });
});

it("writes on its own timer, without a flush", async () => {
  const analytics = ingest({ flushMs: 20 });
  await analytics.record([draft("page-view")], visitor("carol"));
  await analytics.written(1);
  expect(await store.db.analyticsEvent.count()).toBe(1);
  await analytics.close();
});

it("drops, without storing: tracking disabled, GPC, a call naming no visitor", async () => {
  expect(await ingest({ trackingDisabled: true }).record([draft("page-view")], visitor("dan"))).toBe("dropped");
  const analytics = ingest();
  expect(await analytics.record([draft("page-view")], visitor("dan", { gpc: true }))).toBe("dropped");
  expect(await analytics.record([draft("page-view")], { cookies: {}, gpc: false, sessionToken: null })).toBe("dropped");
  // The body's id stands in for a missing cookie.
  expect(await analytics.record([draft("page-view", { visitorId: "from-body" })], { cookies: {}, gpc: false, sessionToken: null })).toBe("queued");
  await analytics.close();
  expect((await store.db.analyticsEvent.findMany()).map((row) => row.visitorKey)).toEqual([analytics.hash("visitor:from-body")]);
});

it("drops a signed-in contributor's events, a viewer's only in /config", async () => {
  const session = async (role: number | null) => {
    const account = await store.db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: `${randomUUID()}@t.test`, passwordHash: "x", role } });
    const token = randomUUID();
    await store.db.session.create({
      data: { id: randomUUID(), tokenHash: sha256(token), xsrfTokenHash: "x", accountId: account.id, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    return token;
  };
  const analytics = ingest();
  const admin = await session(Role.ADMIN);
  const viewer = await session(Role.VIEWER);
  const member = await session(null);
  await analytics.record([draft("page-view", { path: "/shop" })], visitor("admin", { sessionToken: admin }));
  await analytics.record([draft("page-view", { path: "/shop" }), draft("page-view", { path: "/config/orders" })], visitor("viewer", { sessionToken: viewer }));
  await analytics.record([draft("page-view", { path: "/shop" })], visitor("member", { sessionToken: member }));
  await analytics.record([draft("page-view", { path: "/shop" })], visitor("stranger", { sessionToken: "not-a-session" }));
  await analytics.close();
  const kept = await store.db.analyticsEvent.findMany({ select: { visitorKey: true, path: true }, orderBy: { id: "asc" } });
  expect(kept).toEqual([
    { visitorKey: analytics.hash("visitor:viewer"), path: "/shop" },
    { visitorKey: analytics.hash("visitor:member"), path: "/shop" },
    { visitorKey: analytics.hash("visitor:stranger"), path: "/shop" },
  ]);
  expect(analytics.stats().dropped).toBe(2);
});

it("under a restrictive cookie policy stores only events sent with consent", async () => {
  await store.db.analyticsSettings.create({ data: { websiteId: DEMO_WEBSITE_ID, cookiePolicy: "restrictive" } });
  store.services.analyticsSettings.invalidate();
  const analytics = ingest();
  await analytics.record([draft("page-view")], visitor("no-consent"));
  await analytics.record([draft("page-view")], { ...visitor("consent"), cookies: { SS_ANALYTICS_ID: "consent", ss_cookieAllowed: "true" } });
  await analytics.close();
  expect((await store.db.analyticsEvent.findMany()).map((row) => row.visitorKey)).toEqual([analytics.hash("visitor:consent")]);
});

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

it("with Redis, two instances' events go through one stream to one writer, and none is lost on close", async () => {
  const streamKey = `sitecart:test:analytics:${randomUUID()}`;
  const first = ingest({ redisUrl: REDIS_URL, streamKey, flushMs: 20 });
  const second = ingest({ redisUrl: REDIS_URL, streamKey, flushMs: 20 });
  for (let index = 0; index < 30; index++) {
    await first.record([draft("page-view")], visitor(`one-${index}`));
    await second.record([draft("page-view"), draft("view-product", { productId: 1 })], visitor(`two-${index}`));
  }
  // Whichever instance holds the stream's lease writes all of them.
  await Promise.race([first.written(90), second.written(90)]);
  await first.close();
  await second.close();
  expect(await store.db.analyticsEvent.count()).toBe(90);
  // One of them wrote everything: the other only forwarded.
  expect([first.stats().written, second.stats().written].sort((a, b) => a - b)).toEqual([0, 90]);
  const redis = new Redis(REDIS_URL);
  expect(await redis.xlen(streamKey)).toBe(0);
  await redis.del(streamKey);
  await redis.quit();
}, 30_000);
