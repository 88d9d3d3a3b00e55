// The owner's analytics screen (issue 11): `ownerAnalytics(range)` answers a range's figures beside the
// period before it, and `ownerActiveVisitors` streams the visitors of the last five minutes. Both need
// `analytics.read` (docs/permissions.md). Each part is read only when asked for; the range's totals are
// read once per request however many fields use them. The CSV export is a REST route (rest/exports.ts).
import {
  averageOrderValue,
  funnel,
  percentChange,
  RANGE_PRESETS,
  rate,
  FUNNEL_STEPS,
  type DayFigures,
  type FunnelStep,
} from "../domain/analytics/dashboard.ts";
import { type DayRange } from "../domain/date-range.ts";
import { ANALYTICS_LIST_SIZE, type AnalyticsPeriod, type FormFigures, type ProductFigures, type RangeTotals } from "../services/analytics/dashboard.ts";
import type { GraphQLContext } from "../context.ts";
import { builder } from "./builder.ts";
import { MoneyRef } from "./money.ts";
import { RestockGroupRef } from "./restock.ts";

const PresetEnum = builder.enumType("AnalyticsRangePreset", {
  description: "A range ending today in the site's time zone, or CUSTOM (from and to, inclusive).",
  values: RANGE_PRESETS,
});

const FunnelStepEnum = builder.enumType("AnalyticsFunnelStepName", { values: FUNNEL_STEPS });

const RangeInput = builder.inputType("AnalyticsRangeInput", {
  fields: (t) => ({
    preset: t.field({ type: PresetEnum, required: true }),
    from: t.string({ description: "CUSTOM only: the first day, YYYY-MM-DD (site's calendar)." }),
    to: t.string({ description: "CUSTOM only: the last day, YYYY-MM-DD, today at the latest. At most 400 days in all." }),
  }),
});

const RangeRef = builder.objectRef<DayRange>("AnalyticsRange").implement({
  description: "Calendar days in the site's time zone, both ends included.",
  fields: (t) => ({
    from: t.exposeString("from"),
    to: t.exposeString("to"),
    days: t.exposeInt("days"),
  }),
});

const FunnelStepRef = builder.objectRef<FunnelStep>("AnalyticsFunnelStep").implement({
  description: "Sessions that reached a step of product view -> add to cart -> checkout -> order.",
  fields: (t) => ({
    step: t.field({ type: FunnelStepEnum, resolve: (step) => step.step }),
    sessions: t.exposeInt("sessions"),
    fromPrevious: t.float({
      nullable: true,
      description: "Share of the previous step's sessions (null for the first step, or after 0).",
      resolve: (s) => s.fromPrevious,
    }),
    fromFirst: t.float({ nullable: true, description: "Share of the sessions that viewed a product (null when none did).", resolve: (s) => s.fromFirst }),
  }),
});

type TotalsParent = RangeTotals & { currency: string };

const money = (value: number, currency: string) => ({ value, currency });
const conversionRate = (totals: RangeTotals) => rate(totals.orderSessions, totals.visits);

const TotalsRef = builder.objectRef<TotalsParent>("AnalyticsTotals").implement({
  description: "A range's figures: sums of its days, unique visitors counted once over the range.",
  fields: (t) => ({
    visits: t.exposeInt("visits", { description: "Sessions." }),
    uniqueVisitors: t.exposeInt("uniqueVisitors", { description: "Distinct visitors over the whole range." }),
    pageViews: t.exposeInt("pageViews"),
    orders: t.exposeInt("orders", { description: "Orders placed (cancelled and refunded ones left out)." }),
    revenue: t.field({ type: MoneyRef, resolve: (totals) => money(totals.revenueCents, totals.currency) }),
    averageOrderValue: t.field({
      type: MoneyRef,
      nullable: true,
      description: "Revenue per order; null without orders.",
      resolve: (totals) => {
        const value = averageOrderValue(totals.revenueCents, totals.orders);
        return value === null ? null : money(value, totals.currency);
      },
    }),
    conversionRate: t.float({ nullable: true, description: "Sessions with an order / sessions; null without sessions.", resolve: conversionRate }),
    formViews: t.exposeInt("formViews"),
    formSubmissions: t.exposeInt("formSubmissions"),
    funnel: t.field({ type: [FunnelStepRef], resolve: (totals) => funnel(totals) }),
  }),
});

