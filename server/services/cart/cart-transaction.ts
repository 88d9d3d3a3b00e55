// How every cart write runs, so that no write is lost and none happens twice:
//  1. writes to one cart queue in-process (KeyedMutex) and, across processes, on the cart row's lock
//     (the version bump that opens each transaction);
//  2. with an idempotency key, the first answer is stored in the same transaction as the change; a
//     retry by the same visitor replays it and changes nothing; other input under the key is refused;
//  3. subscribers hear of the change only after it is committed.
import { idempotencyKeyInput } from "../../domain/cart/inputs.ts";
import { DomainError, IdempotencyKeyReusedError, NotFoundError } from "../../domain/errors.ts";
import { parseInput } from "../../domain/inputs.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import type { Selectable } from "kysely";
import type { Db, Tx } from "../../db/client.ts";
import { sql, type Database, type Sql } from "../../db/sql.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { KeyedMutex } from "../support/keyed-mutex.ts";
import { newId, newSecret, sha256 } from "../support/ids.ts";
import { canonicalJson } from "../support/json.ts";
import type { CartViewCache } from "./cart-view-cache.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";

/** Who is asking: the cart their cookie (or token) names, and their CSRF crumb if they have one. */
export interface Visitor {
  cartToken: string | null;
  crumb: string | null;
}

export interface WriteOptions {
  idempotencyKey?: string | null;
}

/** A cart row and an entry row, as the database returns them (the same shapes as Prisma's). */
export type CartRecord = Selectable<Database["Cart"]>;
export type CartEntryRecord = Selectable<Database["CartEntry"]>;

/** A cart row with its entries, as a write's transaction holds it. */
export type CartRow = CartRecord & { entries: CartEntryRecord[] };

/** The cart's entries in the order shoppers see them. */
export function cartEntries(q: Sql, cartId: string): Promise<CartEntryRecord[]> {
  return q.selectFrom("CartEntry").selectAll().where("cartId", "=", cartId).orderBy("position").orderBy("createdAt").execute();
}

/** Idempotency keys are opaque client strings: 1 to 255 visible ASCII characters. */
export function checkIdempotencyKey(key: string | null | undefined): string | null {
  if (key === null || key === undefined) return null;
  return parseInput(idempotencyKeyInput, key);
}

/** How long a stored answer can be replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

class Replay {
  constructor(readonly response: unknown) {}
}

export interface CartWrite<R> {
  operation: string;
  /** Everything that defines the request: a retry must send the same. */
  input: unknown;
  /** A write that makes a cart when the visitor has none (adding the first item). */
  createCart?: { kind: string };
  /** Runs inside the transaction with the locked cart; returns plain JSON (replayed to retries). */
  work(tx: Tx, cart: CartRow): Promise<R>;
  /** What an already-purchased cart answers instead of running `work` (default: refused). */
  onPurchased?(tx: Tx, cart: CartRow): Promise<R>;
  /** The failure when the visitor has no cart and the write makes none (default: cart not found). */
  noCart?(): DomainError;
}

export class CartWriter {
  readonly #mutex = new KeyedMutex();

  constructor(
    private readonly db: Db,
    private readonly settings: StoreSettingsService,
    private readonly pubsub: StorePubSub,
    private readonly viewCache: CartViewCache,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Runs one write to the visitor's cart; returns its result (or the replayed first result). */
  async write<R extends { cartId: string }>(visitor: Visitor, options: WriteOptions, write: CartWrite<R>): Promise<R> {
    const key = checkIdempotencyKey(options.idempotencyKey);
    const requestHash = key ? sha256(canonicalJson({ operation: write.operation, input: write.input })) : "";
    // One visitor's writes queue together even before they hold a cart (parallel first adds).
    const lockKey = visitor.cartToken ?? (visitor.crumb ? `crumb:${visitor.crumb}` : `new:${key ?? newId()}`);
    const attempt = () => this.#mutex.run(lockKey, () => this.#transaction(visitor, key, requestHash, write));
    let result: R;
    try {
      result = await attempt();
    } catch (error) {
      // Two first requests with one key raced (each made its own cart): the loser replays the winner.
      if (!(key && isUniqueViolation(error))) throw error;
      result = await attempt();
    }
    // This process forgets the old view at once; others (and subscribers) hear it through the event.
    this.viewCache.invalidateCart(result.cartId);
    this.pubsub.publish("cartUpdated", result.cartId, { cartId: result.cartId });
    this.pubsub.publish("cartChanged", { cartId: result.cartId });
    return result;
  }

  async #transaction<R>(visitor: Visitor, key: string | null, requestHash: string, write: CartWrite<R>): Promise<R> {
    const settings = await this.settings.get();
    try {
      return await this.db.$transaction(
        async (tx) => {
          // One instant for the whole write: the cart's times, the crumb window, the replay window.
          const now = this.now();
          // Only this site's carts: another site's token or crumb names no cart here.
          let cart = visitor.cartToken
            ? await lockCart(tx, visitor.cartToken, settings.websiteId, now)
            : write.createCart?.kind === "STANDARD" && visitor.crumb
              ? await findCartMadeFor(tx, visitor.crumb, settings.websiteId, now)
              : null;
          if (key) {
            const replay = await findReplay(tx, key, requestHash, visitor, cart, settings.websiteId, now);
            if (replay !== undefined) throw new Replay(replay);
          }
          if (cart?.isPurchased && write.onPurchased) return await write.onPurchased(tx, cart);
          if (!cart || cart.isPurchased) {
            if (!write.createCart)
              throw cart ? new NotFoundError(checkoutMessages.cartAlreadyPurchased) : (write.noCart?.() ?? new NotFoundError(checkoutMessages.cartNotFound));
            const created = await sql(tx)
              .insertInto("Cart")
              .values({
                id: newId(),
                token: newSecret(),
                websiteId: settings.websiteId,
                currency: settings.currency,
                kind: write.createCart.kind,
                creatorCrumbHash: visitor.crumb && write.createCart.kind === "STANDARD" ? sha256(visitor.crumb) : null,
                created: now,
                updatedAt: now,
              })
              .returningAll()
              .executeTakeFirstOrThrow();
            cart = { ...created, entries: [] };
          }
          const result = await write.work(tx, cart);
          if (key) {
            await sql(tx)
              .insertInto("IdempotencyRecord")
              .values({
                key,
                operation: write.operation,
                requestHash,
                visitorHash: visitor.crumb ? sha256(visitor.crumb) : null,
                cartId: cart.id,
                response: JSON.stringify(result),
                createdAt: now,
              })
              .execute();
          }
          return result;
        },
        { maxWait: 10_000, timeout: 15_000 },
      );
    } catch (error) {
      if (error instanceof Replay) return error.response as R;
      throw error;
    }
  }
}

