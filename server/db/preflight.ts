// Checks made before the server (or `npm start`'s migration) touches the database, so that an
// unreachable PostgreSQL or a SQLite file held by another process stops the process with one line
// saying so (exit 1) instead of a stack trace or a schema-engine error.
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl, postgresConnectionFields } from "./urls.ts";

const CONNECT_TIMEOUT_MS = 5000;

/** One line describing why the database cannot be used, or null when it answers. */
export async function databaseProblem(url: string): Promise<string | null> {
  if (!isPostgresUrl(url)) return null; // SQLite: the file is created on first use
  const fields = postgresConnectionFields(url);
  const client = new pg.Client({ ...fields, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on("error", () => {}); // a connection dropped after the check is not this check's concern
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    const reason = ((error as Error).message || String(error)).split("\n")[0];
    return `Database: cannot reach PostgreSQL at ${fields.host}:${fields.port} (database "${fields.database}"): ${reason}`;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Whether another process has the SQLite file open (a server on it, a shell holding a lock):
 * changing the journal mode needs the file to itself. Used before migrating, which needs that too.
 * Leaves the journal mode as it was.
 */
export function isSqliteFileHeld(url: string): boolean {
  const path = url.replace(/^file:/, "");
  if (!existsSync(path)) return false;
  const db = new Database(path, { timeout: 0, fileMustExist: true });
  try {
    const mode = db.pragma("journal_mode", { simple: true }) as string;
    const other = mode === "delete" ? "truncate" : "delete";
    db.pragma(`journal_mode = ${other}`);
    db.pragma(`journal_mode = ${mode}`);
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY") || (error as { code?: string }).code?.startsWith("SQLITE_LOCKED")) return true;
    throw error;
  } finally {
    db.close();
  }
}
