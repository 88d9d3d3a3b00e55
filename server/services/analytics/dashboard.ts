// The owner's analytics (issue 11): figures of a date range read from the daily rollups (AnalyticsDay,
// AnalyticsProductDay, AnalyticsFormDay, AnalyticsVisitorDay, written by services/analytics/rollups.ts),
// compared with the period before; waitlist demand from the restock queues; visitors "now" from the raw
// events of the last minutes. Reads only: a year of data is a few hundred rollup rows per table and
// one COUNT(DISTINCT) over the visitor-day index (scripts/bench-analytics-dashboard.ts measures it).
// The range rules (presets, comparison, funnel, CSV rows) are in domain/analytics/dashboard.ts.
import { Repeater } from "graphql-yoga";
import type { Db } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import {
  analyticsCsvColumns,
  analyticsCsvFileName,
  analyticsCsvRow,
  emptyDay,
  fillDays,
  previousPeriod,
  resolveRange,
  type DayFigures,
  type RangeInput,
} from "../../domain/analytics/dashboard.ts";
import { dayIn, type DayRange } from "../../domain/date-range.ts";
import { knownTimeZone } from "../../domain/date-range.ts";
import { InvalidInputError } from "../../domain/errors.ts";
import type { RestockGroupView } from "../restock/restock-views.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import { realTimers, type Timers } from "../support/timers.ts";

/** A visitor counts as "now" when they sent an event within this window. */
export const ACTIVE_WINDOW_MS = 5 * 60_000;
/** How often the live counter is read again for its subscribers. */
export const ACTIVE_INTERVAL_MS = 15_000;
/** How many entries the top products, forms and waitlist lists hold. */
export const ANALYTICS_LIST_SIZE = 10;

/** The figures of a whole range: the daily sums, unique visitors counted once over the range. */
export interface RangeTotals extends Omit<DayFigures, "day" | "visitors"> {
  /** Distinct visitors over the range (a visitor of several days counts once). */
  uniqueVisitors: number;
}

export interface ProductFigures {
  productId: number;
  /** The product's name, or null when it was deleted since. */
  productName: string | null;
  views: number;
  adds: number;
  orders: number;
  unitsSold: number;
  revenueCents: number;
}

export interface FormFigures {
  formKey: string;
  /** The form's name, or null when it was deleted since. */
  formName: string | null;
  views: number;
  submissions: number;
}

/** A resolved request: the range, the period it is compared with, the site's zone and currency. */
export interface AnalyticsPeriod {
  range: DayRange;
  previous: DayRange;
  today: string;
  timeZone: string;
  currency: string;
}

/** What the restock service offers the dashboard (its biggest waitlists, reconciled first). */
export interface WaitlistSource {
  biggestWaitlists(limit: number): Promise<RestockGroupView[]>;
}

const sumFields = {
  visits: true,
  pageViews: true,
  productViewSessions: true,
  addToCartSessions: true,
  checkoutSessions: true,
  orderSessions: true,
  orders: true,
  revenueCents: true,
  formViews: true,
  formSubmissions: true,
} as const;

