// Product search: the visible products of a site whose name contains a text, in any case, answered by
// an index instead of a scan of every name. SQLite: the FTS5 table "ProductSearch" (trigram tokenizer,
// accents ignored); PostgreSQL: ILIKE over a pg_trgm GIN index. Both come from the migration
// 20261124070000_product_search. A trigram index needs 3 characters: a shorter text is a LIKE scan
// (SQLite's LIKE ignores the case of ASCII letters only).
import type { Db } from "../../db/client.ts";
import { Prisma as Sql } from "../../generated/prisma/client.ts";
import { providerOf } from "../../db/urls.ts";

/** The shortest text the trigram indexes answer. */
export const MIN_INDEXED_SEARCH = 3;

export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
/** An FTS5 phrase: the text itself, double quotes doubled (no operator in it is read as one). */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Ids of the site's visible products whose name contains `text` (trimmed; empty finds none). */
export async function searchProductIds(db: Db, websiteId: string, text: string): Promise<number[]> {
  const search = text.trim();
  if (search === "") return [];
  let rows: { id: number | bigint }[];
  if (providerOf(db) === "postgresql") {
    rows = await db.$queryRaw(
      Sql.sql`SELECT "id" FROM "Product" WHERE "websiteId" = ${websiteId} AND "visible" AND "name" ILIKE ${likePattern(search)} ESCAPE '\\'`,
    );
  } else if ([...search].length >= MIN_INDEXED_SEARCH) {
    rows = await db.$queryRaw(
      Sql.sql`SELECT p."id" AS "id" FROM "ProductSearch" s JOIN "Product" p ON p."id" = s.rowid
        WHERE "ProductSearch" MATCH ${ftsPhrase(search)} AND p."websiteId" = ${websiteId} AND p."visible"`,
    );
  } else {
    rows = await db.$queryRaw(
      Sql.sql`SELECT "id" FROM "Product" WHERE "websiteId" = ${websiteId} AND "visible" AND "name" LIKE ${likePattern(search)} ESCAPE '\\'`,
    );
  }
  return rows.map((row) => Number(row.id));
}
