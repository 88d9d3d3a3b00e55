// SitePlanService (issue 21) with the operator's billing settings (BILLING_UPGRADE_URL,
// BILLING_SUBSCRIPTIONS_URL, BILLING_CONTACT) and without the app's site directory: it reads the
// site's row itself, and a site that does not exist takes no orders.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { SITE_STATUS } from "../../../server/domain/site/site-status.ts";
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";
import { createServices } from "../../../server/services/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-03-10T12:00:00Z");
const billing = {
  upgradeUrl: "https://billing.example/{site}/upgrade",
  subscriptionsUrl: "https://billing.example/{site}/plans",
  contact: "billing@host.com",
};

let demo: DemoStoreServices;
beforeAll(async () => {
  demo = await createDemoStoreServices({ billing, now: () => NOW });
  await demo.db.website.update({ where: { id: DEMO_WEBSITE_ID }, data: { slug: "demo" } });
});
afterAll(() => demo.close());

const setPlan = (data: { status: number; statusChangedAt?: Date; trialEndsAt?: Date | null }) =>
  demo.db.website.update({ where: { id: DEMO_WEBSITE_ID }, data: { statusChangedAt: NOW, trialEndsAt: null, ...data } });

it("gives a trial the operator's upgrade link for the site, its days left and the operator's contact", async () => {
  await setPlan({ status: SITE_STATUS.trial, trialEndsAt: new Date(NOW.getTime() + 2.5 * DAY_MS) });
  expect(await demo.services.plan.view()).toEqual({
    status: "trial",
    notice: { kind: "trial", daysLeft: 3 },
    checkout: true,
    upgradeUrl: "https://billing.example/demo/upgrade",
    contact: { text: "billing@host.com", href: "mailto:billing@host.com" },
  });
});

it("gives an expired site the operator's plan link, and refuses its checkout", async () => {
  await setPlan({ status: SITE_STATUS.expired });
  expect(await demo.services.plan.view()).toMatchObject({
    status: "expired",
    notice: { kind: "expired" },
    checkout: false,
    upgradeUrl: "https://billing.example/demo/plans",
  });
  await expect(demo.services.plan.requireCheckoutOpen()).rejects.toMatchObject({ code: "STORE_CLOSED", message: "This store is not taking orders right now." });
  await setPlan({ status: SITE_STATUS.paid });
  await expect(demo.services.plan.requireCheckoutOpen()).resolves.toBeUndefined();
});

it("takes no orders for a site that does not exist", async () => {
  const services = createServices({ db: demo.db, pubsub: demo.bus.pubsub, websiteId: "no-such-site" });
  try {
    expect(await services.plan.view()).toBeNull();
    await expect(services.plan.requireCheckoutOpen()).rejects.toMatchObject({ code: "STORE_CLOSED" });
  } finally {
    services.stop();
  }
});
