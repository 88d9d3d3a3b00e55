// The application's PrismaClient. Each provider has its own generated client (a client embeds its
// provider's query compiler); their model types are identical, so the app types everything with the
// SQLite client's types (docs/toolchain.md §1).
import { PrismaClient as SqliteClient } from "../generated/prisma/client.ts";
import { createAdapterFactory, type AdapterOptions } from "./adapters.ts";
import { runAsSite } from "./site-scope.ts";
import { isPostgresUrl } from "./urls.ts";

export type Db = SqliteClient;
export type { Prisma } from "../generated/prisma/client.ts";
/** The client handed to a $transaction callback. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** PostgreSQL: the client of the sites' pool (row-level security), made on a site's first use. */
const siteClients = new WeakMap<Db, () => Db>();

export async function createDb(url: string, options: AdapterOptions = {}): Promise<Db> {
  const adapter = createAdapterFactory(url, options);
  if (!isPostgresUrl(url)) return new SqliteClient({ adapter });
  const { PrismaClient } = await import("../generated/prisma-postgres/client.ts");
  const platform = new PrismaClient({ adapter }) as unknown as Db;
  let sites: Db | null = null;
  siteClients.set(platform, () => {
    sites ??= new PrismaClient({ adapter: createAdapterFactory(url, { ...options, siteBound: true }) }) as unknown as Db;
    return sites;
  });
  const disconnect = platform.$disconnect.bind(platform);
  platform.$disconnect = async () => {
    await Promise.all([disconnect(), sites?.$disconnect()]);
  };
  return platform;
}

/**
 * The client a site's services use: on PostgreSQL every statement it sends runs as the site, under
 * row-level security (db/site-scope.ts), so a query that forgets its `websiteId` filter sees no other
 * site's row; on SQLite, `db` itself (no row-level security there).
 */
export function siteClient(db: Db, websiteId: string): Db {
  const sites = siteClients.get(db)?.();
  if (!sites) return db;
  const scoped = sites.$extends({
    // `query` is lazy (a PrismaPromise runs when awaited): await it inside the site's context.
    query: { $allOperations: ({ args, query }) => runAsSite(websiteId, async () => await query(args)) },
  }) as unknown as Db;
  // A transaction takes its connection before its first operation: take it as the site.
  const transaction = ((...args: Parameters<Db["$transaction"]>) => runAsSite(websiteId, async () => await scoped.$transaction(...args))) as Db["$transaction"];
  return new Proxy(scoped, {
    get: (target, key, receiver) => (key === "$transaction" ? transaction : Reflect.get(target, key, receiver)),
  });
}
