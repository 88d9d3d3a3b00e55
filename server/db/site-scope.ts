// Row-level security on PostgreSQL (issue 21): a site's services reach the database as the role
// SITE_ROLE with the site's id in the setting SITE_SETTING, and the policies of the migration
// `row_level_security` let that role see and write only the rows whose `websiteId` is that id. A query
// that forgets its `websiteId` filter so still returns nothing of another site.
//
// How the id reaches the connection: a site's client (`siteClient`) runs every operation inside
// `siteScope.run(websiteId)`; the pool under the site clients (SiteBoundPool) reads the id from the
// calling async context when it hands out a connection and, when the connection was last bound to
// another site, binds it with one `set_config` statement (none while it serves the same site, which
// is every statement of a single-site deployment after the first). No id in the context (code that
// used the site pool without a site client) binds the empty id, which no row has: it fails closed.
//
// The platform's own work (which site a host names, the operator, the jobs' leases, the seed, tests'
// set-up) runs on the application's other pool, as the connecting role, to which the policies do not
// apply (the owner of the tables, or a superuser).
//
// Prisma batches the `findUnique` calls of one tick into one statement, run in the context of the first:
// two sites' calls in the same tick would run as the first site, and the second would find nothing
// (never another site's row). Work for a site starts from its own request, socket or job turn, so the
// calls of two sites do not meet in one tick.
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

/** The role a site's statements run as (created by the migration `row_level_security`). */
export const SITE_ROLE = "sitecart_site";
/** The setting the policies compare `websiteId` with. */
export const SITE_SETTING = "sitecart.website_id";

const siteScope = new AsyncLocalStorage<string>();

/** Runs `work` as the site `websiteId` on the site pool (statements started inside it are the site's). */
export function runAsSite<T>(websiteId: string, work: () => T): T {
  return siteScope.run(websiteId, work);
}

const bindings = new WeakMap<pg.PoolClient, string>();

/** A pg pool whose connections run as SITE_ROLE bound to the site of the async context that asks for them. */
export class SiteBoundPool extends pg.Pool {
  override async connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    if (callback) throw new Error("SiteBoundPool hands out connections through promises only");
    const websiteId = siteScope.getStore() ?? "";
    return super.connect().then(async (client) => {
      if (bindings.get(client) === websiteId) return client;
      try {
        await client.query("SELECT set_config('role', $1, false), set_config($2, $3, false)", [SITE_ROLE, SITE_SETTING, websiteId]);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      bindings.set(client, websiteId);
      return client;
    });
  }

  // adapter-pg sends every statement outside a transaction through `pool.query`: take a bound connection.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads; adapter-pg uses (config, values) only
  override query(config: any, values?: any): any {
    return this.connect().then(async (client) => {
      try {
        const result = await client.query(config, values);
        client.release();
        return result;
      } catch (error) {
        // A statement the server refused leaves the connection usable; anything else may not.
        client.release(error instanceof pg.DatabaseError ? undefined : (error as Error));
        throw error;
      }
    });
  }
}
