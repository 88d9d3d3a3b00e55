// Applies the committed migration SQL directly, without the Prisma CLI: for tests (a fresh database
// per test file in milliseconds) and for throwaway databases in scripts. `npm start` uses
// `prisma migrate deploy`, which also records what it applied.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl, postgresConnectionFields, projectRoot, providerOf } from "./urls.ts";

export function migrationScripts(provider: "sqlite" | "postgresql"): string[] {
  const folder = join(projectRoot, provider === "sqlite" ? "prisma/migrations" : "prisma/postgres/migrations");
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => readFileSync(join(folder, name, "migration.sql"), "utf8"));
}

export async function applyMigrations(url: string): Promise<void> {
  if (isPostgresUrl(url)) {
    const client = new pg.Client(postgresConnectionFields(url));
    await client.connect();
    try {
      for (const script of migrationScripts("postgresql")) await client.query(script);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(url.replace(/^file:/, ""));
  try {
    for (const script of migrationScripts("sqlite")) db.exec(script);
  } finally {
    db.close();
  }
}

/** The committed migrations' folder names, in order. */
export function migrationNames(provider: "sqlite" | "postgresql"): string[] {
  const folder = join(projectRoot, provider === "sqlite" ? "prisma/migrations" : "prisma/postgres/migrations");
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const APPLIED = "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL";

/**
 * The committed migrations `prisma migrate deploy` has not recorded as applied, read directly (a
 * restart with nothing to apply skips the Prisma CLI, which costs about a second to start).
 */
export async function pendingMigrations(url: string): Promise<string[]> {
  const provider = providerOf(url);
  let applied: string[];
  if (provider === "postgresql") {
    const client = new pg.Client(postgresConnectionFields(url));
    await client.connect();
    try {
      applied = (await client.query<{ migration_name: string }>(APPLIED)).rows.map((row) => row.migration_name);
    } catch {
      applied = []; // no _prisma_migrations table yet
    } finally {
      await client.end();
    }
  } else {
    const path = url.replace(/^file:/, "");
    if (!existsSync(path)) return migrationNames(provider);
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      applied = (db.prepare(APPLIED).all() as { migration_name: string }[]).map((row) => row.migration_name);
    } catch {
      applied = [];
    } finally {
      db.close();
    }
  }
  const done = new Set(applied);
  return migrationNames(provider).filter((name) => !done.has(name));
}
