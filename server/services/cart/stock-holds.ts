// Stock held while a payment is in flight (issue 22): when a shopper starts paying, their cart's units
// of limited variants are held for STOCK_HOLD_MINUTES, so nobody else can buy them meanwhile. The
// only module that touches StockHold. The rule (available = qtyInStock less other carts' active holds)
// is the domain's availableUnits (domain/cart/stock.ts); what a hold counts is defined once here, in
// `counted`, and read through heldByOthers (a map) or heldByOthersSql (inside a conditional write).
import type { ExpressionBuilder } from "kysely";
import type { Db, Tx } from "../../db/client.ts";
import { sql, type Database, type RawRunner } from "../../db/sql.ts";
import { providerOf } from "../../db/urls.ts";
import { availableUnits, canAddQuantity, holdExpiry, type StockResult } from "../../domain/cart/stock.ts";
import { NotEnoughStockError } from "../../domain/errors.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";

/** Whose holds count: every active hold of the site, less those of `exceptCartId` (the shopper's own cart). */
export interface HoldScope {
  websiteId: string;
  now: Date;
  /** The cart asking: its own holds never count against it. Null: every cart's holds count. */
  exceptCartId: string | null;
}

type Scope = ExpressionBuilder<Database, "Variant">;

/** The holds that count: the site's, not expired at `now` (isHoldActive's rule), of other carts than the one asking. */
function counted(eb: ExpressionBuilder<Database, "StockHold">, scope: HoldScope) {
  return eb.and([
    eb("StockHold.websiteId", "=", scope.websiteId),
    eb("StockHold.expiresAt", ">", scope.now),
    ...(scope.exceptCartId === null ? [] : [eb("StockHold.cartId", "!=", scope.exceptCartId)]),
  ]);
}

/**
 * SQL for a statement over Variant: the units other carts' active holds keep of the row's variant (0
 * when none), so a conditional write checks availability against the rows as they are now.
 */
export function heldByOthersSql(eb: Scope, scope: HoldScope) {
  return eb.fn.coalesce(
    eb
      .selectFrom("StockHold")
      .select((holds) => holds.fn.sum<number>("StockHold.quantity").as("held"))
      .whereRef("StockHold.variantId", "=", "Variant.id")
      // The correlated scope (Variant and StockHold) has every column of StockHold's own.
      .where((holds) => counted(holds as unknown as ExpressionBuilder<Database, "StockHold">, scope)),
    eb.lit(0),
  );
}

/**
 * Units other carts' active holds keep, by variant id (variants without any are left out); of the
 * given variants, or of every variant of the site when `variantIds` is null (a page of products).
 */
export async function heldByOthers(db: RawRunner, scope: HoldScope, variantIds: readonly number[] | null = null): Promise<Map<number, number>> {
  if (variantIds !== null && variantIds.length === 0) return new Map();
  const rows = await sql(db)
    .selectFrom("StockHold")
    .where((holds) => counted(holds, scope))
    .$if(variantIds !== null, (holds) => holds.where("StockHold.variantId", "in", variantIds!))
    .select((holds) => ["StockHold.variantId", holds.fn.sum<number | bigint>("StockHold.quantity").as("held")])
    .groupBy("StockHold.variantId")
    .execute();
  return new Map(rows.map((row) => [row.variantId, Number(row.held)]));
}

/**
 * Locks the variants' rows (in id order, so two writers never wait on each other crosswise) until the
 * transaction ends. PostgreSQL only: a SQLite transaction already runs alone (it begins IMMEDIATE).
 * Under READ COMMITTED the statements after it see every hold committed before the lock was granted.
 */
export async function lockVariants(tx: Tx, variantIds: readonly number[]): Promise<void> {
  if (variantIds.length === 0 || providerOf(tx) !== "postgresql") return;
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  await sql(tx).selectFrom("Variant").select("id").where("id", "in", ids).orderBy("id").forUpdate().execute();
}

async function productsOf(tx: RawRunner, variantIds: readonly number[]): Promise<Set<number>> {
  if (variantIds.length === 0) return new Set();
  const rows = await sql(tx)
    .selectFrom("Variant")
    .select("productId")
    .where("id", "in", [...new Set(variantIds)])
    .execute();
  return new Set(rows.map((row) => row.productId));
}

export interface HoldRequest {
  websiteId: string;
  cartId: string;
  lines: { variantId: number; productId: number; quantity: number }[];
}

/**
 * Holds the cart's units until now + STOCK_HOLD_MINUTES, replacing its earlier holds; lines of one
 * variant are added up and unlimited variants are not held. NotEnoughStockError (nothing held) when a
 * variant's qtyInStock less other carts' active holds is short of its line. Returns when the holds
 * lapse and the products whose availability changed (publish catalogChanged for them after commit).
 */
