// The owner's product list (/config catalogue): the site's products, hidden ones too, searched by name
// or SKU, filtered by type and visibility, in one of six orders, paged by keyset (the last row's sort
// key and id), so a page never repeats or skips a product that kept its place, whatever the order.
import { sql as sqlText, type RawBuilder, type SqlBool } from "kysely";
import type { Db, Prisma } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { InvalidInputError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { ProductType } from "../../domain/catalog/product-state.ts";
import { likePattern } from "./product-search.ts";

/** The orders the owner's product list can be read in (ties go by id, in the same direction). */
export const OWNER_PRODUCT_SORTS = ["NAME_ASC", "NAME_DESC", "STOCK_ASC", "STOCK_DESC", "PRICE_ASC", "PRICE_DESC"] as const;
export type OwnerProductSort = (typeof OWNER_PRODUCT_SORTS)[number];

/** What the owner's product list is filtered and ordered by, and the page asked for. */
export interface OwnerProductFilter {
  /** Part of a product's name or of one of its variants' SKUs, in any case. */
  search?: string | null;
  type?: number | null;
  visible?: boolean | null;
  sort?: OwnerProductSort | null;
  first?: number | null;
  after?: string | null;
}

export const OWNER_PRODUCT_PAGE = { default: 20, max: 100 } as const;

/**
 * Stock for ordering (docs/decisions.md): the units of the product's limited variants; a product with
 * unlimited stock (an unlimited variant, or a digital, gift-card or paywall product: the domain's
 * hasUnlimitedStock) counts as more than any number, so it comes after every limited product going up
 * and before them going down (among themselves, by their limited units). A sum stays below 2^31:
 * at most 250 variants of at most 1,000,000 units.
 */
const UNLIMITED_STOCK_KEY = 1_000_000_000;
const unlimitedTypes = sqlText.join([ProductType.DIGITAL, ProductType.GIFT_CARD, ProductType.PAYWALL]);
const stockKey = sqlText<number>`CAST((CASE WHEN p."productType" IN (${unlimitedTypes})
    OR EXISTS (SELECT 1 FROM "Variant" u WHERE u."productId" = p."id" AND u."unlimited") THEN ${UNLIMITED_STOCK_KEY} ELSE 0 END
  + COALESCE((SELECT SUM(CASE WHEN v."qtyInStock" > 0 THEN v."qtyInStock" ELSE 0 END) FROM "Variant" v WHERE v."productId" = p."id" AND NOT v."unlimited"), 0)) AS INTEGER)`;
const SORT_KEYS: Record<OwnerProductSort, { key: RawBuilder<string | number>; descending: boolean; text: boolean }> = {
  NAME_ASC: { key: sqlText`p."name"`, descending: false, text: true },
  NAME_DESC: { key: sqlText`p."name"`, descending: true, text: true },
  STOCK_ASC: { key: stockKey, descending: false, text: false },
  STOCK_DESC: { key: stockKey, descending: true, text: false },
  PRICE_ASC: { key: sqlText`p."sortPrice"`, descending: false, text: false },
  PRICE_DESC: { key: sqlText`p."sortPrice"`, descending: true, text: false },
};

/** A cursor names the ordering and the last row's place in it (its sort key and id), not a row to find again. */
function encodeCursor(sort: OwnerProductSort, key: string | number, id: number): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString("base64url");
}
function decodeCursor(sort: OwnerProductSort, cursor: string): { key: string | number; id: number } {
  try {
    const [cursorSort, key, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    const keyOk = SORT_KEYS[sort].text ? typeof key === "string" : Number.isInteger(key);
    if (cursorSort === sort && keyOk && Number.isInteger(id)) return { key: key as string | number, id: id as number };
  } catch {
    // refused below
  }
  throw new InvalidInputError(ownerMessages.pageCursorInvalid);
}

/** The name or a variant's SKU contains `search`, in any case (LIKE's wildcards taken literally). */
function nameOrSkuContains(search: string): RawBuilder<SqlBool> {
  const pattern = likePattern(search.toLowerCase());
  return sqlText<SqlBool>`(LOWER(p."name") LIKE ${pattern} ESCAPE '\\' OR EXISTS (SELECT 1 FROM "Variant" s WHERE s."productId" = p."id" AND LOWER(s."sku") LIKE ${pattern} ESCAPE '\\'))`;
}

/** A page of the site's products in `filter`'s order; `query` is the selection Pothos needs of each product. */
export async function listOwnerProducts<Q extends Omit<Prisma.ProductFindManyArgs, "where" | "orderBy" | "cursor" | "take" | "skip">>(
  db: Db,
  websiteId: string,
  query: Q,
  filter: OwnerProductFilter,
) {
  const sort = filter.sort ?? "NAME_ASC";
  const order = SORT_KEYS[sort];
  const take = Math.min(Math.max(filter.first ?? OWNER_PRODUCT_PAGE.default, 1), OWNER_PRODUCT_PAGE.max);
  const direction = order.descending ? "desc" : "asc";
  let keys = sql(db)
    .selectFrom("Product as p")
    .select(["p.id as id", order.key.as("k")])
    .where("p.websiteId", "=", websiteId);
  const search = filter.search?.trim();
  if (search) keys = keys.where(nameOrSkuContains(search));
  if (filter.type) keys = keys.where("p.productType", "=", filter.type);
  if (typeof filter.visible === "boolean") keys = keys.where("p.visible", "=", filter.visible);
  let statement = sql(db).selectFrom(keys.as("t")).select(["t.id", "t.k"]);
  if (filter.after) {
    const cursor = decodeCursor(sort, filter.after);
    const past = order.descending ? "<" : ">";
    statement = statement.where((eb) => eb.or([eb("t.k", past, cursor.key), eb.and([eb("t.k", "=", cursor.key), eb("t.id", past, cursor.id)])]));
  }
  const keyed = await statement
    .orderBy("t.k", direction)
    .orderBy("t.id", direction)
    .limit(take + 1)
    .execute();
  const page = keyed.slice(0, take).map((row) => ({ id: Number(row.id), key: order.text ? String(row.k) : Number(row.k) }));
  const rows = await db.product.findMany({ ...query, where: { websiteId, id: { in: page.map((row) => row.id) } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    items: page.flatMap((row) => {
      const product = byId.get(row.id);
      return product ? [{ product, cursor: encodeCursor(sort, row.key, row.id) }] : [];
    }),
    hasNextPage: keyed.length > take,
  };
}