/**
 * Takes the cart's row lock for the rest of the transaction (PostgreSQL holds it until commit; SQLite
 * runs one write transaction at a time anyway): one UPDATE ... RETURNING bumps the version and reads
 * the row, then its entries are read under the lock. Null when no cart of the site has this token.
 */
export async function lockCart(tx: Tx, token: string, websiteId: string, now: Date): Promise<CartRow | null> {
  const q = sql(tx);
  const cart = await q
    .updateTable("Cart")
    .set((eb) => ({ version: eb("version", "+", 1), updatedAt: now }))
    .where("token", "=", token)
    .where("websiteId", "=", websiteId)
    .returningAll()
    .executeTakeFirst();
  return cart ? { ...cart, entries: await cartEntries(q, cart.id) } : null;
}

/** How long a cart made by a visitor's first add is found by their crumb alone. */
const CART_BY_CRUMB_WINDOW_MS = 10 * 60 * 1000;

/**
 * The open cart that a visitor without a cart cookie made moments ago (its Set-Cookie has not
 * reached them yet: a double click, parallel adds), locked; null when there is none.
 */
async function findCartMadeFor(tx: Tx, crumb: string, websiteId: string, now: Date) {
  const made = await sql(tx)
    .selectFrom("Cart")
    .select("token")
    .where("creatorCrumbHash", "=", sha256(crumb))
    .where("websiteId", "=", websiteId)
    .where("isPurchased", "=", false)
    .where("kind", "=", "STANDARD")
    .where("created", ">=", new Date(now.getTime() - CART_BY_CRUMB_WINDOW_MS))
    .orderBy("created", "desc")
    .limit(1)
    .executeTakeFirst();
  return made ? lockCart(tx, made.token, websiteId, now) : null;
}

/**
 * The stored first answer for this key, undefined when there is none. The same key with other input,
 * used by another visitor, or answered on another site, is refused (the answer holds that visitor's
 * cart token).
 */
async function findReplay(tx: Tx, key: string, requestHash: string, visitor: Visitor, cart: CartRow | null, websiteId: string, now: Date): Promise<unknown> {
  const q = sql(tx);
  const record = await q
    .selectFrom("IdempotencyRecord as r")
    .leftJoin("Cart as c", "c.id", "r.cartId")
    .selectAll("r")
    .select("c.websiteId as cartWebsiteId")
    .where("r.key", "=", key)
    .executeTakeFirst();
  if (!record || now.getTime() - record.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
    if (record) await q.deleteFrom("IdempotencyRecord").where("key", "=", key).execute();
    return undefined;
  }
  // Keys are one namespace for every site: a key answered on another site is another visitor's.
  if (record.cartWebsiteId !== websiteId) throw new IdempotencyKeyReusedError();
  const sameVisitor =
    (record.visitorHash !== null && visitor.crumb !== null && record.visitorHash === sha256(visitor.crumb)) ||
    (record.cartId !== null && cart?.id === record.cartId) ||
    (record.visitorHash === null && visitor.crumb === null && visitor.cartToken === null);
  if (!sameVisitor || record.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
  return JSON.parse(record.response);
}
