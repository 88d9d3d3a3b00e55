// npm run products (issue 23), run as a merchant runs it, against a database of its own holding the
// demo store: a dry run writes nothing and names the problem rows (exit 1), the import writes the good
// products, a second import changes nothing, and the export reads back in as the same catalogue.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "../../server/db/client.ts";
import { createDb } from "../../server/db/client.ts";
import { projectRoot } from "../../server/db/urls.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createTestDatabase, type TestDatabase } from "../support/db.ts";

// Each run starts Node, tsx and Prisma: seconds on a busy machine.
const CLI_MS = 60_000;

let database: TestDatabase;
let db: Db;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase("demo-store");
  db = await createDb(database.url);
  dir = await mkdtemp(join(tmpdir(), "products-cli-"));
});
afterAll(async () => {
  await db.$disconnect();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
});

function products(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", join("scripts", "products.ts"), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: database.url, REDIS_URL: "", SITECART_WEBSITE_ID: DEMO_WEBSITE_ID },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })));
}

const FILE = [
  "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price",
  "cli-scarf,CLI Scarf,Color,Red,CLI-RED,4,12.00",
  "cli-scarf,,,Blue,CLI-BLUE,2,12.00",
  "cli-bad,CLI Bad,,,CLI-BAD,lots,3.00",
].join("\n");
const count = () => db.product.count({ where: { websiteId: DEMO_WEBSITE_ID, slug: { startsWith: "cli-" } } });

it(
  "checks with --dry-run, imports, changes nothing the second time, and exports what it imports",
  async () => {
    const file = join(dir, "in.csv");
    await writeFile(file, FILE);
    const dry = await products(["import", file, "--dry-run"]);
    expect(dry.status).toBe(1);
    expect(dry.stderr).toContain("Row 4, Variant Inventory Qty: Write the stock as a whole number from 0 to 1000000, or leave it empty for unlimited stock.");
    expect(dry.stdout).toContain("Dry run: nothing was written.");
    expect(await count()).toBe(0);

    const first = await products(["import", file]);
    expect(first.stdout).toContain("Imported: 1 created, 0 updated, 0 unchanged.");
    expect(await count()).toBe(1);
    const second = await products(["import", file]);
    expect(second.stdout).toContain("Imported: 0 created, 0 updated, 1 unchanged.");

    const out = join(dir, "out.csv");
    const exported = await products(["export", out]);
    expect(exported.status).toBe(0);
    const text = await readFile(out, "utf8");
    expect(text).toContain("cli-scarf,CLI Scarf");
    const again = await products(["import", out, "--dry-run"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/0 to create, 0 to update, \d+ unchanged, 0 skipped because of errors/);

    const orders = await products(["export-orders"]);
    expect(orders.status).toBe(0);
    expect(orders.stdout.split("\r\n")[0]).toContain("Order Number,Created At,Email");
  },
  CLI_MS * 8,
);

it(
  "answers bad arguments with the usage and exit code 2",
  async () => {
    const run = await products(["import"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("usage: npm run products");
  },
  CLI_MS,
);

it(
  "refuses a site no id, slug or host names, with the operator's message and exit code 1",
  async () => {
    const run = await products(["export", "--site", "no-such-store"]);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('There is no site "no-such-store" (give its id, slug or one of its host names).');
    expect(run.stdout).toBe("");
  },
  CLI_MS,
);
