// The mail outbox worker (issue 15 §5): a failed email is tried again on the scheduler's timer with
// exponential backoff (no other email needs to be sent), becomes a dead letter after 5 failures, and
// an owner sees the dead letters with their last error and sends one again. The transport is a fake
// SMTP client; the clock is a fake.
import { seedDemoStore } from "../../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import type { Db } from "../../../server/db/client.ts";
import { createJobs } from "../../../server/services/jobs/index.ts";
import { Mailer, type OutgoingEmail } from "../../../server/services/mail/mailer.ts";
import { OutboxService } from "../../../server/services/mail/outbox.ts";
import type { RestockService } from "../../../server/services/restock/restock.ts";
import { signedIn, type Caller } from "../../authz/principals.ts";
import { startTestStore, type TestStore } from "../../support/app.ts";
import { createTestDb } from "../../support/db.ts";
import { noTimers } from "../../support/timers.ts";

let nowMs = Date.parse("2030-03-01T12:00:00Z");
const now = () => new Date(nowMs);
const advance = (ms: number) => void (nowMs += ms);

/** An SMTP client that refuses the first `failures` messages (Infinity: all), then accepts. */
function fakeTransport(failures: number) {
  const transport = {
    tries: 0,
    failures,
    sent: [] as string[],
    async sendMail(message: { to: string }) {
      transport.tries++;
      if (transport.tries <= transport.failures) throw new Error("550 Mailbox unavailable");
      transport.sent.push(message.to);
    },
  };
  return transport;
}

let sequence = 0;
const email = (): OutgoingEmail => ({
  kind: "RESTOCK",
  dedupeKey: `outbox-test:${++sequence}`,
  toEmail: `waiter${sequence}@example.com`,
  subject: "Canvas Tote is back in stock",
  textBody: "Good news.",
});

describe("the outbox worker", () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await createTestDb());
    await seedDemoStore(db, DEMO_WEBSITE_ID);
  });
  afterAll(() => close());

  /** A mailer on the transport and the scheduler's jobs around it, as one server process has them. */
  function worker(transport: ReturnType<typeof fakeTransport>) {
    const mailer = new Mailer(db, transport, "Shop <shop@sitecart.test>", now);
    const restock = { expireLapsed: async () => 0 } as unknown as RestockService;
    const jobs = createJobs(
      { db, mailer, restock },
      { now, timers: noTimers, intervals: { mailMs: 10_000, purgeMs: 3_600_000 }, holder: `worker-${++sequence}` },
    );
    return { mailer, jobs, outbox: new OutboxService(db, DEMO_WEBSITE_ID, mailer) };
  }
  const row = (message: OutgoingEmail) => db.outboxEmail.findUniqueOrThrow({ where: { dedupeKey: message.dedupeKey } });
  const mailRuns = async (jobs: ReturnType<typeof worker>["jobs"]) => (await jobs.runDue()).includes("mail-outbox");

  it("tries a failed email again on the timer, after 30 s, then 1 min, with no other email sent", async () => {
    const transport = fakeTransport(2);
    const { mailer, jobs } = worker(transport);
    const message = email();
    await db.$transaction((tx) => mailer.enqueue(tx, DEMO_WEBSITE_ID, [message]));
    advance(10_000);
    expect(await mailRuns(jobs)).toBe(true);
    expect(await row(message)).toMatchObject({ status: "PENDING", attempts: 1, nextAttemptAt: new Date(nowMs + 30_000), lastError: "550 Mailbox unavailable" });
    // The next tick is not yet the email's time: nothing is tried.
    advance(10_000);
    expect(await mailRuns(jobs)).toBe(true);
    expect(transport.tries).toBe(1);
    advance(20_000);
    await mailRuns(jobs);
    expect(await row(message)).toMatchObject({ status: "PENDING", attempts: 2, nextAttemptAt: new Date(nowMs + 60_000) });
    advance(60_000);
    await mailRuns(jobs);
    expect(await row(message)).toMatchObject({ status: "SENT", attempts: 3, nextAttemptAt: null, lastError: null, sentAt: now() });
    expect(transport.sent).toEqual([message.toEmail]);
  });

  it("makes an email a dead letter after 5 failed deliveries, lists it for the owner with its last error, and sends it again on request", async () => {
    const transport = fakeTransport(Infinity);
    const { mailer, jobs, outbox } = worker(transport);
    const message = email();
    await db.$transaction((tx) => mailer.enqueue(tx, DEMO_WEBSITE_ID, [message]));
    for (let attempt = 1; attempt <= 6; attempt++) {
      advance(60 * 60 * 1000);
      await mailRuns(jobs);
    }
    expect(transport.tries).toBe(5);
    const dead = await row(message);
    expect(dead).toMatchObject({ status: "FAILED", attempts: 5, nextAttemptAt: null, lastError: "550 Mailbox unavailable" });
    const listed = await outbox.list({ status: "FAILED" });
    expect(listed.items.map((item) => [item.id, item.toEmail, item.lastError])).toContainEqual([dead.id, message.toEmail, "550 Mailbox unavailable"]);

    transport.failures = 0;
    expect(await outbox.retry(dead.id)).toMatchObject({ status: "SENT", attempts: 1 });
    expect(transport.sent).toEqual([message.toEmail]);
    await expect(outbox.retry(dead.id)).rejects.toThrow("Only an email that could not be delivered can be sent again.");
    await expect(outbox.retry("no-such-email")).rejects.toThrow("That email could not be found.");
  });

  it("pages through the outbox newest first", async () => {
    const { outbox } = worker(fakeTransport(0));
    const all = await outbox.list({ first: 100 });
    const first = await outbox.list({ first: 1 });
    const second = await outbox.list({ first: 1, after: first.items[0].id });
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(all.items.slice(0, 2).map((item) => item.id));
    expect(first.hasNextPage).toBe(true);
  });
});

