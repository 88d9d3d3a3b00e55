// jest globalSetup/globalTeardown of the server and process projects: a migrated SQLite database and
// a copy with the demo store seeded, built once per run, so each test file copies a file instead of
// applying every migration and seeding again (seconds on a busy 2-core machine, inside a 5 s hook).
// Built fresh every run, from the code under test: nothing is cached between runs. PostgreSQL runs
// (DATABASE_URL=postgres://...) keep making their databases as before.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { seedDemoStore } from "../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createDb } from "../../server/db/client.ts";
import { applyMigrations } from "../../server/db/migrations.ts";
import { isPostgresUrl } from "../../server/db/urls.ts";

/** Where the templates are, for the test workers (they inherit the environment set here). */
export const TEMPLATES_VARIABLE = "SITECART_TEST_DATABASE_TEMPLATES";

export type DatabaseTemplate = "migrated" | "demo-store";

/** The template's file, when this run built one (SQLite runs under jest). */
export function templateFile(template: DatabaseTemplate): string | null {
  const folder = process.env[TEMPLATES_VARIABLE];
  const file = folder ? join(folder, `${template}.db`) : null;
  return file && existsSync(file) ? file : null;
}

export default async function buildDatabaseTemplates(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  // Both projects name this set-up: the first one to run builds the templates for the run.
  if ((databaseUrl && isPostgresUrl(databaseUrl)) || templateFile("demo-store")) return;
  const folder = mkdtempSync(join(tmpdir(), "sitecart-test-templates-"));
  const migrated = join(folder, "migrated.db");
  await applyMigrations(`file:${migrated}`);
  const building = join(folder, "building.db");
  await applyMigrations(`file:${building}`);
  const db = await createDb(`file:${building}`);
  try {
    await seedDemoStore(db, DEMO_WEBSITE_ID);
  } finally {
    await db.$disconnect();
  }
  // One self-contained file (whatever the journal still holds), written last: its presence means done.
  const sqlite = new Database(building);
  try {
    sqlite.exec(`VACUUM INTO '${join(folder, "demo-store.db")}'`);
  } finally {
    sqlite.close();
  }
  process.env[TEMPLATES_VARIABLE] = folder;
}

export async function removeDatabaseTemplates(): Promise<void> {
  const folder = process.env[TEMPLATES_VARIABLE];
  if (folder) rmSync(folder, { recursive: true, force: true });
  delete process.env[TEMPLATES_VARIABLE];
}