type Changes = { current: RangeTotals; previous: RangeTotals };

const change = (pick: (totals: RangeTotals) => number | null) => (changes: Changes) => {
  const current = pick(changes.current);
  const previous = pick(changes.previous);
  return current === null || previous === null ? null : percentChange(current, previous);
};

const ChangesRef = builder.objectRef<Changes>("AnalyticsChanges").implement({
  description: "Changes from the comparison period as fractions (0.25 = +25 %); null where the previous figure is 0 (or has no value) and the current is not.",
  fields: (t) => ({
    visits: t.float({ nullable: true, resolve: change((totals) => totals.visits) }),
    uniqueVisitors: t.float({ nullable: true, resolve: change((totals) => totals.uniqueVisitors) }),
    pageViews: t.float({ nullable: true, resolve: change((totals) => totals.pageViews) }),
    orders: t.float({ nullable: true, resolve: change((totals) => totals.orders) }),
    revenue: t.float({ nullable: true, resolve: change((totals) => totals.revenueCents) }),
    averageOrderValue: t.float({ nullable: true, resolve: change((totals) => averageOrderValue(totals.revenueCents, totals.orders)) }),
    conversionRate: t.float({ nullable: true, resolve: change(conversionRate) }),
    formSubmissions: t.float({ nullable: true, resolve: change((totals) => totals.formSubmissions) }),
  }),
});

const DayRef = builder.objectRef<DayFigures & { currency: string }>("AnalyticsDayFigures").implement({
  description: "One day's figures (zeros on a day without data).",
  fields: (t) => ({
    day: t.exposeString("day"),
    visits: t.exposeInt("visits"),
    visitors: t.exposeInt("visitors"),
    pageViews: t.exposeInt("pageViews"),
    orders: t.exposeInt("orders"),
    revenue: t.field({ type: MoneyRef, resolve: (day) => money(day.revenueCents, day.currency) }),
    averageOrderValue: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (day) => {
        const value = averageOrderValue(day.revenueCents, day.orders);
        return value === null ? null : money(value, day.currency);
      },
    }),
  }),
});

const ProductRef = builder.objectRef<ProductFigures & { currency: string }>("AnalyticsProductFigures").implement({
  description: "A product's figures over the range.",
  fields: (t) => ({
    productId: t.exposeInt("productId"),
    productName: t.exposeString("productName", { nullable: true, description: "Null when the product was deleted since." }),
    views: t.exposeInt("views"),
    adds: t.exposeInt("adds", { description: "Adds to cart." }),
    orders: t.exposeInt("orders"),
    unitsSold: t.exposeInt("unitsSold"),
    revenue: t.field({ type: MoneyRef, resolve: (product) => money(product.revenueCents, product.currency) }),
  }),
});

const FormRef = builder.objectRef<FormFigures>("AnalyticsFormFigures").implement({
  description: "A form's views and submissions over the range.",
  fields: (t) => ({
    formKey: t.exposeString("formKey"),
    formName: t.exposeString("formName", { nullable: true, description: "Null when the form was deleted since." }),
    views: t.exposeInt("views"),
    submissions: t.exposeInt("submissions"),
    conversion: t.float({ nullable: true, description: "Submissions / views; null without views.", resolve: (form) => rate(form.submissions, form.views) }),
  }),
});

