// Applies the committed migration SQL directly, without the Prisma CLI: for tests (a fresh database
// per test file in milliseconds) and for throwaway databases in scripts. `npm start` uses
// `prisma migrate deploy`, which also records what it applied.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl, postgresConnectionFields, projectRoot } from "./urls.ts";

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
