// Issue 23, as an operator meets it: a production start on a fresh database loads no demo store and
// prints no password, only a one-time setup link (a restart prints a new one, retiring the earlier);
// `npm run owner -- create` prints a link for an address, or invites when the site has an owner;
// `npm run seed` refuses to replace a site with orders or an owner of its own unless --force.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import { createDb } from "../../server/db/client.ts";
import { projectRoot } from "../../server/db/urls.ts";
import { createTestDatabase, type TestDatabase } from "../support/db.ts";
import { runServer, stopProcess, type ServerProcess } from "../support/processes.ts";

// Each run starts Node, tsx and Prisma: seconds on a busy machine.
const CLI_MS = 60_000;
const LINK = /(http:\/\/\S+\/config\/setup\?token=[A-Za-z0-9_-]+)/;

let database: TestDatabase;
let db: Db;
beforeEach(async () => {
  database = await createTestDatabase("migrated");
  db = await createDb(database.url);
});
afterEach(async () => {
  await db.$disconnect();
  await database.drop();
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A script as `npm run <name> -- …` runs it, on this test's database. */
function script(name: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, ["--import", "tsx", join("scripts", `${name}.ts`), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: database.url, SITECART_PUBLIC_URL: "https://shop.example", REDIS_URL: "", NODE_OPTIONS: "", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })));
}

/** Starts the server in production on this test's database and resolves with what it printed up to its setup link. */
async function productionStart(): Promise<{ server: ServerProcess; output: string }> {
  const server = runServer({ DATABASE_URL: database.url, NODE_ENV: "production", PORT: "0", JOBS: "off", SITECART_DEMO: "", SITECART_PUBLIC_URL: "" });
  const output = await new Promise<string>((resolve, reject) => {
    const check = () => (LINK.test(server.output()) ? resolve(server.output()) : undefined);
    server.child.stdout!.on("data", check);
    void server.exited.then((code) => reject(new Error(`server exited with ${code}: ${server.output()}`)));
  });
  await stopProcess(server.child);
  return { server, output };
}

const tokenOf = (output: string) => new URL(LINK.exec(output)![1]).searchParams.get("token")!;

it(
  "a production start on a fresh database loads nothing, prints no password and a setup link; a restart retires it",
  async () => {
    const first = await productionStart();
    expect(first.output).not.toMatch(/password|Demo sign-ins|owner@sitecart\.test/);
    expect(first.output).toContain("This store has no owner yet. Create it with this one-time link (valid 24 hours; a restart prints a new one):");
    expect(await db.product.count({ where: { websiteId: DEMO_WEBSITE_ID } })).toBe(0);
    expect(await db.account.count({ where: { websiteId: DEMO_WEBSITE_ID } })).toBe(0);
    expect((await db.website.findUniqueOrThrow({ where: { id: DEMO_WEBSITE_ID } })).title).toBe("New store");

    const second = await productionStart();
    expect(tokenOf(second.output)).not.toBe(tokenOf(first.output));
    const live = await db.siteSetupToken.count({ where: { websiteId: DEMO_WEBSITE_ID, usedAt: null, expiresAt: { gt: new Date() } } });
    expect(live).toBe(1);
  },
  CLI_MS * 2,
);

it(
  "npm run owner -- create prints a setup link for the address, and an invitation once the site has an owner",
  async () => {
    const run = await script("owner", ["create", "Boss@Example.com"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^The one-time setup link for boss@example\.com, the store's first owner \(valid 24 hours\):\n {2}https:\/\/shop\.example\/config\/setup\?token=[A-Za-z0-9_-]{32}\n$/,
    );
    expect(await db.siteSetupToken.findFirst({ where: { websiteId: DEMO_WEBSITE_ID }, select: { email: true } })).toEqual({ email: "boss@example.com" });

    await db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: "owner@example.com", passwordHash: "x", role: 1 } });
    const invited = await script("owner", ["create", "second@example.com"]);
    expect(invited.status).toBe(0);
    expect(invited.stdout).toContain("The store has an owner already: second@example.com is invited as admin instead.");
    expect(await db.contributorInvitation.count({ where: { websiteId: DEMO_WEBSITE_ID, email: "second@example.com", role: 1 } })).toBe(1);

    const bad = await script("owner", ["create", "not-an-email"]);
    expect(bad).toMatchObject({ status: 1, stdout: "", stderr: '"not-an-email" is not a valid email address for the owner.\n' });
    const unknownSite = await script("owner", ["create", "a@example.com", "--site", "nowhere"]);
    expect(unknownSite.status).toBe(1);
    const usage = await script("owner", ["make", "a@example.com"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("usage: npm run owner -- create <email> [--site SITE]");
  },
  CLI_MS * 5,
);

it(
  "npm run seed refuses a site with an owner of its own, in one line naming --force, and replaces it with --force",
  async () => {
    // A database `npm run seed` migrates itself (the test template has no migration history).
    const folder = mkdtempSync(join(tmpdir(), "sitecart-seed-"));
    const env = { DATABASE_URL: `file:${join(folder, "shop.db")}` };
    const seed = (args: string[]) => script("seed", args, env);
    const fresh = await seed([]);
    expect(fresh.status).toBe(0);
    // The demo's own accounts are not a reason to refuse: seeding again is fine.
    expect((await seed([])).status).toBe(0);
    await db.$disconnect();
    db = await createDb(env.DATABASE_URL);

    await db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: "real@example.com", passwordHash: "x", role: 1 } });
    const refused = await seed([]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      "Refusing to reset sitecart-demo: it has 1 contributor who is not a demo account. Run npm run seed -- --force to replace it with the demo store anyway.\n",
    );
    expect(await db.account.count({ where: { email: "real@example.com" } })).toBe(1);

    const forced = await seed(["--force"]);
    expect(forced.status).toBe(0);
    expect(await db.account.count({ where: { email: "real@example.com" } })).toBe(0);
    rmSync(folder, { recursive: true, force: true });
  },
  CLI_MS * 4,
);
