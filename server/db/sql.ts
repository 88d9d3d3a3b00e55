// Typed SQL for the hot paths (issue 13): Kysely builds and compiles the statement, and the Prisma
// client or interactive transaction it is given runs it through `$queryRawUnsafe` /
// `$executeRawUnsafe`, so it shares Prisma's connection, its transaction and the SQLite adapter's
// transaction gating (db/adapters.ts). A Prisma model operation compiles its query in Wasm on every
// call; a raw statement skips that (docs/benchmarks.md "Write path").
//
// Results come back through Prisma's raw-result mapping, which uses the declared column types on
// both databases: DateTime columns are Dates, Boolean columns booleans (the generated table types
// say so through the generator's type overrides in prisma/schema.prisma). Computed integer expressions
// (count(*), a literal) come back as bigint: wrap them in Number().
import {
  Kysely,
  sql as template,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  DeleteQueryNode,
  InsertQueryNode,
  UpdateQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from "kysely";
import type { DB } from "../generated/kysely/tables.ts";
import { providerOf, type DatabaseProvider } from "./urls.ts";

/** The part of a Prisma client (or of the client a `$transaction` callback gets) that runs raw SQL. */
export interface RawRunner {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
}

/**
 * Every table, as prisma-kysely generates it from prisma/schema.prisma (`npm run generate`): `@default`
 * columns are Generated (optional on insert), `@updatedAt` ones are not (no database default: every
 * insert and update sets it). test/db/sql.test.ts checks them against Prisma's model types.
 */
export type Database = DB;

export type Sql = Kysely<Database>;

class PrismaConnection implements DatabaseConnection {
  readonly #runner: RawRunner;

  constructor(runner: RawRunner) {
    this.#runner = runner;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { query, sql: text, parameters } = compiled;
    const writes = DeleteQueryNode.is(query) || UpdateQueryNode.is(query) || InsertQueryNode.is(query);
    if (writes && !query.returning) {
      const count = await this.#runner.$executeRawUnsafe(text, ...parameters);
      return { rows: [], numAffectedRows: BigInt(count) };
    }
    return { rows: await this.#runner.$queryRawUnsafe<R[]>(text, ...parameters) };
  }

  // eslint-disable-next-line require-yield -- Kysely's interface; Prisma's raw API cannot stream
  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error("Streaming is not supported over Prisma's raw queries");
  }
}

const noTransactions = () => {
  throw new Error("Run Kysely inside a Prisma $transaction callback: sql(tx)");
};

class PrismaDriver implements Driver {
  readonly #connection: PrismaConnection;

  constructor(runner: RawRunner) {
    this.#connection = new PrismaConnection(runner);
  }

  async init() {}
  async acquireConnection() {
    return this.#connection;
  }
  beginTransaction = noTransactions;
  commitTransaction = noTransactions;
  rollbackTransaction = noTransactions;
  async releaseConnection() {}
  async destroy() {}
}

function dialect(provider: DatabaseProvider, runner: RawRunner): Dialect {
  const postgres = provider === "postgresql";
  return {
    createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
    createDriver: () => new PrismaDriver(runner),
    createIntrospector: (db) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
    createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
  };
}

const instances = new WeakMap<RawRunner, Sql>();

/**
 * A Kysely query builder that runs its statements through this Prisma client or transaction client
 * (pass the `tx` of a `$transaction` callback to stay inside the transaction). Cached per client.
 */
export function sql(runner: RawRunner): Sql {
  let kysely = instances.get(runner);
  if (!kysely) {
    kysely = new Kysely<Database>({ dialect: dialect(providerOf(runner), runner) });
    instances.set(runner, kysely);
  }
  return kysely;
}

/** A column's type in `updateRows`: the SQL type its cells are cast to. */
export type ColumnType = "integer" | "text" | "boolean";

/** Rows per `updateRows` statement: far below either database's bound-parameter limit. */
const UPDATE_ROWS_CHUNK = 400;

/**
 * Sets many rows of `table`, each to its own values, in one statement per 400 rows:
 * `WITH v(...) AS (VALUES ...) UPDATE table SET column = v.column ... FROM v WHERE table.id = v.id`
 * (PostgreSQL, and SQLite since 3.33). `columns` names each column of the rows (`id` among them) with
 * its type: every cell is cast, as PostgreSQL types a bare parameter in VALUES as text. `same` holds
 * values every row gets (an `updatedAt`). A bulk write's round trips, not one statement a row.
 */
export async function updateRows(
  runner: RawRunner,
  table: keyof Database,
  columns: Record<string, ColumnType>,
  rows: readonly Record<string, unknown>[],
  same: Record<string, unknown> = {},
): Promise<number> {
  const names = Object.keys(columns);
  const assignments = [
    ...names.filter((name) => name !== "id").map((name) => template`${template.ref(name)} = ${template.ref(`v.${name}`)}`),
    ...Object.entries(same).map(([name, value]) => template`${template.ref(name)} = ${value}`),
  ];
  let updated = 0;
  for (let start = 0; start < rows.length; start += UPDATE_ROWS_CHUNK) {
    const tuples = rows
      .slice(start, start + UPDATE_ROWS_CHUNK)
      .map((row) => template`(${template.join(names.map((name) => template`CAST(${row[name] ?? null} AS ${template.raw(columns[name]!)})`))})`);
    const statement = template`WITH v(${template.join(names.map((name) => template.ref(name)))}) AS (VALUES ${template.join(tuples)}) UPDATE ${template.table(table)} SET ${template.join(assignments)} FROM v WHERE ${template.ref(`${table}.id`)} = ${template.ref("v.id")}`;
    const compiled = statement.compile(sql(runner));
    updated += await runner.$executeRawUnsafe(compiled.sql, ...compiled.parameters);
  }
  return updated;
}
