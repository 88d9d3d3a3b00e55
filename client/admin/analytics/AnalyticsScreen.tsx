// Analytics (/config/analytics, needs analytics.read): a range (presets or custom days, in the URL),
// its key figures beside the period before, the funnel, revenue, orders and average order value by day
// (uPlot charts, each with a summary and a table), top products (sortable), waitlist demand, forms, the
// live count of visitors and the CSV export. The range picker stays usable while figures load or fail.
import { Component, Suspense, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import { analyticsMessages } from "../../../server/domain/analytics-messages.ts";
import { checkCustomRange, formatPercentChange, formatRate } from "../../../server/domain/analytics/dashboard.ts";
import { dayIn } from "../../../server/domain/date-range.ts";
import { currencyDecimals } from "../../../server/domain/money.ts";
import type { AnalyticsScreenQuery as Query, AnalyticsScreenQuery$data } from "../../__generated__/AnalyticsScreenQuery.graphql.ts";
import { describeFailure } from "../../shared/relay/errors.ts";
import { useAdminViewer } from "../../shared/admin/viewer.ts";
import { useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { ExportButton } from "../../shared/ui/ExportButton.tsx";
import { ActiveVisitors } from "./ActiveVisitors.tsx";
import { analyticsHref, readAnalyticsRange, type AnalyticsPreset, type AnalyticsRangeChoice } from "./range.ts";
import { chartSummary, TimeChart } from "./TimeChart.tsx";
import "./analytics.css";

const m = analyticsMessages;

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
        productId
        variantId
        productName
        sku
        attributes
        unlimited
        qtyInStock
        received
      }
      activeVisitors
    }
  }
