// The application's PrismaClient. Each provider has its own generated client (a client embeds its
// provider's query compiler); their model types are identical, so the app types everything with the
// SQLite client's types (docs/toolchain.md §1).
import { PrismaClient as SqliteClient } from "../generated/prisma/client.ts";
import { createAdapterFactory, type AdapterOptions } from "./adapters.ts";
import { isPostgresUrl } from "./urls.ts";

export type Db = SqliteClient;
export type { Prisma } from "../generated/prisma/client.ts";
/** The client handed to a $transaction callback. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export async function createDb(url: string, options: AdapterOptions = {}): Promise<Db> {
  const adapter = createAdapterFactory(url, options);
  if (isPostgresUrl(url)) {
    const { PrismaClient } = await import("../generated/prisma-postgres/client.ts");
    return new PrismaClient({ adapter }) as unknown as Db;
  }
  return new SqliteClient({ adapter });
}
