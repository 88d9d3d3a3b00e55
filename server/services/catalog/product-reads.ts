// The storefront's hot catalogue reads (product by slug, a page of products) without a Prisma model
// operation: Prisma 6 compiles every model query in Wasm (0.4-0.7 ms here), while the same statements
// sent through Kysely and `$queryRawUnsafe` skip that (docs/benchmarks.md). The selection is the one
// Pothos hands to Prisma (`{ select: {...} }`): product columns, and the relations below with their
// own columns, `orderBy: { position }`, a `where` on equal columns and `take`. The answer has the
// same shape Prisma gives (same columns, relations as arrays or object/null, in the same order), so
// the schema's fields and their server/domain rules run unchanged. Anything else in the selection
// (another relation, `include`, counts, a backwards page) returns null and the caller asks Prisma.
import { sql as kysely, type RawRunner } from "../../db/sql.ts";
import { Prisma as P } from "../../generated/prisma/client.ts";
import { productNameContains, productSearchText } from "./product-search.ts";

type Row = Record<string, unknown>;
type Direction = "asc" | "desc";

interface Relation {
  table: string;
  columns: Set<string>;
  many: boolean;
  /** The child's column holding the product id, or (one-to-one through the product) the product's column naming the child's id. */
  through: { child: string } | { product: string };
}

const columnsOf = (fields: Record<string, string>) => new Set(Object.values(fields));
const PRODUCT_COLUMNS = columnsOf(P.ProductScalarFieldEnum);
const RELATIONS: Record<string, Relation> = {
  variants: { table: "Variant", columns: columnsOf(P.VariantScalarFieldEnum), many: true, through: { child: "productId" } },
  giftCardDenominations: {
    table: "GiftCardDenomination",
    columns: columnsOf(P.GiftCardDenominationScalarFieldEnum),
    many: true,
    through: { child: "productId" },
  },
  translations: { table: "ProductTranslation", columns: columnsOf(P.ProductTranslationScalarFieldEnum), many: true, through: { child: "productId" } },
  subscriptionPlan: { table: "SubscriptionPlan", columns: columnsOf(P.SubscriptionPlanScalarFieldEnum), many: false, through: { child: "productId" } },
  merchandising: { table: "Merchandising", columns: columnsOf(P.MerchandisingScalarFieldEnum), many: false, through: { child: "productId" } },
  additionalFieldsForm: { table: "Form", columns: columnsOf(P.FormScalarFieldEnum), many: false, through: { product: "additionalFieldsFormId" } },
};

interface RelationRead {
  name: string;
  relation: Relation;
  columns: string[];
  where: [string, unknown][];
  orderByPosition: boolean;
  take: number | null;
}

