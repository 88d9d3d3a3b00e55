// Analytics (/config/analytics, needs analytics.read): a range (presets or custom days, in the URL),
// its key figures beside the period before, the funnel, revenue, orders and average order value by day
// (uPlot charts, each with a summary and a table), top products (sortable), waitlist demand, forms, the
// live count of visitors and the CSV export. The range picker stays usable while figures load or fail.
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { analyticsScreenMessages } from "../../../server/domain/messages/analytics-screen.ts";
import { checkCustomRange } from "../../../server/domain/analytics/dashboard.ts";
import { dayIn } from "../../../server/domain/date-range.ts";
import type { AnalyticsScreenQuery as Query } from "../../__generated__/AnalyticsScreenQuery.graphql.ts";
import { describeFailure } from "../../shared/relay/errors.ts";
import { useAdminViewer } from "../../shared/admin/viewer.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { ErrorBoundary } from "../../shared/ui/ErrorBoundary.tsx";
import { ExportButton } from "../../shared/ui/ExportButton.tsx";
import { ActiveVisitors } from "./ActiveVisitors.tsx";
import { ByDay } from "./AnalyticsByDay.tsx";
import { Forms, TopProducts, WaitlistDemand } from "./AnalyticsLists.tsx";
import { RangePicker } from "./AnalyticsRangePicker.tsx";
import { Funnel, Kpis } from "./AnalyticsTotals.tsx";
import { analyticsHref, readAnalyticsRange } from "./range.ts";
import "./analytics.css";

const m = analyticsScreenMessages;

export const analyticsScreenQuery = graphql`
  query AnalyticsScreenQuery($range: AnalyticsRangeInput!) {
    ownerAnalytics(range: $range) {
      range {
        from
        to
        days
      }
      comparisonRange {
        from
        to
      }
      currency
      totals {
        visits
        uniqueVisitors
        pageViews
        orders
        revenue {
          formatted
        }
        averageOrderValue {
          formatted
        }
        conversionRate
        formSubmissions
        funnel {
          step
          sessions
          fromPrevious
          fromFirst
        }
      }
      changes {
        visits
        uniqueVisitors
        pageViews
        orders
        revenue
        averageOrderValue
        conversionRate
        formSubmissions
      }
      days {
        day
        visits
        orders
        revenue {
          value
        }
        averageOrderValue {
          value
        }
      }
      topProducts {
        productId
        productName
        views
        adds
        unitsSold
        revenue {
          value
          formatted
        }
      }
      forms {
        formKey
        formName
        views
        submissions
        conversion
      }
      waitlistDemand {
        ...RestockGroup_variant @relay(mask: false)
      }
      activeVisitors
    }
  }
`;

export default function AnalyticsScreen({ queryRef, match }: ScreenProps<Query>) {
  const choice = readAnalyticsRange(match.search);
  const today = dayIn(new Date(), useAdminViewer().timeZone);
  // A custom range the server would refuse (a hand-edited address) says why beside the dates, as the picker does, instead of a failed panel.
  const refusal = choice.preset === "CUSTOM" ? checkCustomRange(choice.from, choice.to, today) : null;
  return (
    <section className="admin-page analytics-page">
      <header>
        <h1>{adminMessages.analyticsHeading}</h1>
      </header>
      <p>{m.intro}</p>
      <RangePicker key={`range ${analyticsHref(choice)}`} choice={choice} today={today} refusal={refusal?.ok === false ? refusal.message : null} />
      {refusal?.ok === false ? null : (
        <ErrorBoundary key={`figures ${analyticsHref(choice)}`} fallback={figuresFailed}>
          <Suspense
            fallback={
              <p className="admin-loading" aria-live="polite">
                {m.loading}
              </p>
            }
          >
            <AnalyticsFigures queryRef={queryRef} />
          </Suspense>
        </ErrorBoundary>
      )}
    </section>
  );
}

/** A failed load says why, below the range picker (which stays usable to ask for another range). */
const figuresFailed = (error: unknown) => (
  <div className="notice error" role="alert">
    <p>{m.loadFailed}</p>
    <p>{describeFailure(error)}</p>
  </div>
);

function AnalyticsFigures({ queryRef }: { queryRef: PreloadedQuery<Query> }) {
  const data = usePreloadedQuery<Query>(analyticsScreenQuery, queryRef);
  const analytics = data.ownerAnalytics;
  const { range, comparisonRange, totals } = analytics;
  const nothing = totals.visits === 0 && totals.pageViews === 0 && totals.orders === 0 && totals.formSubmissions === 0;
  return (
    <>
      <div className="analytics-range-line">
        <p>
          <strong>{m.showing(range.from, range.to, range.days)}</strong> {m.comparedWith(comparisonRange.from, comparisonRange.to)}
        </p>
        <ExportButton
          path={`/api/owner/analytics/export.csv?from=${range.from}&to=${range.to}`}
          fileName={`analytics-${range.from}-to-${range.to}.csv`}
          label={m.exportCsv}
          ariaLabel={m.exportCsvLabel(range.from, range.to)}
        />
      </div>
      <ActiveVisitors initial={analytics.activeVisitors} />
      {nothing ? <p className="empty-state">{m.empty}</p> : null}
      <Kpis analytics={analytics} />
      <Funnel steps={totals.funnel} />
      <ByDay analytics={analytics} />
      <TopProducts products={analytics.topProducts} />
      <div className="analytics-columns">
        <WaitlistDemand groups={analytics.waitlistDemand} />
        <Forms forms={analytics.forms} />
      </div>
    </>
  );
}
