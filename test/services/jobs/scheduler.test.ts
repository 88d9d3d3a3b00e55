// The scheduler and its database leases (services/jobs/): one process at a time runs a job, a running
// job keeps its lease by renewing it, a dead holder's lease lapses, and a job runs once per interval
// however many processes there are. Two "processes" are two schedulers with their own holder names
// on one database; the clock and the timers are fakes, nothing waits.
import type { Db } from "../../../server/db/client.ts";
import { JobLeases, Scheduler, type Job, type Timers } from "../../../server/services/jobs/index.ts";
import { TICK_SLACK_MS } from "../../../server/services/jobs/scheduler.ts";
import { createTestDb } from "../../support/db.ts";
import { manualTimers } from "../../support/timers.ts";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await createTestDb()));
afterAll(() => close());

let nowMs = Date.parse("2030-01-01T00:00:00Z");
const now = () => new Date(nowMs);
const advance = (ms: number) => void (nowMs += ms);

let sequence = 0;
/** A job with a fresh lease name that counts its runs; `hold` makes a run wait until released. */
function countingJob(intervalMs = 10_000) {
  let release: (() => void) | null = null;
  const job = {
    name: `job-${++sequence}`,
    intervalMs,
    runs: 0,
    hold: false,
    release: () => release?.(),
    run: async () => {
      job.runs++;
      if (job.hold) await new Promise<void>((resolve) => (release = resolve));
    },
  };
  return job;
}

const instance = (holder: string, jobs: Job[], timers: Timers = manualTimers(), leaseMs = 60_000) =>
  new Scheduler(new JobLeases(db, holder, now), jobs, { now, timers, leaseMs, onError: (name, error) => console.error(name, error) });

it("runs a job in exactly one of two processes that try at once", async () => {
  const job = countingJob();
  const ran = await Promise.all([instance("a", [job]).runDue(), instance("b", [job]).runDue()]);
  expect(ran.flat()).toEqual([job.name]);
  expect(job.runs).toBe(1);
});

it("runs a job once per interval across processes, then lets whichever process comes first run it", async () => {
  const job = countingJob(10_000);
  const a = instance("a", [job]);
  const b = instance("b", [job]);
  expect(await a.runDue()).toEqual([job.name]);
  // Held for the interval, less the slack a timer may fire early by.
  advance(10_000 - TICK_SLACK_MS - 1);
  expect([await a.runDue(), await b.runDue()]).toEqual([[], []]);
  advance(1);
  expect(await b.runDue()).toEqual([job.name]);
  expect(await a.runDue()).toEqual([]);
  expect(job.runs).toBe(2);
  expect(await db.jobLease.findUniqueOrThrow({ where: { name: job.name } })).toMatchObject({
    holder: "b",
    expiresAt: new Date(nowMs + 10_000 - TICK_SLACK_MS),
  });
});

it("keeps the lease of a run that outlasts it by renewing it, so no other process starts the job meanwhile", async () => {
  const job = countingJob(1_000);
  job.hold = true;
  const timers = manualTimers();
  const a = instance("a", [job], timers, 60_000);
  const running = a.run(job);
  while (job.runs === 0) await new Promise((resolve) => setImmediate(resolve));
  for (let minute = 0; minute < 5; minute++) {
    advance(50_000);
    timers.fire(); // the renewal timer (every 20 s of lease) fires
    await new Promise((resolve) => setImmediate(resolve));
    await db.jobLease.findUniqueOrThrow({ where: { name: job.name } }); // let the renewal's write land
    expect(await instance("b", [job]).runDue()).toEqual([]);
  }
  job.release();
  expect(await running).toBe(true);
  expect(job.runs).toBe(1);
  expect(timers.active()).toBe(0);
});

it("lets another process take the job over when its holder died mid-run (the lease lapses)", async () => {
  const job = countingJob(1_000);
  job.hold = true;
  void instance("dead", [job]).run(job); // never released, never renewed: the process is gone
  while (job.runs === 0) await new Promise((resolve) => setImmediate(resolve));
  expect(await instance("b", [job]).runDue()).toEqual([]);
  advance(60_000);
  job.hold = false;
  expect(await instance("b", [job]).runDue()).toEqual([job.name]);
  expect(job.runs).toBe(2);
});

it("start() runs each job at once and on its timer; stop() clears the timers and waits for a run in progress", async () => {
  const job = countingJob(5_000);
  const timers = manualTimers();
  const scheduler = instance("a", [job], timers);
  scheduler.start();
  expect(timers.active()).toBe(1);
  while (job.runs === 0) await new Promise((resolve) => setImmediate(resolve));
  await scheduler.stop();
  expect(timers.active()).toBe(0);
  advance(5_000);
  timers.fire();
  expect(await scheduler.runDue()).toEqual([]);
  expect(job.runs).toBe(1);
});

it("with its timers off (JOBS=off), start() runs nothing and sets no timer; runDue() still runs the jobs", async () => {
  const job = countingJob(5_000);
  const timers = manualTimers();
  const scheduler = new Scheduler(new JobLeases(db, "a", now), [job], { now, timers, onTimers: false });
  scheduler.start();
  expect(timers.active()).toBe(0);
  expect(job.runs).toBe(0);
  expect(await scheduler.runDue()).toEqual([job.name]);
  expect(job.runs).toBe(1);
  await scheduler.stop();
});

it("reports a failing job and still holds its lease until the next run", async () => {
  const errors: string[] = [];
  const job: Job = { name: `failing-${++sequence}`, intervalMs: 1_000, run: async () => Promise.reject(new Error("smtp down")) };
  const scheduler = new Scheduler(new JobLeases(db, "a", now), [job], {
    now,
    timers: manualTimers(),
    onError: (name, error) => errors.push(`${name}: ${(error as Error).message}`),
  });
  expect(await scheduler.runDue()).toEqual([job.name]);
  expect(errors).toEqual([`${job.name}: smtp down`]);
  expect(await instance("b", [job]).runDue()).toEqual([]);
});
