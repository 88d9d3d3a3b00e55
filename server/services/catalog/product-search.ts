// Product search: the visible products of a site whose name contains a text, in any case, answered by
// an index instead of a scan of every name. SQLite: the FTS5 table "ProductSearch" (trigram tokenizer,
// accents ignored); PostgreSQL: ILIKE over a pg_trgm GIN index. Both come from the migration
// 20261124070000_product_search. A trigram index needs 3 characters: a shorter text is a LIKE scan
// (SQLite's LIKE ignores the case of ASCII letters only). The rule is written once, here
// (productNameContains): the search index's ids and the catalogue's reads (product-reads.ts) both use it.
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { sql as kysely, type RawRunner } from "../../db/sql.ts";
import { providerOf } from "../../db/urls.ts";

/** The shortest text the trigram indexes answer. */
export const MIN_INDEXED_SEARCH = 3;

/** LIKE's wildcards taken literally ('\\' escapes). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
/** An FTS5 phrase: the text itself, double quotes doubled (no operator in it is read as one). */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The text a search looks for: trimmed; a blank one is no search (null), not a search finding nothing. */
export function productSearchText(text: string | null | undefined): string | null {
  return text?.trim() || null;
}

/**
 * "The product's name contains `text`, in any case", as a condition on a statement over "Product" (it
 * names the table's "id" and "name" unqualified), on the database `db` talks to.
 */
export function productNameContains(db: RawRunner, text: string): RawBuilder<SqlBool> {
  if (providerOf(db) === "postgresql") return sql<SqlBool>`"name" ILIKE ${likePattern(text)} ESCAPE '\\'`;
  if ([...text].length >= MIN_INDEXED_SEARCH) {
    return sql<SqlBool>`"id" IN (SELECT rowid FROM "ProductSearch" WHERE "ProductSearch" MATCH ${ftsPhrase(text)})`;
  }
  return sql<SqlBool>`"name" LIKE ${likePattern(text)} ESCAPE '\\'`;
}

/** Ids of the site's visible products whose name contains `text`; null when the text is blank (no search). */
export async function searchProductIds(db: RawRunner, websiteId: string, text: string): Promise<number[] | null> {
  const search = productSearchText(text);
  if (search === null) return null;
  const rows = await kysely(db)
    .selectFrom("Product")
    .select("id")
    .where("websiteId", "=", websiteId)
    .where("visible", "=", true)
    .where(productNameContains(db, search))
    .execute();
  return rows.map((row) => Number(row.id));
}
