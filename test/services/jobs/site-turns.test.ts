// Site jobs on the scheduler (issue 21): each run gives every site one bounded turn, starting with
// another site each run; a turn runs under the lease `${job}:${websiteId}`, so two processes split the
// sites and a site's turn runs once per interval; a failing site does not stop the others. The sites
// and their work are stand-ins here (the real jobs over two seeded sites: two-sites.test.ts).
import type { Db } from "../../../server/db/client.ts";
import { JobLeases, Scheduler, type SiteJob } from "../../../server/services/jobs/index.ts";
import { createTestDb } from "../../support/db.ts";
import { manualTimers, noTimers } from "../../support/timers.ts";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await createTestDb()));
afterAll(() => close());

let nowMs = Date.parse("2030-01-01T00:00:00Z");
const now = () => new Date(nowMs);

let sequence = 0;
/** A site job over `queues` (site -> items waiting) that handles at most `batch` items of a site per turn. */
function queueJob(queues: Record<string, number>, { batch = 10, intervalMs = 10_000 } = {}) {
  const job = {
    name: `site-job-${++sequence}`,
    intervalMs,
    /** The sites in the order their turns ran. */
    turns: [] as string[],
    failing: new Set<string>(),
    /** Called at the start of each turn (a test advances the clock or stops the scheduler there). */
    onTurn: async (_websiteId: string): Promise<unknown> => undefined,
    sites: async () => Object.keys(queues),
    runSite: async (websiteId: string) => {
      job.turns.push(websiteId);
      await job.onTurn(websiteId);
      if (job.failing.has(websiteId)) throw new Error(`${websiteId} is down`);
      queues[websiteId] -= Math.min(batch, queues[websiteId]);
    },
  } satisfies SiteJob & Record<string, unknown>;
  return job;
}

const errors: string[] = [];
const instance = (holder: string, job: SiteJob, timers = noTimers) =>
  new Scheduler(new JobLeases(db, holder, now), [job], { now, timers, onError: (lease, error) => errors.push(`${lease}: ${(error as Error).message}`) });

it("gives every site one bounded turn per run, so a site with many due items does not delay another's one", async () => {
  const queues = { a: 1_000, b: 1 };
  const job = queueJob(queues, { batch: 10 });
  expect(await instance("p", job).runDue()).toEqual([job.name]);
  expect(queues).toEqual({ a: 990, b: 0 });
});

it("starts each run with another site, so no site is always first", async () => {
  const job = queueJob({ a: 5, b: 5, c: 5 });
  const scheduler = instance("p", job);
  for (let run = 0; run < 3; run++) {
    await scheduler.runDue();
    nowMs += job.intervalMs;
  }
  expect(job.turns).toEqual(["a", "b", "c", "b", "c", "a", "c", "a", "b"]);
});

it("takes a lease per job and site: two processes on one database run each site's turn once", async () => {
  const job = queueJob({ a: 5, b: 5, c: 5 });
  await Promise.all([instance("p", job).runDue(), instance("q", job).runDue()]);
  expect([...job.turns].sort()).toEqual(["a", "b", "c"]);
  const leases = await db.jobLease.findMany({ where: { name: { startsWith: `${job.name}:` } }, orderBy: { name: "asc" } });
  expect(leases.map((lease) => lease.name)).toEqual([`${job.name}:a`, `${job.name}:b`, `${job.name}:c`]);
  // Within the interval neither process runs any site again.
  nowMs += job.intervalMs / 2;
  expect([await instance("p", job).runDue(), await instance("q", job).runDue()]).toEqual([[], []]);
  expect(job.turns).toHaveLength(3);
});

it("lets a second process take the sites the first has not reached yet", async () => {
  const job = queueJob({ a: 5, b: 5, c: 5 });
  const second = instance("q", job);
  // While the first process is on site a, the second runs: it finds a held and takes b and c.
  job.onTurn = async (websiteId) => (websiteId === "a" ? second.runDue() : undefined);
  await instance("p", job).runDue();
  expect(job.turns).toEqual(["a", "b", "c"]);
  const leases = await db.jobLease.findMany({ where: { name: { startsWith: `${job.name}:` } }, orderBy: { name: "asc" } });
  expect(leases.map((lease) => lease.holder)).toEqual(["p", "q", "q"]);
});

it("holds each site's lease from when the run was due: a site reached late in a long run is due again on the next tick", async () => {
  const job = queueJob({ a: 5, b: 5 });
  job.onTurn = async () => void (nowMs += 3_000); // each turn takes 3 s
  const scheduler = instance("p", job);
  const tick = nowMs;
  await scheduler.runDue();
  nowMs = tick + job.intervalMs;
  await scheduler.runDue();
  expect(job.turns).toEqual(["a", "b", "b", "a"]);
});

it("reports a failing site under its lease and still gives the other sites their turn", async () => {
  const job = queueJob({ a: 5, b: 5 });
  job.failing.add("a");
  errors.length = 0;
  expect(await instance("p", job).runDue()).toEqual([job.name]);
  expect(errors).toEqual([`${job.name}:a: a is down`]);
  expect(job.turns).toEqual(["a", "b"]);
});

it("stop() ends a run after the site in progress, without waiting for the remaining sites", async () => {
  const job = queueJob({ a: 5, b: 5, c: 5 });
  const timers = manualTimers();
  const scheduler = instance("p", job, timers);
  let stopping: Promise<void> | null = null;
  job.onTurn = async () => void (stopping ??= scheduler.stop());
  scheduler.start();
  while (!stopping) await new Promise((resolve) => setImmediate(resolve));
  await stopping;
  expect(job.turns).toEqual(["a"]);
  expect(timers.active()).toBe(0);
});