`;

type Analytics = AnalyticsScreenQuery$data["ownerAnalytics"];

const PRESET_ORDER: AnalyticsPreset[] = ["TODAY", "LAST_7_DAYS", "LAST_30_DAYS", "LAST_90_DAYS", "THIS_YEAR", "CUSTOM"];

export default function AnalyticsScreen({ queryRef, match }: ScreenProps) {
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
        <FiguresBoundary key={`figures ${analyticsHref(choice)}`}>
          <Suspense
            fallback={
              <p className="admin-loading" aria-live="polite">
                {m.loading}
              </p>
            }
          >
            <AnalyticsFigures queryRef={queryRef as PreloadedQuery<Query>} />
          </Suspense>
        </FiguresBoundary>
      )}
    </section>
  );
}

/** A failed load says why, below the range picker (which stays usable to ask for another range). */
class FiguresBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="notice error" role="alert">
        <p>{m.loadFailed}</p>
        <p>{describeFailure(this.state.error)}</p>
      </div>
    );
  }
}

function RangePicker({ choice, today, refusal }: { choice: AnalyticsRangeChoice; today: string; refusal: string | null }) {
  const { navigate } = useRouter();
  const [preset, setPreset] = useState<AnalyticsPreset>(choice.preset);
  const [from, setFrom] = useState(choice.from ?? "");
  const [to, setTo] = useState(choice.to ?? "");
  const [error, setError] = useState<string | null>(refusal);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (preset === "CUSTOM") {
      const checked = checkCustomRange(from, to, today);
      if (!checked.ok) return setError(checked.message);
    }
    setError(null);
    navigate(analyticsHref({ preset, from, to }), { replace: true });
  }

  return (
    <form className="analytics-range toolbar" onSubmit={submit} aria-label={m.rangeLegend} noValidate>
      <div className="field">
        <label htmlFor="analytics-preset">{m.preset}</label>
        <select id="analytics-preset" value={preset} onChange={(event) => setPreset(event.target.value as AnalyticsPreset)}>
          {PRESET_ORDER.map((name) => (
            <option key={name} value={name}>
              {m.presetNames[name]}
            </option>
          ))}
        </select>
      </div>
      {preset === "CUSTOM" ? (
        <>
          <div className="field">
            <label htmlFor="analytics-from">{m.from}</label>
            <input id="analytics-from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} aria-invalid={error ? true : undefined} />
          </div>
          <div className="field">
            <label htmlFor="analytics-to">{m.to}</label>
            <input
              id="analytics-to"
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "analytics-range-error" : undefined}
            />
          </div>
        </>
      ) : null}
      <button type="submit" className="button primary">
        {m.apply}
      </button>
      {error ? (
        <p id="analytics-range-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

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

const count = new Intl.NumberFormat(undefined);

function Change({ value }: { value: number | null | undefined }) {
  if (value == null) return <span className="change new">{m.changeNew}</span>;
  if (value === 0) return <span className="change">{m.changeNone}</span>;
  return <span className={`change ${value > 0 ? "up" : "down"}`}>{m.changeVs(formatPercentChange(value))}</span>;
}

function Kpis({ analytics }: { analytics: Analytics }) {
  const { totals, changes } = analytics;
  const cards: { label: string; value: string; change: number | null | undefined }[] = [
    { label: m.visits, value: count.format(totals.visits), change: changes.visits },
    { label: m.uniqueVisitors, value: count.format(totals.uniqueVisitors), change: changes.uniqueVisitors },
    { label: m.pageViews, value: count.format(totals.pageViews), change: changes.pageViews },
    { label: m.orders, value: count.format(totals.orders), change: changes.orders },
    { label: m.revenue, value: totals.revenue.formatted, change: changes.revenue },
    { label: m.averageOrderValue, value: totals.averageOrderValue?.formatted ?? m.noFigure, change: changes.averageOrderValue },
    { label: m.conversionRate, value: totals.conversionRate == null ? m.noFigure : formatRate(totals.conversionRate), change: changes.conversionRate },
    { label: m.formSubmissions, value: count.format(totals.formSubmissions), change: changes.formSubmissions },
  ];
  return (
    <section aria-labelledby="analytics-kpis">
      <h2 id="analytics-kpis" className="visually-hidden">
        {m.kpis}
      </h2>
      <ul className="cards kpi-cards">
        {cards.map((card) => (
          <li key={card.label} className="card kpi">
            <span className="kpi-label">{card.label}</span>
            <strong className="kpi-value">{card.value}</strong>
            <Change value={card.change} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Funnel({ steps }: { steps: Analytics["totals"]["funnel"] }) {
  const first = steps[0]?.sessions ?? 0;
  return (
    <section className="card analytics-section" aria-labelledby="analytics-funnel">
      <h2 id="analytics-funnel">{m.funnel}</h2>
      <p className="field-hint">{m.funnelIntro}</p>
      {first === 0 ? (
        <p className="empty-state">{m.funnelEmpty}</p>
      ) : (
        <ol className="funnel">
          {steps.map((step) => (
            <li key={step.step}>
              <div className="funnel-label">
                <span>{m.funnelSteps[step.step]}</span>
                <span>
                  {m.funnelSessions(step.sessions)}
                  {step.fromPrevious != null ? ` · ${m.funnelFromPrevious(formatRate(step.fromPrevious))}` : ""}
                </span>
              </div>
              <div className="funnel-track" aria-hidden="true">
                <div className="funnel-bar" style={{ width: `${Math.max(step.fromFirst ?? 0, 0.005) * 100}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ByDay({ analytics }: { analytics: Analytics }) {
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

type SortKey = "views" | "adds" | "revenue";

function TopProducts({ products }: { products: Analytics["topProducts"] }) {
  const [sortKey, setSortKey] = useState<SortKey>("views");
  const value = (product: Analytics["topProducts"][number], key: SortKey) => (key === "revenue" ? product.revenue.value : product[key]);
  const sorted = [...products].sort((a, b) => value(b, sortKey) - value(a, sortKey) || a.productId - b.productId).slice(0, 10);
  const header = (key: SortKey, label: string) => (
    <th scope="col" className="numeric" aria-sort={sortKey === key ? "descending" : undefined}>
      <button type="button" className="sort-button" onClick={() => setSortKey(key)} aria-label={m.sortBy(label)} aria-pressed={sortKey === key}>
        {label}
        {sortKey === key ? " ▼" : ""}
      </button>
    </th>
  );
  return (
    <section className="card analytics-section" aria-labelledby="analytics-products">
      <h2 id="analytics-products">{m.topProducts}</h2>
      {products.length === 0 ? (
        <p className="empty-state">{m.productsEmpty}</p>
      ) : (
        <>
          {/* On a phone the table's headings are hidden: the order is chosen here instead. */}
          <div className="field products-sort">
            <label htmlFor="analytics-products-sort">{m.sortLabel}</label>
            <select id="analytics-products-sort" value={sortKey} onChange={(event) => setSortKey(event.target.value as SortKey)}>
              <option value="views">{m.views}</option>
              <option value="adds">{m.adds}</option>
              <option value="revenue">{m.revenue}</option>
            </select>
          </div>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{m.product}</th>
                {header("views", m.views)}
                {header("adds", m.adds)}
                <th scope="col" className="numeric">
                  {m.unitsSold}
                </th>
                {header("revenue", m.revenue)}
              </tr>
            </thead>
            <tbody>
              {sorted.map((product) => (
                <tr key={product.productId}>
                  <td data-label={m.product}>{product.productName ?? m.deletedProduct(product.productId)}</td>
                  <td data-label={m.views} className="numeric">
                    {count.format(product.views)}
                  </td>
                  <td data-label={m.adds} className="numeric">
                    {count.format(product.adds)}
                  </td>
                  <td data-label={m.unitsSold} className="numeric">
                    {count.format(product.unitsSold)}
                  </td>
                  <td data-label={m.revenue} className="numeric">
                    {product.revenue.formatted}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** A variant as the owner names it: its option values, else its SKU. */
const variantName = (attributes: unknown, sku: string) => {
  const values = attributes && typeof attributes === "object" ? Object.values(attributes as Record<string, unknown>).map(String) : [];
  return values.length ? values.join(" / ") : sku;
};

function WaitlistDemand({ groups }: { groups: Analytics["waitlistDemand"] }) {
  return (
    <section className="card analytics-section" aria-labelledby="analytics-waitlists">
      <h2 id="analytics-waitlists">{m.waitlists}</h2>
      <p className="field-hint">{m.waitlistsIntro}</p>
      {groups.length === 0 ? (
        <p className="empty-state">{m.waitlistsEmpty}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{m.product}</th>
              <th scope="col">{m.variant}</th>
              <th scope="col" className="numeric">
                {m.waiting}
              </th>
              <th scope="col" className="numeric">
                {m.stock}
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.variantId}>
                <td data-label={m.product}>{group.productName}</td>
                <td data-label={m.variant}>{variantName(group.attributes, group.sku)}</td>
                <td data-label={m.waiting} className="numeric">
                  {count.format(group.received)}
                </td>
                <td data-label={m.stock} className="numeric">
                  {group.unlimited ? m.unlimited : count.format(group.qtyInStock)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Forms({ forms }: { forms: Analytics["forms"] }) {
  return (
    <section className="card analytics-section" aria-labelledby="analytics-forms">
      <h2 id="analytics-forms">{m.forms}</h2>
      {forms.length === 0 ? (
        <p className="empty-state">{m.formsEmpty}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{m.form}</th>
              <th scope="col" className="numeric">
                {m.formViews}
              </th>
              <th scope="col" className="numeric">
                {m.submissions}
              </th>
              <th scope="col" className="numeric">
                {m.formConversion}
              </th>
            </tr>
          </thead>
          <tbody>
            {forms.map((form) => (
              <tr key={form.formKey}>
                <td data-label={m.form}>{form.formName ?? m.deletedForm(form.formKey)}</td>
                <td data-label={m.formViews} className="numeric">
                  {count.format(form.views)}
                </td>
                <td data-label={m.submissions} className="numeric">
                  {count.format(form.submissions)}
                </td>
                <td data-label={m.formConversion} className="numeric">
                  {form.conversion == null ? m.noFigure : formatRate(form.conversion)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