export class AnalyticsDashboardService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly settings: StoreSettingsService,
    private readonly waitlists: WaitlistSource,
    private readonly now: () => Date = () => new Date(),
    /** The live counter's refresh: every `ms` on `timers` (tests fire fake ones by hand). */
    private readonly activeRefresh: { ms: number; timers: Timers } = { ms: ACTIVE_INTERVAL_MS, timers: realTimers },
  ) {}

  /** The range the owner asked for, as of today in the site's zone; InvalidInputError with the reason when it is not valid. */
  async period(input: RangeInput): Promise<AnalyticsPeriod> {
    const settings = await this.settings.get();
    const timeZone = knownTimeZone(settings.timeZone);
    const today = dayIn(this.now(), timeZone);
    const resolved = resolveRange(input, today);
    if (!resolved.ok) throw new InvalidInputError(resolved.message);
    return { range: resolved.range, previous: previousPeriod(resolved.range), today, timeZone, currency: settings.currency };
  }

  #days(range: DayRange) {
    return { websiteId: this.websiteId, day: { gte: range.from, lte: range.to } };
  }

  /** The range's sums, and its unique visitors. */
  async totals(range: DayRange): Promise<RangeTotals> {
    const [sums, uniqueVisitors] = await Promise.all([
      this.db.analyticsDay.aggregate({ where: this.#days(range), _sum: sumFields }),
      this.uniqueVisitors(range),
    ]);
    const sum = sums._sum;
    return {
      visits: sum.visits ?? 0,
      uniqueVisitors,
      pageViews: sum.pageViews ?? 0,
      productViewSessions: sum.productViewSessions ?? 0,
      addToCartSessions: sum.addToCartSessions ?? 0,
      checkoutSessions: sum.checkoutSessions ?? 0,
      orderSessions: sum.orderSessions ?? 0,
      orders: sum.orders ?? 0,
      revenueCents: sum.revenueCents ?? 0,
      formViews: sum.formViews ?? 0,
      formSubmissions: sum.formSubmissions ?? 0,
    };
  }

  /** Distinct visitors over the range: one COUNT(DISTINCT) over the visitor-day key (websiteId, day, visitorKey). */
  async uniqueVisitors(range: DayRange): Promise<number> {
    // Kysely because Prisma's count has no DISTINCT; a count comes back as bigint on PostgreSQL.
    const row = await sql(this.db)
      .selectFrom("AnalyticsVisitorDay")
      .select((eb) => eb.fn.count("visitorKey").distinct().as("visitors"))
      .where("websiteId", "=", this.websiteId)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .executeTakeFirst();
    return Number(row?.visitors ?? 0);
  }

  /** One entry per day of the range, oldest first, zeros for days without a rollup row. */
  async days(range: DayRange): Promise<DayFigures[]> {
    const rows = await this.db.analyticsDay.findMany({
      where: this.#days(range),
      orderBy: { day: "asc" },
      select: { day: true, visitors: true, ...sumFields },
    });
    return fillDays(
      range,
      rows.map((row) => ({ ...emptyDay(row.day), ...row })),
    );
  }

  /**
   * The products in the top `limit` by views, by adds to cart or by revenue over the range (one
   * grouped read; the rankings are sorted here), each with all its figures and its name.
   */
  async topProducts(range: DayRange, limit = ANALYTICS_LIST_SIZE): Promise<ProductFigures[]> {
    const groups = await this.db.analyticsProductDay.groupBy({
      by: ["productId"],
      where: this.#days(range),
      _sum: { views: true, adds: true, orders: true, unitsSold: true, revenueCents: true },
    });
    const figures = groups.map((group) => ({
      productId: group.productId,
      views: group._sum.views ?? 0,
      adds: group._sum.adds ?? 0,
      orders: group._sum.orders ?? 0,
      unitsSold: group._sum.unitsSold ?? 0,
      revenueCents: group._sum.revenueCents ?? 0,
    }));
    const top = (key: "views" | "adds" | "revenueCents") =>
      figures
        .filter((entry) => entry[key] > 0)
        .sort((a, b) => b[key] - a[key] || a.productId - b.productId)
        .slice(0, limit);
    const chosen = new Map([...top("views"), ...top("adds"), ...top("revenueCents")].map((entry) => [entry.productId, entry]));
    const names = await this.db.product.findMany({
      where: { websiteId: this.websiteId, id: { in: [...chosen.keys()] } },
      select: { id: true, name: true },
    });
    const nameOf = new Map(names.map((product) => [product.id, product.name]));
    return [...chosen.values()]
      .sort((a, b) => b.views - a.views || a.productId - b.productId)
      .map((entry) => ({ ...entry, productName: nameOf.get(entry.productId) ?? null }));
  }

  /** Each form's views and submissions over the range, most viewed first, with its name. */
  async forms(range: DayRange, limit = ANALYTICS_LIST_SIZE): Promise<FormFigures[]> {
    const groups = await this.db.analyticsFormDay.groupBy({
      by: ["formKey"],
      where: this.#days(range),
      _sum: { views: true, submissions: true },
    });
    const figures = groups
      .map((group) => ({ formKey: group.formKey, views: group._sum.views ?? 0, submissions: group._sum.submissions ?? 0 }))
      .sort((a, b) => b.views - a.views || b.submissions - a.submissions || a.formKey.localeCompare(b.formKey))
      .slice(0, limit);
    const names = await this.db.form.findMany({
      where: { websiteId: this.websiteId, key: { in: figures.map((form) => form.formKey) } },
      select: { key: true, name: true },
    });
    const nameOf = new Map(names.map((form) => [form.key, form.name]));
    return figures.map((form) => ({ ...form, formName: nameOf.get(form.formKey) ?? null }));
  }

  /** Demand for what is out of stock: the variants with the most people waiting (restock queues, reconciled first). */
  waitlistDemand(limit = ANALYTICS_LIST_SIZE): Promise<RestockGroupView[]> {
    return this.waitlists.biggestWaitlists(limit);
  }

  /** Distinct visitors with an event in the last five minutes (the [websiteId, occurredAt] index). */
  async activeVisitors(): Promise<number> {
    const since = new Date(this.now().getTime() - ACTIVE_WINDOW_MS);
    const rows = await this.db.analyticsEvent.findMany({
      where: { websiteId: this.websiteId, occurredAt: { gte: since } },
      distinct: ["visitorKey"],
      select: { visitorKey: true },
    });
    return rows.length;
  }

  /** The live counter: the count at once, then every interval, until the subscriber leaves. */
  activeVisitorsStream(): AsyncIterable<number> {
    return new Repeater<number>(async (push, stop) => {
      // One read at a time (push waits for the subscriber to take the count); a tick meanwhile is not
      // lost but answered by one more read afterwards.
      let reading = false;
      let again = false;
      const read = async () => {
        if (reading) return void (again = true);
        reading = true;
        try {
          do {
            again = false;
            await push(await this.activeVisitors());
          } while (again);
        } catch (error) {
          stop(error);
        } finally {
          reading = false;
        }
      };
      // The timer is set before the first read, so it runs from the moment the subscriber has a count.
      const { ms, timers } = this.activeRefresh;
      const timer = timers.setInterval(() => void read(), ms);
      await read();
      await stop;
      timers.clearInterval(timer);
    });
  }

  /** The CSV export of a range: one row per day (zeros included), amounts in the store's currency. */
  async export(input: RangeInput): Promise<{ filename: string; columns: string[]; rows: string[][] }> {
    const period = await this.period(input);
    const days = await this.days(period.range);
    return {
      filename: analyticsCsvFileName(period.range),
      columns: analyticsCsvColumns(),
      rows: days.map((day) => analyticsCsvRow(day, period.currency)),
    };
  }
}
