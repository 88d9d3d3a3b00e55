// The analytics screen's range in its URL (/config/analytics?preset=LAST_30_DAYS, or
// ?preset=CUSTOM&from=2026-03-01&to=2026-03-31): read into the query's variables. Kept small and free of
// the domain's rules, as the admin's route table (entry bundle) imports it; the server checks the range.
export const ANALYTICS_PATH = "/config/analytics";
const PRESETS = ["TODAY", "LAST_7_DAYS", "LAST_30_DAYS", "LAST_90_DAYS", "THIS_YEAR", "CUSTOM"] as const;
export type AnalyticsPreset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: AnalyticsPreset = "LAST_30_DAYS";

export interface AnalyticsRangeChoice {
  preset: AnalyticsPreset;
  from: string | null;
  to: string | null;
}

export function readAnalyticsRange(search: URLSearchParams): AnalyticsRangeChoice {
  const preset = (PRESETS as readonly string[]).includes(search.get("preset") ?? "") ? (search.get("preset") as AnalyticsPreset) : DEFAULT_PRESET;
  return preset === "CUSTOM" ? { preset, from: search.get("from") || null, to: search.get("to") || null } : { preset, from: null, to: null };
}

export const analyticsVariables = (search: URLSearchParams) => ({ range: readAnalyticsRange(search) });

/** The screen's URL for a range. */
export function analyticsHref(choice: AnalyticsRangeChoice): string {
  const params = new URLSearchParams({ preset: choice.preset });
  if (choice.preset === "CUSTOM") {
    params.set("from", choice.from ?? "");
    params.set("to", choice.to ?? "");
  }
  return `${ANALYTICS_PATH}?${params.toString()}`;
}
