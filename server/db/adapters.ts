// Driver adapters for Prisma's JS engine, shared by the server (db.ts) and the Prisma CLI
// (prisma.config.ts). Two adapter defects are fixed here rather than worked around in callers:
//  - adapter-better-sqlite3 serialises transactions but not plain statements, so a statement from
//    another request would run *inside* an open interactive transaction on the single connection
//    (seeing its uncommitted rows, and rolled back with it). SerialisedSqliteAdapter makes every
//    statement outside a transaction wait for the open transaction to end.
//  - the schema engine's migrations need the fixes of docs/toolchain.md §1 (multi-statement SQL on
//    the shadow database; PostgreSQL catalog types; a real PostgreSQL shadow database).
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  SqlQueryable,
  SqlResultSet,
  Transaction,
} from "@prisma/driver-adapter-utils";
import { SiteBoundPool } from "./site-scope.ts";
import { isPostgresUrl, postgresConnectionFields } from "./urls.ts";

/** Called with the SQL text of every statement sent to the database (used to count queries). */
export type QueryObserver = (sql: string) => void;

class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return acquired;
  }

  async runExclusive<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

function observed<T extends SqlQueryable>(queryable: T, observe: QueryObserver | undefined) {
  return {
    queryRaw(query: SqlQuery): Promise<SqlResultSet> {
      observe?.(query.sql);
      return queryable.queryRaw(query);
    },
    executeRaw(query: SqlQuery): Promise<number> {
      observe?.(query.sql);
      return queryable.executeRaw(query);
    },
  };
}

function wrapTransaction(tx: Transaction, observe: QueryObserver | undefined, onEnd?: () => void): Transaction {
  const run = observed(tx, observe);
  let ended = false;
  const end = () => {
    if (!ended) {
      ended = true;
      onEnd?.();
    }
  };
  return {
    provider: tx.provider,
    adapterName: tx.adapterName,
    options: tx.options,
    queryRaw: run.queryRaw,
    executeRaw: run.executeRaw,
    commit: () => tx.commit().finally(end),
    rollback: () => tx.rollback().finally(end),
  };
}

class SerialisedSqliteAdapter implements SqlDriverAdapter {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  readonly #inner: SqlDriverAdapter;
  readonly #observe: QueryObserver | undefined;
  readonly #lock = new Mutex();

  constructor(inner: SqlDriverAdapter, observe: QueryObserver | undefined) {
    this.#inner = inner;
    this.#observe = observe;
    this.adapterName = inner.adapterName;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    this.#observe?.(query.sql);
    return this.#lock.runExclusive(() => this.#inner.queryRaw(query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    this.#observe?.(query.sql);
    return this.#lock.runExclusive(() => this.#inner.executeRaw(query));
  }

  executeScript(script: string): Promise<void> {
    return this.#lock.runExclusive(() => this.#inner.executeScript(script));
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    const release = await this.#lock.acquire();
    try {
      const tx = await this.#inner.startTransaction(isolationLevel);
      return wrapTransaction(tx, this.#observe, release);
    } catch (error) {
      release();
      throw error;
    }
  }

  getConnectionInfo() {
    return this.#inner.getConnectionInfo?.() ?? { supportsRelationJoins: false };
  }

  dispose(): Promise<void> {
    return this.#inner.dispose();
  }
}

class ObservedAdapter implements SqlDriverAdapter {
  readonly provider: SqlDriverAdapter["provider"];
  readonly adapterName: string;
  readonly queryRaw: (query: SqlQuery) => Promise<SqlResultSet>;
  readonly executeRaw: (query: SqlQuery) => Promise<number>;
  readonly #inner: SqlDriverAdapter;
  readonly #observe: QueryObserver | undefined;

  constructor(inner: SqlDriverAdapter, observe: QueryObserver | undefined) {
    this.#inner = inner;
    this.#observe = observe;
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
    const run = observed(inner, observe);
    this.queryRaw = run.queryRaw;
    this.executeRaw = run.executeRaw;
  }