export async function holdStock(tx: Tx, hold: HoldRequest, now: Date): Promise<{ expiresAt: Date; productIds: Set<number> }> {
  const wanted = new Map<number, { quantity: number; productId: number }>();
  for (const line of hold.lines) {
    const current = wanted.get(line.variantId);
    wanted.set(line.variantId, { quantity: (current?.quantity ?? 0) + line.quantity, productId: line.productId });
  }
  const expiresAt = holdExpiry(now);
  const released = await releaseHolds(tx, hold.cartId);
  const ids = [...wanted.keys()];
  await lockVariants(tx, ids);
  const scope = { websiteId: hold.websiteId, now, exceptCartId: hold.cartId };
  const variants = ids.length
    ? await sql(tx)
        .selectFrom("Variant")
        .select((eb) => ["id", "unlimited", "qtyInStock", heldByOthersSql(eb, scope).as("heldByOthers")])
        .where("id", "in", ids)
        .execute()
    : [];
  if (variants.length !== ids.length) throw new NotEnoughStockError();
  const limited = variants.filter((variant) => !variant.unlimited);
  for (const variant of limited) {
    const stock = { unlimited: false, qtyInStock: variant.qtyInStock, heldByOthers: Number(variant.heldByOthers) };
    if (!canAddQuantity(stock, 0, wanted.get(variant.id)!.quantity)) throw new NotEnoughStockError();
  }
  if (limited.length > 0) {
    await sql(tx)
      .insertInto("StockHold")
      .values(
        limited.map((variant) => ({
          websiteId: hold.websiteId,
          cartId: hold.cartId,
          variantId: variant.id,
          quantity: wanted.get(variant.id)!.quantity,
          expiresAt,
          createdAt: now,
        })),
      )
      .execute();
  }
  const productIds = new Set([...released, ...limited.map((variant) => wanted.get(variant.id)!.productId)]);
  return { expiresAt, productIds };
}

/** Ends the cart's holds (its payment finished or failed). Returns the products whose availability changed. */
export async function releaseHolds(tx: Tx, cartId: string): Promise<Set<number>> {
  const gone = await sql(tx).deleteFrom("StockHold").where("cartId", "=", cartId).returning("variantId").execute();
  return productsOf(
    tx,
    gone.map((row) => row.variantId),
  );
}

/** Deletes the site's holds that lapsed by `now` (the stock-hold expiry job). Returns the products whose availability changed. */
export async function expireHolds(db: Db, websiteId: string, now: Date): Promise<Set<number>> {
  return db.$transaction(async (tx) => {
    const gone = await sql(tx).deleteFrom("StockHold").where("websiteId", "=", websiteId).where("expiresAt", "<=", now).returning("variantId").execute();
    return productsOf(
      tx,
      gone.map((row) => row.variantId),
    );
  });
}

/** A variant's stock as of now in this transaction, with the units other carts hold (never from a cache); undefined when there is no such variant. */
export async function variantStock(db: RawRunner, variantId: number, scope: HoldScope): Promise<Required<StockResult> | undefined> {
  const variant = await sql(db)
    .selectFrom("Variant")
    .select((eb) => ["unlimited", "qtyInStock", heldByOthersSql(eb, scope).as("heldByOthers")])
    .where("id", "=", variantId)
    .executeTakeFirst();
  return variant && { unlimited: variant.unlimited, qtyInStock: variant.qtyInStock, heldByOthers: Number(variant.heldByOthers) };
}

/**
 * Variants with qtyInStock as shoppers are shown it: the available units, other carts' holds taken
 * out (for rows a page or a REST answer shows; never for the owner's stock, which stays the count).
 */
export function asShown<V extends { id: number; unlimited: boolean; qtyInStock: number }>(variants: readonly V[], held: ReadonlyMap<number, number>): V[] {
  return variants.map((variant) =>
    variant.unlimited ? variant : { ...variant, qtyInStock: availableUnits({ ...variant, heldByOthers: held.get(variant.id) ?? 0 }) },
  );
}

/** A site's holds as the jobs and the payments use them: expiry, and telling every process what changed. */
export class StockHoldService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    /** The site's ProductDefinitions (typed by shape: the catalogue imports this module). */
    private readonly definitions: { invalidate(productIds: number[]): void },
    private readonly pubsub: StorePubSub,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Units held now by variant, for what the storefront shows (sold out, units left): every cart's
   * holds count, the viewer's own too (a shopper paying has their units; nobody can have them twice).
   */
  heldNow(): Promise<Map<number, number>> {
    return heldByOthers(this.db, { websiteId: this.websiteId, now: this.now(), exceptCartId: null });
  }

  /** The expiry job's turn: deletes the holds lapsed by `now` and announces their products. Returns those products' ids. */
  async expire(now: Date): Promise<number[]> {
    const productIds = [...(await expireHolds(this.db, this.websiteId, now))];
    this.announce(productIds);
    return productIds;
  }

  /** After commit: this process forgets the products' definitions at once; others hear it through catalogChanged (as a sale does). */
  announce(productIds: Iterable<number>): void {
    const ids = [...productIds];
    if (ids.length === 0) return;
    this.definitions.invalidate(ids);
    this.pubsub.publish("catalogChanged", { productIds: ids });
  }
}
