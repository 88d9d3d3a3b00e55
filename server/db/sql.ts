// Typed SQL for the hot paths (issue 13): Kysely builds and compiles the statement, and the Prisma
// client or interactive transaction it is given runs it through `$queryRawUnsafe` /
// `$executeRawUnsafe`, so it shares Prisma's connection, its transaction and the SQLite adapter's
// transaction gating (db/adapters.ts). A Prisma model operation compiles its query in Wasm on every
// call; a raw statement skips that (docs/benchmarks.md "Write path").
//
// Results come back through Prisma's raw-result mapping, which uses the declared column types on
// both databases: DateTime columns are Dates, Boolean columns booleans. Computed integer expressions
// (count(*), a literal) come back as bigint: wrap them in Number().
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  DeleteQueryNode,
  InsertQueryNode,
  UpdateQueryNode,
  type ColumnType,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Generated,
  type QueryResult,
} from "kysely";
import type { DatabaseProvider } from "./urls.ts";

/** The part of a Prisma client (or of the client a `$transaction` callback gets) that runs raw SQL. */
export interface RawRunner {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
}

/** A column Prisma fills with `@default(now())` / `@updatedAt`: read as a Date, written as a Date. */
type Timestamp = ColumnType<Date, Date | undefined, Date>;
/** `@updatedAt` has no database default: every insert and update must set it. */
type UpdatedAt = ColumnType<Date, Date, Date>;

// Hand-written row types of the tables the hot paths touch (prisma/schema.prisma is the source; the
// test of this module checks them against the migrated database on both providers).
export interface CartTable {
  id: string;
  token: string;
  websiteId: string;
  kind: Generated<string>;
  currency: Generated<string>;
  created: Timestamp;
  updatedAt: UpdatedAt;
  version: Generated<number>;
  isPurchased: Generated<boolean>;
  orderId: string | null;
  selectedShippingOptionId: number | null;
  shippingCountry: string | null;
  shippingRegion: string | null;
  shippingPostalCode: string | null;
  couponCodes: Generated<string>;
  giftCardCodes: Generated<string>;
  creatorCrumbHash: string | null;
}

export interface CartEntryTable {
  id: string;
  cartId: string;
  productId: number;
  variantId: number | null;
  denominationId: number | null;
  giftRecipientEmail: string | null;
  giftMessage: string | null;
  quantity: number;
  additionalFields: string | null;
  position: Generated<number>;
  createdAt: Timestamp;
}

export interface ProductTable {
  id: Generated<number>;
  websiteId: string;
  collectionId: number | null;
  slug: string;
  name: string;
  description: Generated<string>;
  imageUrl: string | null;
  productType: number;
  isSubscribable: Generated<boolean>;
  price: number | null;
  salePrice: number | null;
  currency: Generated<string>;
  onSale: Generated<boolean>;
  additionalFieldsFormId: number | null;
  useCustomAddButtonText: Generated<boolean>;
  customAddButtonText: string | null;
  variantOptionOrdering: Generated<string>;
  sortPrice: Generated<number>;
  visible: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: UpdatedAt;
}

export interface VariantTable {
  id: Generated<number>;
  productId: number;
  sku: string;
  attributes: Generated<string>;
  price: number;
  salePrice: Generated<number>;
  currency: Generated<string>;
  onSale: Generated<boolean>;
  unlimited: Generated<boolean>;
  qtyInStock: Generated<number>;
  position: Generated<number>;
}

export interface OrderTable {
  id: string;
  orderNumber: number;
  websiteId: string;
  purchasedCartId: string;
  testMode: Generated<boolean>;
  customerEmail: string | null;
  currency: string;
  subtotal: number;
  discountTotal: number;
  taxTotal: number;
  shippingTotal: number;
  grandTotal: number;
  shippingOption: string | null;
  shippingCountry: string | null;
  shippingRegion: string | null;
  shippingPostalCode: string | null;
  couponCodes: Generated<string>;
  giftCardTotal: Generated<number>;
  giftCardPayments: Generated<string>;
  subscriptionId: string | null;
  subscriptionCycle: number | null;
  language: string | null;
  createdAt: Timestamp;
  state: Generated<string>;
  fulfilledAt: Date | null;
  cancelledAt: Date | null;
  refundedAt: Date | null;
  accountId: number | null;
}

export interface OrderItemTable {
  id: Generated<number>;
  orderId: string;
  productId: number;
  variantId: number | null;
  sku: string | null;
  productName: string;
  productType: number;
  attributes: Generated<string>;
  quantity: number;
  unitPrice: number;
  additionalFields: string | null;
}

export interface OrderAddressTable {
  id: Generated<number>;
  orderId: string;
  kind: string;
  fullName: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  country: string;
  phone: string | null;
}

export interface IdempotencyRecordTable {
  key: string;
  operation: string;
  requestHash: string;
  visitorHash: string | null;
  cartId: string | null;
  response: string;
  createdAt: Timestamp;
}

export interface WebsiteTable {
  id: string;
  title: string;
  currency: Generated<string>;
  nextOrderNumber: Generated<number>;
  multipleQuantityAllowedForServices: Generated<boolean>;
  checkoutMinimumSubtotal: Generated<number>;
  expressCheckout: Generated<boolean>;
  defaultLanguage: Generated<string>;
}

export interface GiftCardDenominationTable {
  id: Generated<number>;
  productId: number;
  sku: string;
  amount: number;
  currency: Generated<string>;
  position: Generated<number>;
}

export interface SiteLanguageTable {
  id: Generated<number>;
  websiteId: string;
  code: string;
  position: Generated<number>;
}

export interface OutboxEmailTable {
  id: string;
  websiteId: string;
  kind: string;
  dedupeKey: string;
  toEmail: string;
  subject: string;
  textBody: string;
  language: string | null;
  status: Generated<string>;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: Timestamp;
  sentAt: Date | null;
  nextAttemptAt: Date | null;
}

/** The tables Kysely may name (a subset of the schema: add a table when a hot path needs it). */
export interface Database {
  Cart: CartTable;
  CartEntry: CartEntryTable;
  Product: ProductTable;
  Variant: VariantTable;
  Order: OrderTable;
  OrderItem: OrderItemTable;
  OrderAddress: OrderAddressTable;
  IdempotencyRecord: IdempotencyRecordTable;
  Website: WebsiteTable;
  GiftCardDenomination: GiftCardDenominationTable;
  SiteLanguage: SiteLanguageTable;
  OutboxEmail: OutboxEmailTable;
}

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

/**
 * The provider a Prisma client (or transaction client) was generated for. Each provider has its own
 * generated client (db/client.ts), which records it; test/db/sql.test.ts fails if that ever changes.
 */
export function providerOfClient(runner: RawRunner): DatabaseProvider {
  const provider = (runner as { _activeProvider?: string })._activeProvider;
  if (provider === "sqlite" || provider === "postgresql") return provider;
  throw new Error(`Unknown Prisma provider ${String(provider)}`);
}

const instances = new WeakMap<RawRunner, Sql>();

/**
 * A Kysely query builder that runs its statements through this Prisma client or transaction client
 * (pass the `tx` of a `$transaction` callback to stay inside the transaction). Cached per client.
 */
export function sql(runner: RawRunner): Sql {
  let kysely = instances.get(runner);
  if (!kysely) {
    kysely = new Kysely<Database>({ dialect: dialect(providerOfClient(runner), runner) });
    instances.set(runner, kysely);
  }
  return kysely;
}
