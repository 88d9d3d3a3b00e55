// The scheduled purges and the waitlist expiry (issue 15 §5): expired or revoked sessions, idempotency
// records past their 24 h window, captcha token uses older than a day and submission keys a day past
// their end are deleted; waitlist places not notified within 90 days lapse. Everything still in use
// stays. The jobs run through the scheduler, as the timer runs them.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { createJobs } from "../../../server/services/jobs/index.ts";
import { startTestStore, type TestStore } from "../../support/app.ts";
import { noTimers } from "../../support/timers.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
}, 60_000);
afterAll(() => store.close());

it("purges what has expired and keeps what is still in use", async () => {
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const db = store.db;
  const accountId = (await db.account.findFirstOrThrow({ where: { email: "owner@sitecart.test" } })).id;
  const session = (id: string, data: { expiresAt: Date; revokedAt?: Date }) =>
    db.session.create({ data: { id, tokenHash: `hash-${id}`, xsrfTokenHash: "x", accountId, ...data } });
  await session("expired", { expiresAt: ago(1) });
  await session("revoked", { expiresAt: new Date(now.getTime() + DAY), revokedAt: ago(HOUR) });
  await session("live", { expiresAt: new Date(now.getTime() + DAY) });
  const record = (key: string, createdAt: Date) =>
    db.idempotencyRecord.create({ data: { key, operation: "addCartEntry", requestHash: "h", response: "{}", createdAt } });
  await record("old", ago(DAY + 1));
  await record("fresh", ago(DAY - HOUR));
  await db.captchaTokenUse.createMany({
    data: [
      { tokenHash: "old", usedAt: ago(DAY + 1) },
      { tokenHash: "fresh", usedAt: ago(HOUR) },
    ],
  });
  const key = (keyHash: string, expiresAt: Date) => db.formSubmissionKey.create({ data: { keyHash, websiteId: DEMO_WEBSITE_ID, expiresAt } });
  await key("old", ago(DAY + 1));
  await key("lapsed-recently", ago(HOUR));
  await key("live", new Date(now.getTime() + HOUR));

  const jobs = createJobs(store.app.services, { now: () => now, timers: noTimers, holder: "purge-test" });
  expect(await jobs.runDue()).toEqual([
    "mail-outbox",
    "purge-expired",
    "waitlist-expiry",
    "subscription-renewals",
    "analytics-rollup",
    "analytics-retention",
    "payment-reconciliation",
    "stock-hold-expiry",
    "abandoned-checkout-reminders",
  ]);

  expect((await db.session.findMany({ where: { id: { in: ["expired", "revoked", "live"] } }, select: { id: true } })).map((row) => row.id)).toEqual(["live"]);
  expect((await db.idempotencyRecord.findMany({ where: { key: { in: ["old", "fresh"] } }, select: { key: true } })).map((row) => row.key)).toEqual(["fresh"]);
  expect(
    (await db.captchaTokenUse.findMany({ where: { tokenHash: { in: ["old", "fresh"] } }, select: { tokenHash: true } })).map((row) => row.tokenHash),
  ).toEqual(["fresh"]);
  expect(
    (
      await db.formSubmissionKey.findMany({
        where: { keyHash: { in: ["old", "lapsed-recently", "live"] } },
        select: { keyHash: true },
        orderBy: { keyHash: "asc" },
      })
    ).map((row) => row.keyHash),
  ).toEqual(["lapsed-recently", "live"]);
});

it("expires waitlist places not notified within 90 days, on the same scheduler, without a stock change", async () => {
  const db = store.db;
  const variant = await db.variant.findFirstOrThrow({ where: { sku: "TOTE-NATURAL" }, select: { id: true, productId: true } });
  const place = (email: string, expiresAt: Date) =>
    db.restockSignUp.create({ data: { websiteId: DEMO_WEBSITE_ID, productId: variant.productId, variantId: variant.id, email, expiresAt } });
  const lapsed = await place("lapsed@example.com", new Date(Date.now() - 1000));
  const waiting = await place("waiting@example.com", new Date(Date.now() + 89 * DAY));

  // The previous run holds the jobs for their interval (an hour): this run comes two hours later.
  const jobs = createJobs(store.app.services, { now: () => new Date(Date.now() + 2 * HOUR), timers: noTimers, holder: "waitlist-test" });
  expect(await jobs.runDue()).toContain("waitlist-expiry");

  expect(await db.restockSignUp.findUniqueOrThrow({ where: { id: lapsed.id } })).toMatchObject({ status: "EXPIRED" });
  expect(await db.restockSignUp.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: "RECEIVED" });
});
