// The writer's server-side drops follow the same rules as the storefront (issue 20, rules 2 and 3):
// who is tracked is domain/analytics/tracking-rules.ts isTrackingAllowed (a viewer is tracked outside
// the owner's area, and `/configurator` is not the owner's area), and the stored cookie policy is read
// once, by the analytics settings service (an unknown stored value is restrictive).
import { randomUUID } from "node:crypto";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { emptyDraft, type EventDraft } from "../../../server/domain/analytics/events.ts";
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

const pageView = (path: string): EventDraft => ({ ...emptyDraft("page-view"), path });
const visitor = (id: string, extra: Partial<TrackingRequest> = {}): TrackingRequest => ({
  cookies: { SS_ANALYTICS_ID: id, SS_SESSION_ID: `${id}-session` },
  gpc: false,
  sessionToken: null,
  ...extra,
});
const ingest = () => new AnalyticsIngest(store.db, DEMO_WEBSITE_ID, store.services.settings, store.services.analyticsSettings, { secret: "s".repeat(40) });

async function viewerSession(): Promise<string> {
  const account = await store.db.account.create({
    data: { websiteId: DEMO_WEBSITE_ID, email: `${randomUUID()}@t.test`, passwordHash: "x", role: Role.VIEWER },
  });
  const token = randomUUID();
  await store.db.session.create({
    data: { id: randomUUID(), tokenHash: sha256(token), xsrfTokenHash: "x", accountId: account.id, expiresAt: new Date(Date.now() + 3_600_000) },
  });
  return token;
}

it("keeps a viewer's events on /configurator (not the owner's area) and drops them on /config and /config/…", async () => {
  const analytics = ingest();
  const token = await viewerSession();
  await analytics.record([pageView("/configurator"), pageView("/config"), pageView("/config/orders")], visitor("viewer", { sessionToken: token }));
  await analytics.close();
  expect((await store.db.analyticsEvent.findMany({ select: { path: true } })).map((row) => row.path)).toEqual(["/configurator"]);
});

it("reads a stored cookie policy that is no policy as restrictive: events without consent are not kept", async () => {
  await store.db.analyticsSettings.create({ data: { websiteId: DEMO_WEBSITE_ID, cookiePolicy: "bogus" } });
  const analytics = ingest();
  await analytics.record([pageView("/shop")], visitor("no-consent"));
  await analytics.record([pageView("/shop")], { ...visitor("consent"), cookies: { SS_ANALYTICS_ID: "consent", ss_cookieAllowed: "true" } });
  await analytics.close();
  expect((await store.db.analyticsEvent.findMany()).map((row) => row.visitorKey)).toEqual([analytics.hash("visitor:consent")]);
});

it("follows the owner's saved policy at once: the writer and the storefront read the same settings", async () => {
  const analytics = ingest();
  await store.services.analyticsSettings.update({ cookiePolicy: "restrictive" });
  await analytics.record([pageView("/shop")], visitor("no-consent"));
  await analytics.flush();
  await store.services.analyticsSettings.update({ cookiePolicy: "permissive" });
  await analytics.record([pageView("/shop")], visitor("later"));
  await analytics.flush();
  await analytics.close();
  expect((await store.db.analyticsEvent.findMany()).map((row) => row.visitorKey)).toEqual([analytics.hash("visitor:later")]);
});