  executeScript(script: string): Promise<void> {
    return this.#inner.executeScript(script);
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    return wrapTransaction(await this.#inner.startTransaction(isolationLevel), this.#observe);
  }

  getConnectionInfo() {
    return this.#inner.getConnectionInfo?.() ?? { supportsRelationJoins: false };
  }

  dispose(): Promise<void> {
    return this.#inner.dispose();
  }
}

type SqliteStatement = {
  reader: boolean;
  columns(): unknown[];
  raw(toggle?: boolean): { all(...args: unknown[]): unknown[] };
  run(...args: unknown[]): unknown;
};
type SqliteClient = { prepare(sql: string): SqliteStatement };

/**
 * adapter-better-sqlite3 prepares every statement anew (`prepare(sql).bind(args)`), which costs more
 * than running it. A prepared statement can be bound only once, so keep prepared statements by SQL
 * text and hand the adapter a fresh binding over the cached one each time.
 */
function cachePreparedStatements(client: SqliteClient, maxStatements = 500): void {
  const prepare = client.prepare.bind(client);
  const statements = new Map<string, SqliteStatement>();
  const bound = (statement: SqliteStatement, args: unknown[]) => ({
    reader: statement.reader,
    columns: () => statement.columns(),
    raw: () => ({ all: () => statement.raw(true).all(...args) }),
    run: () => statement.run(...args),
  });
  client.prepare = ((text: string) => {
    // The adapter opens transactions with a deferred BEGIN: one that reads and then writes fails at once
    // with SQLITE_BUSY (no busy wait) when another process wrote in between. IMMEDIATE takes the write
    // lock up front, waiting out the busy timeout instead; in one process the adapter serialises anyway.
    const sql = text === "BEGIN" ? "BEGIN IMMEDIATE" : text;
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    const cached = statement;
    return { ...bound(cached, []), bind: (args: unknown[]) => bound(cached, args) };
  }) as unknown as SqliteClient["prepare"];
}

export interface AdapterOptions {
  observe?: QueryObserver;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** SQLite `synchronous` (default FULL; docs/benchmarks.md "Durability" has the cost of each). */
  sqliteSynchronous?: SqliteSynchronous;
  /** PostgreSQL: the pool of the sites' clients, bound to a site per connection (db/site-scope.ts). */
  siteBound?: boolean;
}

export const SQLITE_SYNCHRONOUS = ["FULL", "NORMAL"] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number];

/** The adapter factory the application's PrismaClient runs on. */
export function createAdapterFactory(url: string, options: AdapterOptions = {}): SqlDriverAdapterFactory {
  if (isPostgresUrl(url)) {
    const fields = { ...postgresConnectionFields(url), max: options.poolSize ?? 10 };
    const inner = options.siteBound ? new PrismaPg(new SiteBoundPool(fields), { disposeExternalPool: true }) : new PrismaPg(fields);
    return {
      provider: "postgres",
      adapterName: inner.adapterName,
      connect: async () => new ObservedAdapter(await inner.connect(), options.observe),
    };
  }
  // busy timeout: a second process on the same file (a developer's seed while the server runs) waits
  // instead of failing at once.
  const inner = new PrismaBetterSQLite3({ url, timeout: 10_000 });
  return {
    provider: "sqlite",
    adapterName: inner.adapterName,
    connect: async () => {
      const adapter = await inner.connect();
      cachePreparedStatements((adapter as unknown as { client: SqliteClient }).client);
      // WAL lets readers in other processes work during a write. FULL syncs the WAL at every commit,
      // so an acknowledged order survives a power cut or an OS crash; NORMAL only survives a process
      // crash (the last commits may be lost with the machine).
      const synchronous = options.sqliteSynchronous === "NORMAL" ? "NORMAL" : "FULL";
      await adapter.executeScript(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous}; PRAGMA foreign_keys = ON;`);
      return new SerialisedSqliteAdapter(adapter, options.observe);
    },
  };
}

// ---- Migrations (Prisma CLI only) -------------------------------------------------------------

type PgResult = { fields: { dataTypeID: number }[] };
type PgQueryableInternals = { performIO(query: SqlQuery): Promise<PgResult> };

// adapter-pg cannot map the catalog types the schema engine reads (prisma/orm#27403): read them as text.
const catalogTypeAsText: Record<number, number> = { 18: 25, 19: 25, 1002: 1009, 1003: 1009 };

function readCatalogTypesAsText<T extends object>(queryable: T): T {
  const internals = queryable as unknown as PgQueryableInternals;
  const performIO = internals.performIO.bind(queryable);
  internals.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) field.dataTypeID = catalogTypeAsText[field.dataTypeID] ?? field.dataTypeID;
    return result;
  };
  return queryable;
}

function withCatalogFix(adapter: SqlDriverAdapter): SqlDriverAdapter {
  readCatalogTypesAsText(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (level) => readCatalogTypesAsText(await startTransaction(level));
  return adapter;
}

// The schema engine replays each migration file on the shadow database as one argument-less
// executeRaw; both drivers refuse multi-statement SQL there, so send it as a script.
function scriptsForArgumentlessStatements(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query) => {
    if (query.args.length > 0) return executeRaw(query);
    await adapter.executeScript(query.sql);
    return 0;
  };
  return adapter;
}

// adapter-pg runs a script statement by statement, split at every ";", which cuts a `DO $$ ... $$` block
// (the row-level security migration has them): send the whole script as one simple query instead.
function wholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const pool = (adapter as unknown as { underlyingDriver(): { query(sql: string): Promise<unknown> } }).underlyingDriver();
  const toDriverError = (adapter as unknown as { onError(error: unknown): never }).onError.bind(adapter);
  adapter.executeScript = async (script) => {
    try {
      await pool.query(script);
    } catch (error) {
      toDriverError(error);
    }
  };
  return adapter;
}

/** The adapter factory for prisma.config.ts: migrate deploy/dev/status on either database. */
export function createMigrationAdapterFactory(url: string): SqlMigrationAwareDriverAdapterFactory {
  if (isPostgresUrl(url)) {
    const fields = postgresConnectionFields(url);
    const main = new PrismaPg(fields);
    return {
      provider: "postgres",
      adapterName: main.adapterName,
      connect: async () => wholeScripts(withCatalogFix(await main.connect())),
      // adapter-pg's own shadow database is the main database when given a connection string, and
      // it drops the shadow before closing its pool; create and drop it ourselves.
      connectToShadowDb: async () => {
        const admin = await main.connect();
        const database = `prisma_shadow_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
        await admin.executeScript(`CREATE DATABASE "${database}"`);
        const shadow = wholeScripts(withCatalogFix(await new PrismaPg({ ...fields, database }).connect()));
        scriptsForArgumentlessStatements(shadow);
        const dispose = shadow.dispose.bind(shadow);
        shadow.dispose = async () => {
          await dispose();
          await admin.executeScript(`DROP DATABASE IF EXISTS "${database}"`);
          await admin.dispose();
        };
        return shadow;
      },
    };
  }
  const main = new PrismaBetterSQLite3({ url });
  return {
    provider: "sqlite",
    adapterName: main.adapterName,
    connect: () => main.connect(),
    connectToShadowDb: async () => scriptsForArgumentlessStatements(await main.connectToShadowDb()),
  };
}
