// The owner's customers (issue 24 §5): members and the addresses of guest orders merged by email
// (domain/customers/customers.ts says how), with their orders count, total spent, last order and
// marketing consent; searched, sorted and paged in one statement per page on either database; one
// customer's page (orders, subscriptions, gift cards, form submissions, saved addresses); the CSV export.
import { sql as sqlText, type RawBuilder } from "kysely";
import type { Db } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { customerEmailKey, type CustomerSort } from "../../domain/customers/customers.ts";
import { InvalidInputError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { REVENUE_STATES } from "../../domain/orders/home.ts";
import { CUSTOMER_CSV_COLUMNS, customerCsvRow } from "../../domain/customers/customer-csv.ts";
import { maskGiftCardCode } from "../../domain/cart/gift-card-payment.ts";
import type { CsvExport } from "../catalog/product-export.ts";
import { likePattern } from "../catalog/product-search.ts";
import { toSubscriptionView, type SubscriptionView } from "../checkout/subscriptions.ts";
import { orderInclude } from "../checkout/order-view.ts";
import { toOwnerView, type OwnerOrderView } from "../orders/orders.ts";
import type { MemberAddressService, SavedAddressView } from "../members/addresses.ts";

/** A customer as the list shows it: the domain's summary, the store's currency and consent. */
export interface CustomerRow {
  email: string;
  accountId: number | null;
  name: string;
  orderCount: number;
  totalSpent: number;
  currency: string;
  lastOrderAt: Date | null;
  /** Confirmed (double opt-in) on one of the site's mailing lists and not unsubscribed. */
  marketingConsent: boolean;
}

export interface CustomerFilter {
  /** Part of the email or of the name, in any case. */
  search?: string | null;
  sort?: CustomerSort | null;
  first?: number | null;
  after?: string | null;
}

export interface CustomerGiftCard {
  maskedCode: string;
  currency: string;
  initialBalance: number;
  balance: number;
  recipientEmail: string;
  message: string | null;
}

export interface CustomerDetail extends CustomerRow {
  orders: OwnerOrderView[];
  subscriptions: SubscriptionView[];
  giftCardsBought: CustomerGiftCard[];
  giftCardsReceived: CustomerGiftCard[];
  /** Members only (none for a guest). */
  addresses: SavedAddressView[];
}

export const CUSTOMER_PAGE = { default: 20, max: 100 } as const;

/** A cursor names the ordering, the search and how many rows came before (the list is an admin's: offsets suffice). */
function encodeCursor(sort: CustomerSort, search: string, offset: number): string {
  return Buffer.from(JSON.stringify([sort, search, offset])).toString("base64url");
}
function decodeCursor(sort: CustomerSort, search: string, cursor: string): number {
  try {
    const [cursorSort, cursorSearch, offset] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    if (cursorSort === sort && cursorSearch === search && Number.isInteger(offset) && (offset as number) > 0) return offset as number;
  } catch {
    // refused below
  }
  throw new InvalidInputError(ownerMessages.pageCursorInvalid);
}

const ORDER_BY: Record<CustomerSort, RawBuilder<unknown>> = {
  // domain compareCustomers: no order last, no name last, ties by email
  LAST_ORDER: sqlText`c."lastOrderAt" IS NULL, c."lastOrderAt" DESC, c."email"`,
  TOTAL_SPENT: sqlText`c."totalSpent" DESC, c."email"`,
  NAME: sqlText`c."name" = '', LOWER(c."name"), c."email"`,
};

type RawCustomer = Record<keyof CustomerRow, unknown>;

/** Raw results: counts come back as bigint, SQLite's computed dates and booleans as numbers or text. */
function toRow(raw: RawCustomer): CustomerRow {
  const at = raw.lastOrderAt;
  return {
    email: String(raw.email),
    accountId: raw.accountId === null ? null : Number(raw.accountId),
    name: String(raw.name ?? ""),
    orderCount: Number(raw.orderCount),
    totalSpent: Number(raw.totalSpent),
    currency: String(raw.currency),
    lastOrderAt:
      at === null || at === undefined
        ? null
        : at instanceof Date
          ? at
          : new Date(typeof at === "string" && /^\d+$/.test(at) ? Number(at) : (at as string | number)),
    marketingConsent: raw.marketingConsent === true || Number(raw.marketingConsent) === 1,
  };
}

export class CustomerService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly addresses: MemberAddressService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A page of the site's customers in `filter`'s order (last order first by default). */
  async list(filter: CustomerFilter): Promise<{ items: (CustomerRow & { cursor: string })[]; hasNextPage: boolean }> {
    const sort = filter.sort ?? "LAST_ORDER";
    const search = filter.search?.trim().toLowerCase() ?? "";
    const take = Math.min(Math.max(filter.first ?? CUSTOMER_PAGE.default, 1), CUSTOMER_PAGE.max);
    const offset = filter.after ? decodeCursor(sort, search, filter.after) : 0;
    const where = search
      ? sqlText`WHERE LOWER(c."email") LIKE ${likePattern(search)} ESCAPE '\\' OR LOWER(c."name") LIKE ${likePattern(search)} ESCAPE '\\'`
      : sqlText``;
    const rows = await this.#select(where, ORDER_BY[sort], take + 1, offset);
    return {
      items: rows.slice(0, take).map((row, index) => ({ ...row, cursor: encodeCursor(sort, search, offset + index + 1) })),
      hasNextPage: rows.length > take,
    };
  }

  /** One customer by email (any case); null when the address is neither a member's nor on an order of this site. */
  async get(email: string): Promise<CustomerDetail | null> {
    const key = customerEmailKey(email);
    const [row] = await this.#select(sqlText`WHERE c."email" = ${key}`, ORDER_BY.LAST_ORDER, 1, 0);
    if (!row) return null;
    const orderIds = await sql(this.db)
      .selectFrom("Order")
      .select("id")
      .where("websiteId", "=", this.websiteId)
      .where(sqlText<boolean>`LOWER(TRIM("customerEmail")) = ${key}`)
      .execute();
    const ids = orderIds.map((order) => order.id);
    const [orders, subscriptions, bought, received, addresses] = await Promise.all([
      this.db.order.findMany({ where: { websiteId: this.websiteId, id: { in: ids } }, orderBy: { orderNumber: "desc" }, include: orderInclude }),
      this.db.subscription.findMany({
        where: { websiteId: this.websiteId, OR: [{ orderId: { in: ids } }, ...(row.accountId !== null ? [{ accountId: row.accountId }] : [])] },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      }),
      this.db.giftCard.findMany({ where: { websiteId: this.websiteId, orderId: { in: ids } }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] }),
      this.#giftCardsReceived(key),
      row.accountId !== null ? this.addresses.list(row.accountId) : Promise.resolve([]),
    ]);
    const card = ({ code, currency, initialBalance, balance, recipientEmail, message }: (typeof bought)[number]): CustomerGiftCard => ({
      maskedCode: maskGiftCardCode(code),
      currency,
      initialBalance,
      balance,
      recipientEmail,
      message,
    });
    return {
      ...row,
      orders: orders.map(toOwnerView),
      subscriptions: subscriptions.map(toSubscriptionView),
      giftCardsBought: bought.map(card),
      giftCardsReceived: received.map(card),
      addresses,
    };
  }

  /** The customer's form submissions (spam left out), newest first; `query` is Pothos's selection. */
  formSubmissions<Q extends { select?: object; include?: object }>(email: string, query: Q) {
    // Submissions keep their first email answer lower-cased (forms/form-submissions.ts).
    return this.db.formSubmission.findMany({
      ...query,
      where: { websiteId: this.websiteId, email: customerEmailKey(email), spam: false },
      orderBy: { createdAt: "desc" },
      take: 50,
    });
  }

  /** The download: customers-<date>.csv, the biggest spenders first. */
  export(): CsvExport {
    return { filename: `customers-${this.now().toISOString().slice(0, 10)}.csv`, columns: [...CUSTOMER_CSV_COLUMNS], rows: this.#csvRows() };
  }

  async *#csvRows(): AsyncGenerator<string[]> {
    let after: string | null = null;
    for (;;) {
      const page = await this.list({ sort: "TOTAL_SPENT", first: CUSTOMER_PAGE.max, after });
      for (const customer of page.items) yield customerCsvRow(customer);
      if (!page.hasNextPage) return;
      after = page.items[page.items.length - 1].cursor;
    }
  }

  #giftCardsReceived(key: string) {
    return sql(this.db)
      .selectFrom("GiftCard")
      .select("id")
      .where("websiteId", "=", this.websiteId)
      .where(sqlText<boolean>`LOWER(TRIM("recipientEmail")) = ${key}`)
      .execute()
      .then((rows) =>
        this.db.giftCard.findMany({
          where: { websiteId: this.websiteId, id: { in: rows.map((row) => row.id) } },
          orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        }),
      );
  }

  /**
   * The one statement of a page: every address (members without a contributor role, and orders'
   * addresses) with its member, its orders' aggregates and its consent, then filtered, sorted, cut.
   */
  async #select(where: RawBuilder<unknown>, orderBy: RawBuilder<unknown>, limit: number, offset: number): Promise<CustomerRow[]> {
    const site = this.websiteId;
    const spending = sqlText.join(REVENUE_STATES.map((state) => sqlText`${state}`));
    const statement = sqlText<RawCustomer>`
WITH "store" AS (SELECT w."currency" AS "currency" FROM "Website" w WHERE w."id" = ${site}),
"members" AS (
  SELECT LOWER(TRIM(a."email")) AS "email", MIN(a."id") AS "accountId", MAX(TRIM(a."displayName")) AS "displayName"
  FROM "Account" a WHERE a."websiteId" = ${site} AND a."role" IS NULL GROUP BY LOWER(TRIM(a."email"))),
"orders" AS (
  SELECT LOWER(TRIM(o."customerEmail")) AS "email", COUNT(*) AS "orderCount",
    SUM(CASE WHEN o."state" IN (${spending}) AND o."currency" = (SELECT "currency" FROM "store") AND o."grandTotal" > o."refundedAmount"
      THEN o."grandTotal" - o."refundedAmount" ELSE 0 END) AS "totalSpent",
    MAX(o."createdAt") AS "lastOrderAt"
  FROM "Order" o WHERE o."websiteId" = ${site} AND o."customerEmail" IS NOT NULL AND TRIM(o."customerEmail") <> ''
  GROUP BY LOWER(TRIM(o."customerEmail"))),
"keys" AS (SELECT "email" FROM "members" UNION SELECT "email" FROM "orders"),
"c" AS (
  SELECT k."email" AS "email", m."accountId" AS "accountId",
    COALESCE(NULLIF(m."displayName", ''), (SELECT ad."fullName" FROM "Order" lo JOIN "OrderAddress" ad ON ad."orderId" = lo."id"
      WHERE lo."websiteId" = ${site} AND LOWER(TRIM(lo."customerEmail")) = k."email" ORDER BY lo."createdAt" DESC, ad."kind" ASC LIMIT 1), '') AS "name",
    COALESCE(o."orderCount", 0) AS "orderCount", COALESCE(o."totalSpent", 0) AS "totalSpent", o."lastOrderAt" AS "lastOrderAt",
    (SELECT "currency" FROM "store") AS "currency",
    CASE WHEN EXISTS (SELECT 1 FROM "MailingListSignUp" s JOIN "MailingList" l ON l."id" = s."mailingListId"
      WHERE l."websiteId" = ${site} AND LOWER(TRIM(s."email")) = k."email" AND s."status" = 'CONFIRMED' AND s."unsubscribedAt" IS NULL)
      THEN 1 ELSE 0 END AS "marketingConsent"
  FROM "keys" k LEFT JOIN "members" m ON m."email" = k."email" LEFT JOIN "orders" o ON o."email" = k."email")
SELECT * FROM "c" c ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`;
    const result = await statement.execute(sql(this.db));
    return result.rows.map(toRow);
  }
}
