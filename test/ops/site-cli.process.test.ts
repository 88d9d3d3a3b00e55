// npm run site (issue 21), run as the operator runs it, against a database of its own: create → list →
// status → add-domain → remove-domain → remove; a refused operation exits 1 with the reason, bad
// arguments exit 2 with the usage; with REDIS_URL a change reaches running servers' event bus.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { Db } from "../../server/db/client.ts";
import { createDb } from "../../server/db/client.ts";
import { projectRoot } from "../../server/db/urls.ts";
import { createRealtimeBus } from "../../server/realtime/pubsub.ts";
import { createTestDatabase, type TestDatabase } from "../support/db.ts";
import { freePort, startRedis, stopProcess } from "../support/processes.ts";

// Each run starts Node, tsx and Prisma: seconds on a busy machine.
const CLI_MS = 60_000;

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase("migrated");
  db = await createDb(database.url);
});
afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI as `npm run site -- …` runs it, from the project, with this test's database and no Redis unless given. */
function site(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, ["--import", "tsx", join("scripts", "site.ts"), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: database.url, PLATFORM_DOMAIN: "sites.example", SITECART_PUBLIC_URL: "https://sites.example", REDIS_URL: "", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })));
}

const NO_REDIS = "Without REDIS_URL, running servers see the change within 30 seconds.";

describe("an operator's day", () => {
  let id: string;

  it(
    "creates a site and prints its id, its addresses and the owner's setup link",
    async () => {
      const run = await site(["create", "--name", "Tea Room", "--owner", "owner@tearoom.com", "--currency", "GBP", "--trial"]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const lines = run.stdout.trim().split("\n");
      id = /^Created site (\S+)\.$/.exec(lines[0])![1];
      expect(lines.slice(1)).toEqual([
        "Addresses:",
        "  https://tea-room.sites.example (primary)",
        "The owner's one-time setup link (valid 7 days):",
        expect.stringMatching(/^ {2}https:\/\/tea-room\.sites\.example\/config\/accept-invitation\?token=[\w-]+$/),
        NO_REDIS,
      ]);
      expect(await db.website.findUniqueOrThrow({ where: { id } })).toMatchObject({ slug: "tea-room", title: "Tea Room", currency: "GBP", status: 3 });
    },
    CLI_MS,
  );

  it(
    "lists the sites",
    async () => {
      const run = await site(["list"]);
      expect(run.status).toBe(0);
      const [header, row] = run.stdout.trim().split("\n");
      expect(header.split(/ {2,}/)).toEqual(["id", "slug", "title", "status", "created", "hosts (primary first)"]);
      expect(row.split(/ {2,}/)).toEqual([id, "tea-room", "Tea Room", "trial", expect.stringMatching(/^\d{4}-\d\d-\d\d$/), "tea-room.sites.example"]);
    },
    CLI_MS,
  );

  it(
    "sets a status by name",
    async () => {
      const run = await site(["status", "tea-room", "pastDue"]);
      expect([run.status, run.stdout]).toEqual([0, `Site tea-room is now pastDue.\n${NO_REDIS}\n`]);
      expect((await db.website.findUniqueOrThrow({ where: { id } })).status).toBe(2);
    },
    CLI_MS,
  );

  it(
    "adds a primary custom domain",
    async () => {
      const run = await site(["add-domain", id, "Shop.TeaRoom.com", "--primary"]);
      expect([run.status, run.stdout]).toEqual([
        0,
        `Added shop.tearoom.com to site tea-room.\nAddresses:\n  https://shop.tearoom.com (primary)\n  https://tea-room.sites.example\n${NO_REDIS}\n`,
      ]);
      expect(await db.siteDomain.findMany({ where: { websiteId: id } })).toMatchObject([{ host: "shop.tearoom.com", primary: true }]);
    },
    CLI_MS,
  );

  it(
    "removes a domain",
    async () => {
      const run = await site(["remove-domain", "shop.tearoom.com"]);
      expect(run.status).toBe(0);
      expect(run.stdout.split("\n")[0]).toBe("Removed the domain shop.tearoom.com.");
      expect(await db.siteDomain.count({ where: { websiteId: id } })).toBe(0);
    },
    CLI_MS,
  );

  it(
    "removes the site (by one of its host names)",
    async () => {
      const run = await site(["remove", "tea-room.sites.example"]);
      expect([run.status, run.stdout]).toEqual([0, `Site tea-room is removed: it answers 410, and its data is deleted after 30 days.\n${NO_REDIS}\n`]);
      expect((await db.website.findUniqueOrThrow({ where: { id } })).status).toBe(5);
    },
    CLI_MS,
  );
});

describe("refusals", () => {
  it.each([
    [["status", "nowhere", "paid"], 'There is no site "nowhere" (give its id, slug or one of its host names).'],
    [["status", "tea-room", "gold"], '"gold" is not a site status: use one of expired, pastDue, trial, beta, removed, internal, comped, paid.'],
    [["create", "--name", "Another", "--slug", "tea-room", "--owner", "o@tearoom.com"], 'The slug "tea-room" is already taken by another site.'],
  ])(
    "exits 1 with the reason: %j",
    async (args, message) => {
      const run = await site(args);
      expect([run.status, run.stdout, run.stderr]).toEqual([1, "", `${message}\n`]);
    },
    CLI_MS,
  );

  it.each([
    [[], ""],
    [["frob"], "unknown command: frob"],
    [["create", "--name", "No Owner"], "create needs --name and --owner"],
    [["status", "tea-room"], "status takes 2 argument(s), got 1"],
    [["list", "--all"], "Unknown option '--all'"],
  ])(
    "exits 2 with the usage for bad arguments: %j",
    async (args, problem) => {
      const run = await site(args);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(problem);
      expect(run.stderr).toContain("usage: npm run site -- <command>");
      expect(run.stdout).toBe("");
    },
    CLI_MS,
  );
});

describe("with REDIS_URL", () => {
  let redis: ChildProcess;
  let redisUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    redisUrl = `redis://127.0.0.1:${port}`;
  });
  afterAll(() => stopProcess(redis));

  it(
    "tells the servers' event bus, and says so",
    async () => {
      const server = createRealtimeBus(redisUrl, () => {});
      const events = server.pubsub.subscribe("siteChanged");
      const heard = events.next();
      try {
        const run = await site(["create", "--name", "Redis Room", "--owner", "owner@redisroom.com"], { REDIS_URL: redisUrl });
        expect(run.status).toBe(0);
        expect(run.stdout.trim().split("\n").at(-1)).toBe("Running servers were told through Redis and answer the change at once.");
        const { id } = await db.website.findUniqueOrThrow({ where: { slug: "redis-room" } });
        expect((await heard).value).toEqual({ websiteId: id });
      } finally {
        await events.return?.();
        await server.close();
      }
    },
    CLI_MS,
  );
});
