// The pipeline tracker (platform-support §3, §7, §8): the pipeline payload (auto-filled fields over the
// caller's, with a warning when one is overwritten) in the envelope { eventSchemaName, eventContent }
// (the content as a JSON string), posted as JSON or sent by beacon to the environment's events
// endpoint. Success only on 200 or 202; anything else warns 'Error tracking event: HTTP Status {code}'
// and rejects. Validate mode posts the content to validate-event-content/{schema} and answers the
// server's verdict, storing nothing.
import {
  TRACKING_COOKIES,
  TRACKING_TIMEOUT_MS,
  isPipelineSuccess,
  pipelineEndpoints,
  resolvedLocale,
  trackingFailure,
  trackingPagePath,
} from "../../../server/domain/analytics/tracking-rules.ts";

const cookie = (name: string): string | undefined => {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : undefined;
};

/** The fields the tracker fills itself (platform-support §3 pipeline payload). */
export function autoFilledFields(schemaName: string, environment: string): Record<string, unknown> {
  return {
    analytics_id: cookie(TRACKING_COOKIES.analyticsId),
    session_id: cookie(TRACKING_COOKIES.sessionId),
    marketing_id: cookie(TRACKING_COOKIES.marketingId),
    browser_language: navigator.language,
    browser_locale: navigator.languages?.[0] ?? navigator.language,
    browser_window_height: window.innerHeight,
    browser_window_width: window.innerWidth,
    client_name: "sitecart-storefront",
    client_version: "1",
    page_host: location.host,
    page_path: trackingPagePath(location.pathname),
    page_query_params: location.search.slice(1),
    page_referrer_url: document.referrer,
    enduser_user_agent: navigator.userAgent.slice(0, 400),
    event_occurrence_timestamp: Date.now(),
    custom_schema_name: schemaName,
    source_environment: environment,
    resolved_locale: resolvedLocale(null, document.documentElement.lang),
    website_locale: document.documentElement.lang || undefined,
  };
}

/** The payload: the caller's fields under the auto-filled ones, warning for each one overwritten. */
export function pipelinePayload(schemaName: string, environment: string, fields: Record<string, unknown>): Record<string, unknown> {
  const auto = autoFilledFields(schemaName, environment);
  for (const [name, value] of Object.entries(auto))
    if (name in fields && value !== undefined && fields[name] !== value) console.warn(`Tracking field "${name}" was overwritten by its auto-filled value.`);
  return { ...fields, ...Object.fromEntries(Object.entries(auto).filter(([, value]) => value !== undefined)) };
}

/**
 * Sends one pipeline event. `beacon`: by navigator.sendBeacon (a text/plain JSON string; resolves once
 * queued). `validate`: to the validate endpoint; resolves with { valid, errors }.
 */
export async function sendPipelineEvent(
  environment: string,
  schemaName: string,
  fields: Record<string, unknown>,
  options: { beacon?: boolean; validate?: boolean; bases?: Partial<Record<"dev" | "staging" | "prod", string>> } = {},
): Promise<{ valid: boolean; errors: string[] } | undefined> {
  const endpoints = pipelineEndpoints(environment, options.bases, (message) => console.warn(message));
  const content = pipelinePayload(schemaName, endpoints.environment, fields);
  const body = options.validate ? JSON.stringify(content) : JSON.stringify({ eventSchemaName: schemaName, eventContent: JSON.stringify(content) });
  if (options.beacon && !options.validate && navigator.sendBeacon?.(endpoints.events, body)) return undefined;
  const response = await fetch(options.validate ? endpoints.validate(schemaName) : endpoints.events, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    credentials: "same-origin",
    keepalive: true,
    signal: AbortSignal.timeout(TRACKING_TIMEOUT_MS),
  });
  if (!isPipelineSuccess(response.status)) {
    const message = trackingFailure(response.status);
    console.warn(message);
    throw new Error(message);
  }
  return options.validate ? ((await response.json()) as { valid: boolean; errors: string[] }) : undefined;
}
