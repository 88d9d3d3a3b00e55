// Per-visitor budgets for state-changing calls (REST writes and GraphQL mutations): a visitor may make
// `burst` changes at once, refilled at `perSecond`. Over the budget the transport answers 429
// 'Please try again in a few seconds.' The buckets are the services' plain token-bucket limiter.
import { RateLimiter } from "../services/support/rate-limiter.ts";

export { RateLimiter };

/** Whose budget a request spends: the crumb, else the cart, else the client address. */
export function rateLimitKey(visitor: { crumb: string | null; cartToken: string | null }, address: string | undefined): string {
  return visitor.crumb ? `crumb:${visitor.crumb}` : visitor.cartToken ? `cart:${visitor.cartToken}` : `ip:${address ?? "unknown"}`;
}