export interface ProductReadArgs {
  /** Equal columns, or `{ in: [...] }`. */
  where: Record<string, unknown>;
  orderBy?: readonly Record<string, Direction>[];
  /** Only products whose name contains this text (product-search.ts's rule, in the same statement). */
  search?: string;
  /** What Pothos asked of Prisma: `select`, `take`, `skip`, `cursor`. */
  query: Record<string, unknown>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isScalarValue = (value: unknown) => ["string", "number", "boolean"].includes(typeof value);

/** The relation's read, or null when the selection asks for something this module does not do. */
function relationRead(name: string, spec: unknown): RelationRead | null {
  const relation = RELATIONS[name];
  if (!relation || !isPlainObject(spec) || !isPlainObject(spec.select)) return null;
  for (const key of Object.keys(spec)) if (!["select", "orderBy", "where", "take"].includes(key)) return null;
  const columns = Object.keys(spec.select);
  if (columns.some((column) => spec.select![column as never] !== true || !relation.columns.has(column))) return null;
  let orderByPosition = false;
  if (spec.orderBy !== undefined) {
    if (!relation.many || !isPlainObject(spec.orderBy) || Object.keys(spec.orderBy).join() !== "position" || spec.orderBy.position !== "asc") return null;
    orderByPosition = true;
  }
  const where: [string, unknown][] = [];
  if (spec.where !== undefined) {
    if (!relation.many || !isPlainObject(spec.where)) return null;
    for (const [column, value] of Object.entries(spec.where)) {
      if (!relation.columns.has(column) || !isScalarValue(value)) return null;
      where.push([column, value]);
    }
  }
  let take: number | null = null;
  if (spec.take !== undefined) {
    if (!relation.many || typeof spec.take !== "number" || !Number.isInteger(spec.take) || spec.take < 0) return null;
    take = spec.take;
  }
  return { name, relation, columns, where, orderByPosition, take };
}

/**
 * Products matching `where`, in `orderBy` (ties already broken by id), with what `query.select` asks;
 * null when the query is outside what this module reads (the caller then asks Prisma).
 */
export async function readProducts(db: RawRunner, { where, orderBy = [], query, search }: ProductReadArgs): Promise<Row[] | null> {
  for (const key of Object.keys(query)) if (!["select", "take", "skip", "cursor"].includes(key)) return null;
  const select = query.select;
  if (!isPlainObject(select)) return null;
  const take = query.take === undefined ? null : query.take;
  const skip = query.skip === undefined ? 0 : query.skip;
  if ((take !== null && (typeof take !== "number" || !Number.isInteger(take) || take < 0)) || typeof skip !== "number" || !Number.isInteger(skip) || skip < 0) {
    return null;
  }
  const cursor = query.cursor;
  if (cursor !== undefined && !(isPlainObject(cursor) && Object.keys(cursor).join() === "id" && typeof cursor.id === "number")) return null;
  for (const [column, direction] of orderBy.flatMap((entry) => Object.entries(entry))) {
    if (!PRODUCT_COLUMNS.has(column) || (direction !== "asc" && direction !== "desc")) return null;
  }

  const columns: string[] = [];
  const relations: RelationRead[] = [];
  for (const [key, value] of Object.entries(select)) {
    if (value === true && PRODUCT_COLUMNS.has(key)) columns.push(key);
    else {
      const read = relationRead(key, value);
      if (!read) return null;
      relations.push(read);
    }
  }
  // Columns the relations join on are read too, and dropped from the answer unless asked for.
  const joinColumns = ["id", ...relations.flatMap((read) => ("product" in read.relation.through ? [read.relation.through.product] : []))];
  const read = [...new Set([...columns, ...joinColumns])];

  const db_ = kysely(db);
  // Kysely's table types cover the hot paths' tables; this module names columns checked against Prisma's field lists.
  let statement = db_.selectFrom("Product" as never).select(read as never[]);
  for (const [column, value] of Object.entries(where)) {
    if (!PRODUCT_COLUMNS.has(column)) return null;
    if (isPlainObject(value)) {
      if (Object.keys(value).join() !== "in" || !Array.isArray(value.in)) return null;
      if (value.in.length === 0) return [];
      statement = statement.where(column as never, "in", value.in as never);
    } else if (isScalarValue(value)) statement = statement.where(column as never, "=", value as never);
    else return null;
  }
  const text = productSearchText(search);
  if (text !== null) statement = statement.where(productNameContains(db, text));
  const order = orderBy.flatMap((entry) => Object.entries(entry) as [string, Direction][]);
  if (cursor !== undefined) {
    // Prisma's cursor: the rows from the cursor row on, in the list's order (every sort ends with id, one direction).
    const [first, ...rest] = order;
    if (!first || rest.length !== 1 || rest[0][0] !== "id" || rest[0][1] !== first[1] || first[0] === "id") return null;
    const [key, direction] = first;
    const cursorKey = db_
      .selectFrom("Product" as never)
      .select(key as never)
      .where("id" as never, "=", cursor.id as never);
    const after = direction === "asc" ? ">" : "<";
    const atOrAfter = direction === "asc" ? ">=" : "<=";
    statement = statement.where((eb) =>
      eb.or([
        eb(key as never, after, cursorKey as never),
        eb.and([eb(key as never, "=", cursorKey as never), eb("id" as never, atOrAfter, cursor.id as never)]),
      ]),
    );
  }
  for (const [column, direction] of order) statement = statement.orderBy(column as never, direction);
  if (take !== null) statement = statement.limit(take);
  if (skip > 0) {
    if (take === null) return null;
    statement = statement.offset(skip);
  }
  const rows = (await statement.execute()) as Row[];
  if (rows.length === 0) return rows;

  await Promise.all(
    relations.map(async ({ name, relation, columns: childColumns, where: childWhere, orderByPosition, take: childTake }) => {
      const through = relation.through;
      const parentKey = "child" in through ? "id" : through.product;
      const childKey = "child" in through ? through.child : "id";
      const keys = [...new Set(rows.map((row) => row[parentKey]).filter((key) => key !== null))];
      const children = new Map<unknown, Row[]>();
      if (keys.length > 0) {
        let childStatement = db_
          .selectFrom(relation.table as never)
          .select([...new Set([...childColumns, childKey])] as never[])
          .where(childKey as never, "in", keys as never);
        for (const [column, value] of childWhere) childStatement = childStatement.where(column as never, "=", value as never);
        if (orderByPosition) childStatement = childStatement.orderBy("position" as never, "asc");
        if (relation.columns.has("id")) childStatement = childStatement.orderBy("id" as never, "asc");
        for (const child of (await childStatement.execute()) as Row[]) {
          const key = child[childKey];
          if (!childColumns.includes(childKey)) delete child[childKey];
          const list = children.get(key) ?? [];
          if (childTake === null || list.length < childTake) list.push(child);
          children.set(key, list);
        }
      }
      for (const row of rows) {
        const found = children.get(row[parentKey]) ?? [];
        row[name] = relation.many ? found : (found[0] ?? null);
      }
    }),
  );
  for (const row of rows) for (const column of joinColumns) if (!columns.includes(column)) delete row[column];
  return rows;
}
