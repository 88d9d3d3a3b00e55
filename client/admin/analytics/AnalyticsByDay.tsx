// The analytics screen's figures by day: visits, revenue, orders and average order value, each a uPlot
// chart with a summary and a table.
import { useMemo } from "react";
import { currencyDecimals } from "../../../server/domain/money.ts";
import { analyticsScreenMessages } from "../../../server/domain/messages/analytics-screen.ts";
import type { AnalyticsScreenQuery$data } from "../../__generated__/AnalyticsScreenQuery.graphql.ts";
import { count } from "./AnalyticsTotals.tsx";
import { chartSummary, TimeChart } from "./TimeChart.tsx";

const m = analyticsScreenMessages;
type Analytics = AnalyticsScreenQuery$data["ownerAnalytics"];

export function ByDay({ analytics }: { analytics: Analytics }) {
  const { days, currency } = analytics;
  const dayList = useMemo(() => days.map((day) => day.day), [days]);
  const scale = 10 ** currencyDecimals(currency);
  const money = useMemo(() => {
    const formatter = new Intl.NumberFormat(undefined, { style: "currency", currency, maximumFractionDigits: currencyDecimals(currency) });
    return (value: number) => formatter.format(value);
  }, [currency]);
  const whole = useMemo(() => (value: number) => count.format(Math.round(value * 100) / 100), []);
  const series = useMemo(
    () => ({
      visits: days.map((day) => day.visits),
      revenue: days.map((day) => day.revenue.value / scale),
      orders: days.map((day) => day.orders),
      aov: days.map((day) => (day.averageOrderValue ? day.averageOrderValue.value / scale : null)),
    }),
    [days, scale],
  );
  return (
    <section className="analytics-section" aria-labelledby="analytics-by-day">
      <h2 id="analytics-by-day">{m.byDay}</h2>
      <div className="chart-grid">
        <ChartFigure id="visits" title={m.chartVisits} days={dayList} values={series.visits} kind="line" format={whole} color="#1a56db" />
        <ChartFigure id="revenue" title={m.chartRevenue} days={dayList} values={series.revenue} kind="bars" format={money} color="#067647" />
        <ChartFigure id="orders" title={m.chartOrders} days={dayList} values={series.orders} kind="bars" format={whole} color="#6941c6" />
        <ChartFigure
          id="aov"
          title={m.chartAov}
          days={dayList}
          values={series.aov}
          kind="line"
          format={money}
          color="#b54708"
          average={analytics.totals.averageOrderValue?.formatted ?? m.noFigure}
        />
      </div>
    </section>
  );
}

function ChartFigure(props: {
  id: string;
  title: string;
  days: readonly string[];
  values: readonly (number | null)[];
  kind: "bars" | "line";
  format: (value: number) => string;
  color: string;
  /** For an average: the whole range's (the summary says it instead of a total). */
  average?: string;
}) {
  const { id, title, days, values, format, average } = props;
  const summary = chartSummary(title, days, values, format, average ?? null);
  return (
    <figure className="card chart" aria-labelledby={`chart-${id}-title`} aria-describedby={`chart-${id}-summary`}>
      <figcaption id={`chart-${id}-title`}>{title}</figcaption>
      <TimeChart title={title} days={days} values={values} kind={props.kind} format={format} color={props.color} />
      <p id={`chart-${id}-summary`} className="chart-summary">
        {summary}
      </p>
      <details>
        <summary>{m.showTable}</summary>
        <table className="data-table chart-table">
          <thead>
            <tr>
              <th scope="col">{m.day}</th>
              <th scope="col" className="numeric">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                <td className="numeric">{values[index] === null ? m.noFigure : format(values[index]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
