// The rollups the dashboard reads (issue 11): a day's AnalyticsDay, AnalyticsProductDay and
// AnalyticsFormDay recomputed from that day's raw events (GROUP BY in the database) and its orders,
// replaced in one transaction, so running it twice gives the same rows. Orders and revenue come from
// the Order table (placed or fulfilled: cancelled and refunded orders bring nothing), by the order's
// creation day in the site's time zone, never from the client's purchase events.
//
// RollupJob (every minute, on one instance: jobs/scheduler.ts) rolls up the days that changed: the
// days of events stored since its last run (by event id), the days of orders created, cancelled or
// refunded since then, and today. On its first run in a process it starts from the rollups' own
// last update (less a margin), so a restart misses nothing.
import type { ExpressionBuilder } from "kysely";
import type { Db } from "../../db/client.ts";
import { sql, type Database } from "../../db/sql.ts";
import { REVENUE_STATES } from "../../domain/orders/home.ts";
import { dayStart, nextDay, siteDay } from "../../domain/analytics/events.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";

interface DayTotals {
  visits: number;
  visitors: number;
  pageViews: number;
  productViewSessions: number;
  addToCartSessions: number;
  checkoutSessions: number;
  orderSessions: number;
  formViews: number;
  formSubmissions: number;
}

// Counts come back as bigint on PostgreSQL and SUM over no rows as null: read every figure through this.
const count = (value: unknown): number => Number(value ?? 0);

type Events = ExpressionBuilder<Database, "AnalyticsEvent">;
/** How many of the events are of one of `kinds`. */
const eventsOf = (eb: Events, kinds: string[]) => eb.fn.sum<number | bigint | null>(eb.case().when("kind", "in", kinds).then(eb.lit(1)).else(eb.lit(0)).end());
/** How many sessions sent an event of one of `kinds`. */
const sessionsWith = (eb: Events, kinds: string[]) =>
  eb.fn.count<number | bigint>(eb.case().when("kind", "in", kinds).then(eb.ref("sessionKey")).end()).distinct();

/** Recomputes one day's rollups of the site (idempotent). */
export async function rollUpDay(db: Db, websiteId: string, day: string, timeZone: string): Promise<void> {
  const events = () => sql(db).selectFrom("AnalyticsEvent").where("websiteId", "=", websiteId).where("day", "=", day);
  const totalsRow = await events()
    .select((eb) => [
      eb.fn.count("sessionKey").distinct().as("visits"),
      eb.fn.count("visitorKey").distinct().as("visitors"),
      eventsOf(eb, ["page-view"]).as("pageViews"),
      sessionsWith(eb, ["view-product", "quick-view"]).as("productViewSessions"),
      sessionsWith(eb, ["add-to-cart"]).as("addToCartSessions"),
      sessionsWith(eb, ["checkout-start"]).as("checkoutSessions"),
      sessionsWith(eb, ["purchase"]).as("orderSessions"),
      eventsOf(eb, ["form-render"]).as("formViews"),
      eventsOf(eb, ["form-submit"]).as("formSubmissions"),
    ])
    .executeTakeFirst();
  const productRows = await events()
    .where("productId", "is not", null)
    .where("kind", "in", ["view-product", "quick-view", "add-to-cart"])
    .groupBy("productId")
    .select((eb) => ["productId", eventsOf(eb, ["view-product", "quick-view"]).as("views"), eventsOf(eb, ["add-to-cart"]).as("adds")])
    .execute();
  const formRows = await events()
    .where("formKey", "is not", null)
    .where("kind", "in", ["form-render", "form-submit"])
    .groupBy("formKey")
    .select((eb) => ["formKey", eventsOf(eb, ["form-render"]).as("views"), eventsOf(eb, ["form-submit"]).as("submissions")])
    .$narrowType<{ formKey: string }>()
    .execute();

  // Orders of the day (the site's calendar), standing ones only.
  const orderWhere = {
    websiteId,
    createdAt: { gte: dayStart(day, timeZone), lt: dayStart(nextDay(day), timeZone) },
    state: { in: [...REVENUE_STATES] },
  };
  const orders = await db.order.aggregate({ where: orderWhere, _count: { _all: true }, _sum: { grandTotal: true } });
  const items = await db.orderItem.findMany({ where: { order: orderWhere }, select: { orderId: true, productId: true, quantity: true, unitPrice: true } });

  const products = new Map<number, { views: number; adds: number; orders: Set<string>; unitsSold: number; revenueCents: number }>();
  const product = (productId: number) => {
    let entry = products.get(productId);
    if (!entry) products.set(productId, (entry = { views: 0, adds: 0, orders: new Set(), unitsSold: 0, revenueCents: 0 }));
    return entry;
  };
  for (const row of productRows) Object.assign(product(count(row.productId)), { views: count(row.views), adds: count(row.adds) });
  for (const item of items) {
    const entry = product(item.productId);
    entry.orders.add(item.orderId);
    entry.unitsSold += item.quantity;
    entry.revenueCents += item.quantity * item.unitPrice;
  }

  const totals = Object.fromEntries(Object.entries(totalsRow ?? {}).map(([name, value]) => [name, count(value)])) as unknown as DayTotals;
  const key = { websiteId, day };
  await db.$transaction([
    db.analyticsDay.deleteMany({ where: key }),
    db.analyticsProductDay.deleteMany({ where: key }),
    db.analyticsFormDay.deleteMany({ where: key }),
    db.analyticsDay.create({ data: { ...key, ...totals, orders: orders._count._all, revenueCents: orders._sum.grandTotal ?? 0 } }),
    db.analyticsProductDay.createMany({
      data: [...products].map(([productId, entry]) => ({
        ...key,
        productId,
        views: entry.views,
        adds: entry.adds,
        orders: entry.orders.size,
        unitsSold: entry.unitsSold,
        revenueCents: entry.revenueCents,
      })),
    }),
    db.analyticsFormDay.createMany({
      data: formRows.map((row) => ({ ...key, formKey: row.formKey, views: count(row.views), submissions: count(row.submissions) })),
    }),
  ]);
}

