// PostgreSQL's id sequences after rows were inserted with explicit ids (seeds, benchmarks): a serial
// sequence does not move for them, so the next insert without an id would collide.
import type { RawRunner } from "./sql.ts";
import { providerOf } from "./urls.ts";

/** Moves each table's "id" sequence to its largest id (nothing to do on SQLite). */
export async function syncIdSequences(db: RawRunner, tables: readonly ("Product" | "Variant")[]): Promise<void> {
  if (providerOf(db) !== "postgresql") return;
  for (const table of tables) {
    await db.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT MAX(id) FROM "${table}"))`);
  }
}