describe("outboxEmails and retryOutboxEmail (GraphQL, owners)", () => {
  let store: TestStore;
  let owner: Caller;
  beforeAll(async () => {
    store = await startTestStore();
    owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  }, 60_000);
  afterAll(() => store.close());

  it("lists the dead letters with their last error, and puts one back in the queue", async () => {
    await store.db.outboxEmail.create({
      data: {
        id: "dead-letter-1",
        websiteId: DEMO_WEBSITE_ID,
        kind: "RESTOCK",
        dedupeKey: "dead-letter-1",
        toEmail: "gone@example.com",
        subject: "Back in stock",
        textBody: "Good news.",
        status: "FAILED",
        attempts: 5,
        lastError: "550 Mailbox unavailable",
      },
    });
    const listed = await owner.graphql(`{ outboxEmails(first: 10, status: FAILED) { edges { node { emailId toEmail status attempts lastError } } } }`);
    expect(listed.errors).toBeUndefined();
    expect(listed.data.outboxEmails.edges).toEqual([
      { node: { emailId: "dead-letter-1", toEmail: "gone@example.com", status: "FAILED", attempts: 5, lastError: "550 Mailbox unavailable" } },
    ]);
    const retried = await owner.graphql(
      `mutation { retryOutboxEmail(input: { emailId: "dead-letter-1" }) { __typename ... on RetryOutboxEmailSuccess { email { status attempts } } ... on Error { message } } }`,
    );
    expect(retried.data.retryOutboxEmail).toEqual({ __typename: "RetryOutboxEmailSuccess", email: { status: "PENDING", attempts: 0 } });
    const again = await owner.graphql(`mutation { retryOutboxEmail(input: { emailId: "dead-letter-1" }) { __typename ... on Error { message } } }`);
    expect(again.data.retryOutboxEmail).toEqual({ __typename: "NotAllowedError", message: "Only an email that could not be delivered can be sent again." });
  });
});
