// Stripe's idempotent requests: a POST with an `Idempotency-Key` header saves its answer (status and
// body) under the key, per account. The same key again on the same endpoint with the same parameters
// gets the saved answer back (the same object, `Idempotent-Replayed: true`); with other parameters or on
// another endpoint it gets a 400 idempotency_error. As in Stripe, an answer is saved only once the
// endpoint ran: a request refused before (bad parameters, 400/401/404) saves nothing. The SDK sends a
// key with every POST (`stripe-node-retry-...` unless the caller gives one).
import { idempotencyEndpointMismatch, idempotencyParamsMismatch, type StripeApiError } from "./errors.ts";
import type { Params } from "./form.ts";

export interface SavedAnswer {
  status: number;
  body: unknown;
}

interface SavedRequest {
  endpoint: string;
  params: string;
  answer: SavedAnswer;
}

/** Parameters compared as Stripe does: the same names and values, whatever their order on the wire. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(",")}}`;
}

export class IdempotencyKeys {
  private readonly saved = new Map<string, SavedRequest>();

  /** The saved answer to replay, an idempotency error to answer, or null: run the request. */
  lookup(accountId: string, key: string, endpoint: string, params: Params): SavedAnswer | StripeApiError | null {
    const saved = this.saved.get(`${accountId} ${key}`);
    if (!saved) return null;
    if (saved.endpoint !== endpoint) return idempotencyEndpointMismatch(key, saved.endpoint, endpoint);
    if (saved.params !== canonical(params)) return idempotencyParamsMismatch(key);
    return saved.answer;
  }

  save(accountId: string, key: string, endpoint: string, params: Params, answer: SavedAnswer): void {
    if ([400, 401, 404, 409, 429].includes(answer.status)) return;
    this.saved.set(`${accountId} ${key}`, { endpoint, params: canonical(params), answer });
  }
}