/** The resolved period, with the two ranges' totals read at most once per request. */
interface AnalyticsParent extends AnalyticsPeriod {
  totals(): Promise<RangeTotals>;
  previousTotals(): Promise<RangeTotals>;
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => (value ??= read());
}

async function analyticsParent(ctx: GraphQLContext, input: { preset: (typeof RANGE_PRESETS)[number]; from?: string | null; to?: string | null }) {
  const service = ctx.services.analyticsDashboard;
  const period = await service.period(input);
  return {
    ...period,
    totals: once(() => service.totals(period.range)),
    previousTotals: once(() => service.totals(period.previous)),
  } satisfies AnalyticsParent;
}

const AnalyticsRef = builder.objectRef<AnalyticsParent>("OwnerAnalytics").implement({
  description: "The site's analytics for a range, beside the period of the same length just before it.",
  fields: (t) => ({
    range: t.field({ type: RangeRef, resolve: (parent) => parent.range }),
    comparisonRange: t.field({ type: RangeRef, description: "As many days, ending the day before `range` begins.", resolve: (parent) => parent.previous }),
    timeZone: t.exposeString("timeZone", { description: "The site's time zone: days begin at its midnight." }),
    currency: t.exposeString("currency"),
    totals: t.field({ type: TotalsRef, resolve: async (parent) => ({ ...(await parent.totals()), currency: parent.currency }) }),
    comparison: t.field({ type: TotalsRef, resolve: async (parent) => ({ ...(await parent.previousTotals()), currency: parent.currency }) }),
    changes: t.field({
      type: ChangesRef,
      resolve: async (parent) => ({ current: await parent.totals(), previous: await parent.previousTotals() }),
    }),
    days: t.field({
      type: [DayRef],
      description: "Every day of the range, oldest first.",
      resolve: async (parent, _args, ctx) => (await ctx.services.analyticsDashboard.days(parent.range)).map((day) => ({ ...day, currency: parent.currency })),
    }),
    topProducts: t.field({
      type: [ProductRef],
      description: `The products in the top ${ANALYTICS_LIST_SIZE} by views, by adds or by revenue (each with all its figures), most viewed first.`,
      resolve: async (parent, _args, ctx) =>
        (await ctx.services.analyticsDashboard.topProducts(parent.range)).map((product) => ({ ...product, currency: parent.currency })),
    }),
    forms: t.field({
      type: [FormRef],
      description: `The ${ANALYTICS_LIST_SIZE} most viewed forms of the range.`,
      resolve: (parent, _args, ctx) => ctx.services.analyticsDashboard.forms(parent.range),
    }),
    waitlistDemand: t.field({
      type: [RestockGroupRef],
      description: `Demand for what is out of stock: the ${ANALYTICS_LIST_SIZE} variants with the most people waiting now (not tied to the range).`,
      resolve: (_parent, _args, ctx) => ctx.services.analyticsDashboard.waitlistDemand(),
    }),
    activeVisitors: t.int({
      description: "Distinct visitors with an event in the last five minutes (ownerActiveVisitors keeps it current).",
      resolve: (_parent, _args, ctx) => ctx.services.analyticsDashboard.activeVisitors(),
    }),
  }),
});

builder.queryField("ownerAnalytics", (t) =>
  t.withAuth({ permission: "analytics.read" }).field({
    type: AnalyticsRef,
    description: "Owners: visits, the funnel, revenue by day, top products, forms and waitlist demand for a range, with the period before it.",
    args: { range: t.arg({ type: RangeInput, required: true }) },
    resolve: (_root, args, ctx) => analyticsParent(ctx, args.range),
  }),
);

builder.subscriptionField("ownerActiveVisitors", (t) =>
  t.withAuth({ permission: "analytics.read" }).int({
    description: "Owners: the visitors of the last five minutes, at once and then every 15 seconds.",
    subscribe: (_root, _args, ctx) => ctx.services.analyticsDashboard.activeVisitorsStream(),
    resolve: (count: number) => count,
  }),
);
