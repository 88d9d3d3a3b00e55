// The owner's home screen (issue 9 §1) and the owner's live store activity: orders and revenue of
// today and this week, low-stock variants, the biggest waitlists, the last form submissions; and the
// streams of placed/moved orders and stock changes. The rules (calendar, revenue, low stock) are in
// domain/orders/home.ts. Events carry ids only; subscribers re-read through this service.
import { Repeater, filter, map, pipe } from "graphql-yoga";
import { calendarPeriods, isLowStock, REVENUE_STATES, type CalendarPeriods } from "../../domain/orders/home.ts";
import type { Db, Prisma } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { parseAttributes } from "../catalog/catalog.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";

export interface PeriodFigures {
  orderCount: number;
  /** Minor units of the store's currency. */
  revenue: number;
}

export interface OrderFigures extends CalendarPeriods {
  currency: string;
  today: PeriodFigures;
  week: PeriodFigures;
}

export interface LowStockVariant {
  productId: number;
  variantId: number;
  productName: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
}

export interface LowStock {
  threshold: number;
  /** How many variants are low (the list shows the lowest `limit`). */
  totalCount: number;
  variants: LowStockVariant[];
}

/** An order event for owners: placed at checkout, or moved by an owner. */
export interface OrderActivity {
  orderId: string;
  placed: boolean;
}

export const DASHBOARD_LIST_SIZE = 5;

export class OwnerHomeService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly settings: StoreSettingsService,
    private readonly pubsub: StorePubSub,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Orders and revenue of today and this week, in the site's time zone and currency. */
  async orderFigures(): Promise<OrderFigures> {
    const settings = await this.settings.get();
    const periods = calendarPeriods(this.now(), settings.timeZone);
    const figures = async (from: Date): Promise<PeriodFigures> => {
      const placed: Prisma.OrderWhereInput = { websiteId: this.websiteId, createdAt: { gte: from } };
      const [orderCount, revenue] = await Promise.all([
        this.db.order.count({ where: placed }),
        this.db.order.aggregate({
          where: { ...placed, state: { in: [...REVENUE_STATES] }, currency: settings.currency },
          _sum: { grandTotal: true },
        }),
      ]);
      return { orderCount, revenue: revenue._sum.grandTotal ?? 0 };
    };
    return { ...periods, currency: settings.currency, today: await figures(periods.todayStart), week: await figures(periods.weekStart) };
  }

  /** The limited variants at or below the store's scarcity threshold (the inventory panel's setting), lowest stock first. */
  async lowStock(limit = DASHBOARD_LIST_SIZE, thresholdOverride?: number): Promise<LowStock> {
    const threshold = thresholdOverride ?? (await this.settings.get()).scarcity.threshold;
    const where: Prisma.VariantWhereInput = { unlimited: false, qtyInStock: { lte: threshold }, product: { websiteId: this.websiteId } };
    const [totalCount, rows] = await Promise.all([
      this.db.variant.count({ where }),
      this.db.variant.findMany({
        where,
        orderBy: [{ qtyInStock: "asc" }, { id: "asc" }],
        take: limit,
        select: { id: true, productId: true, sku: true, attributes: true, unlimited: true, qtyInStock: true, product: { select: { name: true } } },
      }),
    ]);
    return {
      threshold,
      totalCount,
      variants: rows
        .filter((row) => isLowStock(row, threshold))
        .map((row) => ({
          productId: row.productId,
          variantId: row.id,
          productName: row.product.name,
          sku: row.sku,
          attributes: parseAttributes(row.attributes),
          qtyInStock: row.qtyInStock,
        })),
    };
  }

  /** The newest form submissions (spam left out); a Pothos prisma field passes `query`. */
  recentSubmissions<Q extends Omit<Prisma.FormSubmissionFindManyArgs, "where" | "orderBy" | "take">>(query: Q, limit = DASHBOARD_LIST_SIZE) {
    return this.db.formSubmission.findMany({
      ...query,
      where: { websiteId: this.websiteId, spam: false },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
    });
  }

  /** The site's variants of these products (hidden products too), for a stock change's subscribers. */
  variantsOf<Q extends Omit<Prisma.VariantFindManyArgs, "where" | "orderBy">>(query: Q, productIds: number[]) {
    return this.db.variant.findMany({ ...query, where: { productId: { in: productIds }, product: { websiteId: this.websiteId } }, orderBy: { id: "asc" } });
  }

  /** This site's orders as they are placed (checkout) or moved (an owner), from any server process. */
  orderActivity(): AsyncIterable<OrderActivity> {
    const placed = pipe(
      this.pubsub.subscribe("orderPlaced"),
      filter((event) => event.websiteId === this.websiteId),
      map((event) => ({ orderId: event.orderId, placed: true })),
    );
    const moved = pipe(
      this.pubsub.subscribe("orderChanged"),
      filter((event) => event.websiteId === this.websiteId),
      map((event) => ({ orderId: event.orderId, placed: false })),
    );
    return Repeater.merge([placed, moved]);
  }

  /** The products of this site whose stock may have changed: owners' edits, cancels, and checkouts (an order took it). */
  stockChanges(): AsyncIterable<{ productIds: number[] }> {
    const edited = pipe(
      this.pubsub.subscribe("stockChanged"),
      filter((event) => event.websiteId === this.websiteId),
    );
    const sold = pipe(
      this.pubsub.subscribe("orderPlaced"),
      filter((event) => event.websiteId === this.websiteId && event.productIds.length > 0),
    );
    return pipe(
      Repeater.merge([edited, sold]),
      map((event) => ({ productIds: event.productIds })),
    );
  }
}
