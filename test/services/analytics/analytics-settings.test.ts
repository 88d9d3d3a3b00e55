// The tracking settings service (issue 11): defaults, saves, the cache dropped by settingsChanged (from
// any process), the global disable flag and who is tracked on which path.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { AnalyticsSettingsService } from "../../../server/services/analytics/analytics-settings.ts";
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";

let demo: DemoStoreServices;

beforeAll(async () => {
  demo = await createDemoStoreServices({ tracking: { disabled: false } });
});
afterAll(() => demo.close());

it("answers the defaults before the owner saves anything", async () => {
  expect(await demo.services.analyticsSettings.get()).toEqual({ cookieBannerEnabled: false, cookiePolicy: "permissive", retentionDays: 395, pixelId: null });
});

it("keeps the settings in memory until settingsChanged arrives from another process", async () => {
  const service = demo.services.analyticsSettings;
  const other = new AnalyticsSettingsService(demo.db, DEMO_WEBSITE_ID, demo.bus.pubsub);
  other.follow();
  try {
    expect((await other.get()).cookiePolicy).toBe("permissive");
    await demo.db.analyticsSettings.upsert({
      where: { websiteId: DEMO_WEBSITE_ID },
      create: { websiteId: DEMO_WEBSITE_ID, cookiePolicy: "restrictive" },
      update: { cookiePolicy: "restrictive" },
    });
    // Written behind the services' back: the cached copy is still served.
    expect((await other.get()).cookiePolicy).toBe("permissive");
    await service.update({ cookieBannerEnabled: true });
    // The save's settingsChanged reached the other copy.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await other.get()).toMatchObject({ cookieBannerEnabled: true, cookiePolicy: "restrictive" });
  } finally {
    other.stop();
    await service.update({ cookieBannerEnabled: false, cookiePolicy: "permissive" });
  }
});

it("reads an unknown stored policy as restrictive", async () => {
  await demo.db.analyticsSettings.update({ where: { websiteId: DEMO_WEBSITE_ID }, data: { cookiePolicy: "whatever" } });
  demo.services.analyticsSettings.invalidate();
  expect((await demo.services.analyticsSettings.get()).cookiePolicy).toBe("restrictive");
  await demo.services.analyticsSettings.update({ cookiePolicy: "permissive" });
});

it("tells the storefront: tracked for visitors and viewers outside /config, not for other contributors", async () => {
  const service = demo.services.analyticsSettings;
  await service.update({ cookieBannerEnabled: true });
  expect(await service.forRequest(null, "/shop")).toEqual({
    cookiePolicy: "permissive",
    bannerEnabled: true,
    pixelId: null,
    websiteId: "sitecart-demo",
  });
  expect(await service.forRequest(10, "/shop")).not.toBeNull();
  expect(await service.forRequest(10, "/config")).toBeNull();
  expect(await service.forRequest(1, "/shop")).toBeNull();
  await service.update({ cookieBannerEnabled: false });
});

it("tracks nobody with the global disable flag", async () => {
  const disabled = new AnalyticsSettingsService(demo.db, DEMO_WEBSITE_ID, demo.bus.pubsub, { disabled: true });
  expect(await disabled.forRequest(null, "/shop")).toBeNull();
});
