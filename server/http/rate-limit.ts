// Budgets for state-changing calls (every REST write, every GraphQL mutation over HTTP or graphql-ws):
// each call spends from two budgets, its client address's and its visitor's, and is refused (429
// 'Please try again in a few seconds.', Retry-After) when either is spent. A visitor is the crumb,
// else the cart; a client with neither (no cookies) is its address, so it gets one visitor's budget,
// and a client that makes up a new crumb for every call still meets its address's budget. Counted
// through Redis when REDIS_URL is set, so N instances share one budget (services/support/rate-limiter.ts).
// A visitor's budget is per site (issue 21: spending it on one store leaves it whole on another); the
// address budget is the deployment's, since it guards the process every site shares.
// A request made with an API key spends its key's budget instead (every operation, queries too).
import { budgetOf, type LimiterStore } from "../services/support/rate-limiter.ts";

export interface RateLimitSettings {
  /** Per visitor: `burst` calls at once, refilled at `perSecond` (RATE_LIMIT_BURST, RATE_LIMIT_PER_SECOND). */
  perVisitor: { burst: number; perSecond: number };
  /** Per client address (RATE_LIMIT_ADDRESS_BURST, RATE_LIMIT_ADDRESS_PER_SECOND): several visitors may share one. */
  perAddress: { burst: number; perSecond: number };
  /** Per API key, for every request made with it (API_KEY_RATE_LIMIT_BURST, API_KEY_RATE_LIMIT_PER_SECOND). */
  perApiKey: { burst: number; perSecond: number };
}

/** The address budget unless configured: four visitors' worth, and at least 120 at 20 a second. */
export const defaultAddressRateLimit = ({ burst, perSecond }: { burst: number; perSecond: number }) =>
  burst <= 0 ? { burst: 0, perSecond: 0 } : { burst: Math.max(120, 4 * burst), perSecond: Math.max(20, 4 * perSecond) };

/** Whose visitor budget a call spends, on one site: the crumb, else the cart, else (no cookies) the client address. */
export function visitorKey(websiteId: string, visitor: { crumb: string | null; cartToken: string | null }, address: string): string {
  const who = visitor.crumb ? `crumb:${visitor.crumb}` : visitor.cartToken ? `cart:${visitor.cartToken}` : `address:${address}`;
  return `${websiteId}:${who}`;
}

export interface RequestLimits {
  /** Spends one state-changing call: 0 when allowed, else the seconds to wait (Retry-After). */
  take(websiteId: string, visitor: { crumb: string | null; cartToken: string | null }, address: string): Promise<number>;
  /** Spends one request of an API key's own budget (any operation): 0 when allowed, else Retry-After. */
  takeApiKey(keyId: string): Promise<number>;
}

export function createRequestLimits(store: LimiterStore, settings: RateLimitSettings): RequestLimits {
  const perVisitor = store.limiter("visitor", budgetOf(settings.perVisitor));
  const perAddress = store.limiter("address", budgetOf(settings.perAddress));
  const perApiKey = store.limiter("api-key", budgetOf(settings.perApiKey));
  return {
    async take(websiteId, visitor, address) {
      const [addressWait, visitorWait] = await Promise.all([perAddress.take(address), perVisitor.take(visitorKey(websiteId, visitor, address))]);
      return Math.max(addressWait, visitorWait);
    },
    takeApiKey: (keyId) => perApiKey.take(keyId),
  };
}
