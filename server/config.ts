// Reads the environment once at start-up (demo-store.md: PORT, DATABASE_URL, REDIS_URL).
import { resolveDatabaseUrl } from "./db/urls.ts";

export interface AppConfig {
  port: number;
  databaseUrl: string;
  redisUrl: string | null;
  /** The site this process serves. */
  websiteId: string;
  /** Production masks unexpected errors and disables GraphiQL. */
  production: boolean;
  /** Per-visitor budget for state-changing calls: `burst` at once, refilled at `perSecond`. */
  rateLimit: { burst: number; perSecond: number };
  /** Cache anonymous catalogue query results (invalidated by catalogue changes). */
  responseCache: boolean;
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`${name} must be a non-negative number, got "${value}"`);
  return number;
}

export const DEMO_WEBSITE_ID = "sitecart-demo";

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = positiveNumber(env.PORT, 4000, "PORT");
  if (!Number.isInteger(port) || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    databaseUrl: resolveDatabaseUrl(env),
    redisUrl: env.REDIS_URL?.trim() || null,
    websiteId: env.SITECART_WEBSITE_ID?.trim() || DEMO_WEBSITE_ID,
    production: env.NODE_ENV === "production",
    rateLimit: {
      burst: positiveNumber(env.RATE_LIMIT_BURST, 30, "RATE_LIMIT_BURST"),
      perSecond: positiveNumber(env.RATE_LIMIT_PER_SECOND, 5, "RATE_LIMIT_PER_SECOND"),
    },
    responseCache: env.SITECART_RESPONSE_CACHE !== "off",
  };
}
