// How every cart write runs, so that no write is lost and none happens twice:
//  1. writes to one cart queue in-process (KeyedMutex) and, across processes, on the cart row's lock
//     (the version bump that opens each transaction);
//  2. with an idempotency key, the first answer is stored in the same transaction as the change; a
//     retry by the same visitor replays it and changes nothing; other input under the key is refused;
//  3. subscribers hear of the change only after it is committed.
import { idempotencyKeyInput } from "../../domain/cart/inputs.ts";
import { DomainError, IdempotencyKeyReusedError, NotFoundError } from "../../domain/errors.ts";
import { parseInput } from "../../domain/inputs.ts";
import { checkoutMessages } from "../../domain/checkout-messages.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { KeyedMutex } from "../support/keyed-mutex.ts";
import { newId, newSecret, sha256 } from "../support/ids.ts";
import { canonicalJson } from "../support/json.ts";
import type { CartViewCache } from "./cart-view-cache.ts";
import type { StoreSettingsService } from "../settings/store-settings.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";

/** Who is asking: the cart their cookie (or token) names, and their CSRF crumb if they have one. */
export interface Visitor {
  cartToken: string | null;
  crumb: string | null;
}

export interface WriteOptions {
  idempotencyKey?: string | null;
}

const withEntries = { entries: { orderBy: [{ position: "asc" as const }, { createdAt: "asc" as const }] } } satisfies Prisma.CartInclude;

/** A cart row with its entries, as a write's transaction holds it. */
export type CartRow = NonNullable<Awaited<ReturnType<typeof lockCart>>>;

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

const isRecordNotFound = (error: unknown) => (error as { code?: string })?.code === "P2025";

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
          let cart = visitor.cartToken
            ? await lockCart(tx, visitor.cartToken)
            : write.createCart?.kind === "STANDARD" && visitor.crumb
              ? await findCartMadeFor(tx, visitor.crumb)
              : null;
          if (key) {
            const replay = await findReplay(tx, key, requestHash, visitor, cart);
            if (replay !== undefined) throw new Replay(replay);
          }
          if (cart?.isPurchased && write.onPurchased) return await write.onPurchased(tx, cart);
          if (!cart || cart.isPurchased) {
            if (!write.createCart)
              throw cart ? new NotFoundError(checkoutMessages.cartAlreadyPurchased) : (write.noCart?.() ?? new NotFoundError(checkoutMessages.cartNotFound));
            cart = await tx.cart.create({
              data: {
                id: newId(),
                token: newSecret(),
                websiteId: settings.websiteId,
                currency: settings.currency,
                kind: write.createCart.kind,
                creatorCrumbHash: visitor.crumb && write.createCart.kind === "STANDARD" ? sha256(visitor.crumb) : null,
              },
              include: withEntries,
            });
          }
          const result = await write.work(tx, cart);
          if (key) {
            await tx.idempotencyRecord.create({
              data: {
                key,
                operation: write.operation,
                requestHash,
                visitorHash: visitor.crumb ? sha256(visitor.crumb) : null,
                cartId: cart.id,
                response: JSON.stringify(result),
              },
            });
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
 * runs one write transaction at a time anyway) and reads its entries in the same operation. Null
 * when no cart has this token.
 */
export async function lockCart(tx: Tx, token: string) {
  try {
    return await tx.cart.update({ where: { token }, data: { version: { increment: 1 } }, include: withEntries });
  } catch (error) {
    if (isRecordNotFound(error)) return null;
    throw error;
  }
}

/** How long a cart made by a visitor's first add is found by their crumb alone. */
const CART_BY_CRUMB_WINDOW_MS = 10 * 60 * 1000;

/**
 * The open cart that a visitor without a cart cookie made moments ago (its Set-Cookie has not
 * reached them yet: a double click, parallel adds), locked; null when there is none.
 */
async function findCartMadeFor(tx: Tx, crumb: string) {
  const made = await tx.cart.findFirst({
    where: { creatorCrumbHash: sha256(crumb), isPurchased: false, kind: "STANDARD", created: { gte: new Date(Date.now() - CART_BY_CRUMB_WINDOW_MS) } },
    orderBy: { created: "desc" },
    select: { token: true },
  });
  return made ? lockCart(tx, made.token) : null;
}

/**
 * The stored first answer for this key, undefined when there is none. The same key with other input,
 * or used by another visitor, is refused (the answer holds that visitor's cart token).
 */
async function findReplay(tx: Tx, key: string, requestHash: string, visitor: Visitor, cart: CartRow | null): Promise<unknown> {
  const record = await tx.idempotencyRecord.findUnique({ where: { key } });
  if (!record || Date.now() - record.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
    if (record) await tx.idempotencyRecord.delete({ where: { key } });
    return undefined;
  }
  const sameVisitor =
    (record.visitorHash !== null && visitor.crumb !== null && record.visitorHash === sha256(visitor.crumb)) ||
    (record.cartId !== null && cart?.id === record.cartId) ||
    (record.visitorHash === null && visitor.crumb === null && visitor.cartToken === null);
  if (!sameVisitor || record.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
  return JSON.parse(record.response);
}