/** How far before the rollups' last update a fresh process looks for events it may not have rolled up. */
const RESTART_MARGIN_MS = 60 * 60 * 1000;

export class RollupJob {
  /** The last event id rolled up by this process, and when it last ran. */
  #lastEventId: number | null = null;
  #lastRunAt: Date | null = null;

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly settings: Pick<StoreSettingsService, "get">,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Rolls up the days that changed since the last run, and today; the days it rolled up. */
  async run(): Promise<string[]> {
    const { timeZone } = await this.settings.get();
    const now = this.now();
    const since = this.#lastRunAt ?? (await this.#restartPoint());
    // Events up to this id are rolled up by this run; later ones by the next.
    const upTo = (await this.db.analyticsEvent.aggregate({ where: { websiteId: this.websiteId }, _max: { id: true } }))._max.id ?? 0;
    const newEvents = this.#lastEventId !== null ? { id: { gt: this.#lastEventId, lte: upTo } } : { id: { lte: upTo }, occurredAt: { gte: since } };
    const eventDays = await this.db.analyticsEvent.groupBy({ by: ["day"], where: { websiteId: this.websiteId, ...newEvents } });
    const changedOrders = await this.db.order.findMany({
      where: { websiteId: this.websiteId, OR: [{ createdAt: { gte: since } }, { cancelledAt: { gte: since } }, { refundedAt: { gte: since } }] },
      select: { createdAt: true },
    });
    const days = new Set<string>([siteDay(now, timeZone)]);
    for (const row of eventDays) days.add(row.day);
    for (const order of changedOrders) days.add(siteDay(order.createdAt, timeZone));
    for (const day of [...days].sort()) await rollUpDay(this.db, this.websiteId, day, timeZone);
    this.#lastEventId = upTo;
    this.#lastRunAt = now;
    return [...days].sort();
  }

  /** A fresh process: from the rollups' last update, less a margin (events may be written late). */
  async #restartPoint(): Promise<Date> {
    const last = await this.db.analyticsDay.aggregate({ where: { websiteId: this.websiteId }, _max: { updatedAt: true } });
    return last._max.updatedAt ? new Date(last._max.updatedAt.getTime() - RESTART_MARGIN_MS) : new Date(0);
  }
}
