// The owner's home screen and live store activity (issue 9 §1, "new orders and stock changes appear
// without reload"). `ownerDashboard` needs `dashboard.read`; each part also needs the permission of
// the screen it stands for and is null without it (docs/permissions.md). The subscriptions carry ids
// on the event bus (so Redis can carry them) and re-read what they answer.
import { can, type Permission } from "../domain/members/permissions.ts";
import { DASHBOARD_LIST_SIZE, type OrderActivity, type OrderFigures, type PeriodFigures } from "../services/orders/home.ts";
import { toPrincipal } from "../services/members/sessions.ts";
import type { GraphQLContext } from "../context.ts";
import { builder } from "./builder.ts";
import { MoneyRef } from "./money.ts";
import { OrderRef } from "./checkout.ts";
import { RestockGroupRef } from "./restock.ts";

const holds = (ctx: GraphQLContext, permission: Permission) => can(toPrincipal(ctx.viewer), permission);

const PeriodRef = builder.objectRef<PeriodFigures & { currency: string }>("OwnerOrderPeriod").implement({
  description: "Orders placed in a period and the revenue they brought.",
  fields: (t) => ({
    orderCount: t.exposeInt("orderCount", { description: "Orders placed in the period, whatever their state now." }),
    revenue: t.field({
      type: MoneyRef,
      description: "Grand totals of the period's placed and fulfilled orders (cancelled and refunded ones left out), in the store's currency.",
      resolve: (period) => ({ value: period.revenue, currency: period.currency }),
    }),
  }),
});

const OrderFiguresRef = builder.objectRef<OrderFigures>("OwnerOrderFigures").implement({
  description: "Today's and this week's orders. Days begin at midnight in the site's time zone; weeks on Monday.",
  fields: (t) => ({
    timeZone: t.exposeString("timeZone", { description: "The site's time zone (UTC when the site's is unknown)." }),
    todayStartsAt: t.field({ type: "DateTime", resolve: (figures) => figures.todayStart }),
    weekStartsAt: t.field({ type: "DateTime", resolve: (figures) => figures.weekStart }),
    today: t.field({ type: PeriodRef, resolve: (figures) => ({ ...figures.today, currency: figures.currency }) }),
    week: t.field({ type: PeriodRef, resolve: (figures) => ({ ...figures.week, currency: figures.currency }) }),
  }),
});

const LowStockVariantRef = builder
  .objectRef<{ productId: number; variantId: number; productName: string; sku: string; attributes: Record<string, string>; qtyInStock: number }>(
    "OwnerLowStockVariant",
  )
  .implement({
    fields: (t) => ({
      productId: t.exposeInt("productId"),
      variantId: t.exposeInt("variantId"),
      productName: t.exposeString("productName"),
      sku: t.exposeString("sku"),
      attributes: t.field({ type: "JSONObject", description: 'Option name -> value, e.g. { Size: "M" }.', resolve: (variant) => variant.attributes }),
      qtyInStock: t.exposeInt("qtyInStock"),
    }),
  });

const LowStockRef = builder
  .objectRef<{
    threshold: number;
    totalCount: number;
    variants: { productId: number; variantId: number; productName: string; sku: string; attributes: Record<string, string>; qtyInStock: number }[];
  }>("OwnerLowStock")
  .implement({
    description: "Limited variants with at most the scarcity threshold left (sold-out ones included), lowest first.",
    fields: (t) => ({
      threshold: t.exposeInt("threshold"),
      totalCount: t.exposeInt("totalCount", { description: "How many variants are low; `variants` lists the lowest few." }),
      variants: t.field({ type: [LowStockVariantRef], resolve: (low) => low.variants }),
    }),
  });

const DashboardRef = builder.objectRef<{ kind: "dashboard" }>("OwnerDashboard").implement({
  description: "The owner's home screen. Each part is null unless the viewer holds the permission of its screen.",
  fields: (t) => ({
    orders: t.field({
      type: OrderFiguresRef,
      nullable: true,
      description: "Needs orders.read.",
      resolve: (_dashboard, _args, ctx) => (holds(ctx, "orders.read") ? ctx.services.ordersHome.orderFigures() : null),
    }),
    lowStock: t.field({
      type: LowStockRef,
      nullable: true,
      description: "Needs products.read.",
      resolve: (_dashboard, _args, ctx) => (holds(ctx, "products.read") ? ctx.services.ordersHome.lowStock() : null),
    }),
    biggestWaitlists: t.field({
      type: [RestockGroupRef],
      nullable: true,
      description: "The waitlists with the most people waiting (not yet notified). Needs restock.reports.",
      resolve: (_dashboard, _args, ctx) => (holds(ctx, "restock.reports") ? ctx.services.restock.biggestWaitlists(DASHBOARD_LIST_SIZE) : null),
    }),
    recentSubmissions: t.prismaField({
      type: ["FormSubmission"],
      nullable: true,
      description: "The newest form submissions (spam left out). Needs submissions.read.",
      resolve: (query, _dashboard, _args, ctx) => {
        // Read the selection up front, so that a refused part does not count as an unused Prisma query.
        const selection = { ...query };
        return holds(ctx, "submissions.read") ? ctx.services.ordersHome.recentSubmissions(selection) : null;
      },
    }),
  }),
});

const OrderActivityRef = builder.objectRef<OrderActivity>("OwnerOrderActivity").implement({
  description: "An order placed at checkout (placed: true) or moved by an owner, read again when the event arrives.",
  fields: (t) => ({
    orderId: t.exposeString("orderId"),
    placed: t.exposeBoolean("placed"),
    order: t.field({ type: OrderRef, nullable: true, resolve: (event, _args, ctx) => ctx.services.orders.get(event.orderId) }),
  }),
});

const StockChangeRef = builder.objectRef<{ productIds: number[] }>("OwnerStockChange").implement({
  description: "Products whose stock may have changed, with their variants as they are now.",
  fields: (t) => ({
    productIds: t.exposeIntList("productIds"),
    variants: t.prismaField({
      type: ["Variant"],
      resolve: (query, change, _args, ctx) => ctx.services.ordersHome.variantsOf(query, change.productIds),
    }),
  }),
});

builder.queryField("ownerDashboard", (t) =>
  t.withAuth({ permission: "dashboard.read" }).field({
    type: DashboardRef,
    description: "Owners: the home screen's figures (each part needs its screen's permission; null without).",
    resolve: () => ({ kind: "dashboard" as const }),
  }),
);

builder.subscriptionFields((t) => ({
  ownerOrderActivity: t.withAuth({ permission: "orders.read" }).field({
    type: OrderActivityRef,
    description: "Owners: each order as it is placed (checkout) or moved (fulfilled, cancelled, refunded), from any server.",
    subscribe: (_root, _args, ctx) => ctx.services.ordersHome.orderActivity(),
    resolve: (event: OrderActivity) => event,
  }),
  ownerStockChanged: t.withAuth({ permission: "products.read" }).field({
    type: StockChangeRef,
    description: "Owners: products whose stock changed (an owner's edit, a checkout, a cancelled order), from any server.",
    subscribe: (_root, _args, ctx) => ctx.services.ordersHome.stockChanges(),
    resolve: (event: { productIds: number[] }) => event,
  }),
}));
