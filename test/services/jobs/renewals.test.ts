// The subscription renewal job (issue 12 item 2) through the scheduler with a fake clock: a cycle that
// comes due is billed once (one order in test mode), however many processes run the job; a plan with
// a number of cycles completes at its last; a cancelled subscription is never billed again.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { createJobs, JOB_NAMES } from "../../../server/services/jobs/index.ts";
import { startTestStore, type TestStore } from "../../support/app.ts";
import { noTimers } from "../../support/timers.ts";

const DAY = 24 * 60 * 60 * 1000;

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
}, 60_000);
afterAll(() => store.close());

async function subscriptionOf(numBillingCycles: number, nextBillingAt: Date) {
  const db = store.db;
  const account = await db.account.findFirstOrThrow({ where: { email: "member@sitecart.test" } });
  const product = await db.product.findFirstOrThrow({ where: { slug: "coffee-club" }, include: { variants: true } });
  const orderId = `first-${numBillingCycles}-${nextBillingAt.getTime()}`;
  const { nextOrderNumber } = await db.website.update({ where: { id: DEMO_WEBSITE_ID }, data: { nextOrderNumber: { increment: 1 } } });
  await db.order.create({
    data: {
      id: orderId,
      orderNumber: nextOrderNumber - 1,
      websiteId: DEMO_WEBSITE_ID,
      purchasedCartId: `cart-${orderId}`,
      currency: "USD",
      subtotal: 2000,
      discountTotal: 0,
      taxTotal: 0,
      shippingTotal: 0,
      grandTotal: 2000,
      accountId: account.id,
    },
  });
  return db.subscription.create({
    data: {
      id: `sub-${orderId}`,
      websiteId: DEMO_WEBSITE_ID,
      accountId: account.id,
      orderId,
      productId: product.id,
      variantId: product.variants[0].id,
      productName: product.name,
      quantity: 1,
      unitPrice: 2000,
      currency: "USD",
      billingPeriodValue: 1,
      billingPeriodUnit: "MONTH",
      numBillingCycles,
      nextBillingAt,
    },
  });
}

const jobsAt = (now: Date, holder: string) => createJobs(store.app.services, { now: () => now, timers: noTimers, holder });

it("bills a due cycle once, whichever process runs the job, and not again until the next is due", async () => {
  const due = new Date("2030-01-15T09:00:00Z");
  const sub = await subscriptionOf(0, due);
  const later = new Date(due.getTime() + DAY);
  const ran = await Promise.all(
    ["a", "b", "c"].map((holder) => jobsAt(later, holder).run(jobsAt(later, holder).jobs.find((job) => job.name === JOB_NAMES.renewals)!)),
  );
  expect(ran.filter(Boolean).length).toBeGreaterThanOrEqual(1);
  await store.app.services.subscriptions.renewDue(later); // a retry of the same run
  const orders = await store.db.order.findMany({ where: { subscriptionId: sub.id } });
  expect(orders).toMatchObject([{ subscriptionCycle: 2, grandTotal: 2000, testMode: true, accountId: sub.accountId }]);
  expect(await store.db.subscription.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({
    cyclesBilled: 2,
    nextBillingAt: new Date("2030-02-15T09:00:00Z"),
    state: "ACTIVE",
  });
});

it("completes a plan at its last cycle and bills a cancelled one never", async () => {
  const due = new Date("2031-03-01T00:00:00Z");
  const twoCycles = await subscriptionOf(2, due);
  const cancelled = await subscriptionOf(0, due);
  await store.db.subscription.update({ where: { id: cancelled.id }, data: { state: "CANCELLED" } });
  await store.app.services.subscriptions.renewDue(new Date(due.getTime() + 1));
  expect(await store.db.subscription.findUniqueOrThrow({ where: { id: twoCycles.id } })).toMatchObject({ state: "COMPLETED", cyclesBilled: 2 });
  expect(await store.db.order.count({ where: { subscriptionId: cancelled.id } })).toBe(0);
  await store.app.services.subscriptions.renewDue(new Date(due.getTime() + 90 * DAY));
  expect(await store.db.order.count({ where: { subscriptionId: twoCycles.id } })).toBe(1);
});
