import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project's root folder (this file is server/db/urls.ts). */
export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The embedded database a fresh clone runs on. */
export const defaultDatabaseUrl = `file:${join(projectRoot, "prisma", "dev.db")}`;

export type DatabaseProvider = "sqlite" | "postgresql";

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Which database a URL or a Prisma client (a transaction client too) is for: a postgres:// URL or a
 * client generated for PostgreSQL is PostgreSQL, a file: URL or a client generated for SQLite is
 * SQLite (each provider has its own generated client, which records it: db/client.ts). Anything else
 * throws: no guess, so every caller answers the same for the same input.
 */
export function providerOf(source: string | object): DatabaseProvider {
  if (typeof source === "string") {
    if (isPostgresUrl(source)) return "postgresql";
    if (source.startsWith("file:")) return "sqlite";
    throw new Error(`Not a database URL Sitecart knows (postgres:// or file:): "${source.split(":")[0]}:..."`);
  }
  const provider = (source as { _activeProvider?: unknown })._activeProvider;
  if (provider === "sqlite" || provider === "postgresql") return provider;
  throw new Error(`Unknown Prisma provider ${String(provider)}`);
}

/**
 * DATABASE_URL, or the embedded SQLite file. A relative `file:` URL is resolved from the project root
 * (Prisma would resolve it from the working directory, which differs between npm scripts and jest).
 */
export function resolveDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.DATABASE_URL?.trim() || defaultDatabaseUrl;
  if (isPostgresUrl(url)) return url;
  if (!url.startsWith("file:")) throw new Error(`DATABASE_URL must be a postgres:// URL or a file: path, got "${url}"`);
  const path = url.slice("file:".length);
  return isAbsolute(path) ? url : `file:${join(projectRoot, path)}`;
}

/**
 * pg connection options as separate fields: adapter-pg derives its shadow database from them, which
 * does not work with a connectionString (docs/toolchain.md §1, fix 4).
 */
export function postgresConnectionFields(url: string) {
  const parsed = new URL(url);
  return {
    host: decodeURIComponent(parsed.hostname) || "127.0.0.1",
    port: parsed.port ? Number(parsed.port) : 5432,
    user: decodeURIComponent(parsed.username) || process.env.PGUSER || "postgres",
    password: decodeURIComponent(parsed.password) || undefined,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "postgres",
  };
}

/** The same server with another database name (tests and CI create throwaway databases). */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
