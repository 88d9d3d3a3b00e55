// A fresh, migrated database for one test file: a temporary SQLite file by default, or a throwaway
// PostgreSQL database on the server of DATABASE_URL when that is a postgres URL (as in CI's second run).
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { seedDemoStore } from "../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { createDb, type Db } from "../../server/db/client.ts";
import { applyMigrations } from "../../server/db/migrations.ts";
import { isPostgresUrl, postgresConnectionFields, withDatabaseName } from "../../server/db/urls.ts";
import { templateFile, type DatabaseTemplate } from "./database-templates.ts";

export interface TestDatabase {
  url: string;
  provider: "sqlite" | "postgresql";
  /** It holds the demo store already (copied from the run's template). */
  demoStore: boolean;
  /** Drops the database (and its files). */
  drop(): Promise<void>;
}

export const testProvider = (): "sqlite" | "postgresql" => (process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL) ? "postgresql" : "sqlite");

/**
 * A fresh migrated database; on SQLite a copy of the run's template (database-templates.ts), the demo
 * store included when `template` is "demo-store" (see `demoStore`).
 */
export async function createTestDatabase(template: DatabaseTemplate = "migrated"): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl && isPostgresUrl(baseUrl)) {
    const base = postgresConnectionFields(baseUrl).database;
    const name = `${base}_t${process.pid}_${Math.random().toString(36).slice(2, 8)}`.slice(0, 63);
    const admin = new pg.Client(postgresConnectionFields(baseUrl));
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = withDatabaseName(baseUrl, name);
    await applyMigrations(url);
    return {
      url,
      provider: "postgresql",
      demoStore: false,
      async drop() {
        const client = new pg.Client(postgresConnectionFields(baseUrl));
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const folder = mkdtempSync(join(tmpdir(), "sitecart-test-"));
  const file = join(folder, "test.db");
  const seeded = template === "demo-store" ? templateFile("demo-store") : null;
  const source = seeded ?? templateFile("migrated");
  if (source) copyFileSync(source, file);
  else await applyMigrations(`file:${file}`);
  return { url: `file:${file}`, provider: "sqlite", demoStore: seeded !== null, drop: async () => rmSync(folder, { recursive: true, force: true }) };
}

export interface QueryLog {
  statements: string[];
  /** Statements since the last reset, without transaction control (BEGIN/COMMIT/...). */
  count(): number;
  reset(): void;
}

/**
 * A migrated database and a client on it that records every SQL statement it sends; with `demoStore`,
 * seeded with the demo store (a copy of the run's seeded template when there is one).
 */
export async function createTestDb({ demoStore = false } = {}): Promise<{ db: Db; database: TestDatabase; queries: QueryLog; close(): Promise<void> }> {
  const database = await createTestDatabase(demoStore ? "demo-store" : "migrated");
  const statements: string[] = [];
  const queries: QueryLog = {
    statements,
    count: () => statements.filter((sql) => !/^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/i.test(sql)).length,
    reset: () => void statements.splice(0),
  };
  const db = await createDb(database.url, { observe: (sql) => statements.push(sql) });
  if (demoStore && !database.demoStore) await seedDemoStore(db, DEMO_WEBSITE_ID);
  return {
    db,
    database,
    queries,
    async close() {
      await db.$disconnect();
      await database.drop();
    },
  };
}
