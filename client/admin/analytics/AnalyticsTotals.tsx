// The analytics screen's key figures, each with its change from the period before, and the funnel.
import { formatPercentChange, formatRate } from "../../../server/domain/analytics/dashboard.ts";
import { analyticsScreenMessages } from "../../../server/domain/messages/analytics-screen.ts";
import type { AnalyticsScreenQuery$data } from "../../__generated__/AnalyticsScreenQuery.graphql.ts";

const m = analyticsScreenMessages;
type Analytics = AnalyticsScreenQuery$data["ownerAnalytics"];
/** Counts as the owner's browser writes them. */
export const count = new Intl.NumberFormat(undefined);

function Change({ value }: { value: number | null | undefined }) {
  if (value == null) return <span className="change new">{m.changeNew}</span>;
  if (value === 0) return <span className="change">{m.changeNone}</span>;
  return <span className={`change ${value > 0 ? "up" : "down"}`}>{m.changeVs(formatPercentChange(value))}</span>;
}

export function Kpis({ analytics }: { analytics: Analytics }) {
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

export function Funnel({ steps }: { steps: Analytics["totals"]["funnel"] }) {
  const first = steps[0]?.sessions ?? 0;
  return (
    <section className="card analytics-section" aria-labelledby="analytics-funnel">
      <h2 id="analytics-funnel">{m.funnel}</h2>
      <p className="field-hint">{m.funnelIntro}</p>
      {first === 0 ? (
        <p className="empty-state">{m.noProductViews}</p>
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
