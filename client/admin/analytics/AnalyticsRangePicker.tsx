// The analytics screen's range picker: a preset or custom days, checked by the domain's rule as of the
// site's today (the server's own check), then put in the address.
import { useState, type FormEvent } from "react";
import { analyticsScreenMessages } from "../../../server/domain/messages/analytics-screen.ts";
import { checkCustomRange } from "../../../server/domain/analytics/dashboard.ts";
import { useRouter } from "../../shared/router/Router.tsx";
import { analyticsHref, type AnalyticsPreset, type AnalyticsRangeChoice } from "./range.ts";

const m = analyticsScreenMessages;

const PRESET_ORDER: AnalyticsPreset[] = ["TODAY", "LAST_7_DAYS", "LAST_30_DAYS", "LAST_90_DAYS", "THIS_YEAR", "CUSTOM"];

export function RangePicker({ choice, today, refusal }: { choice: AnalyticsRangeChoice; today: string; refusal: string | null }) {
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
