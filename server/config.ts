// Every environment variable the server and `npm start` use, read and checked once at start-up
// (README "Configuration"). Nothing else reads process.env for configuration: the values are passed
// in. A bad value stops the process with one line naming the variable (readConfigOrExit).
import { resolve } from "node:path";
import { z } from "zod";
import { SQLITE_SYNCHRONOUS, type SqliteSynchronous } from "./db/adapters.ts";
import { projectRoot, resolveDatabaseUrl } from "./db/urls.ts";
import { formLimitsFromEnv, type FormLimits } from "./services/forms/form-views.ts";
import { DEFAULT_MAX_BODY_BYTES } from "./http/body-limit.ts";
import { isTrustProxyList } from "./http/client.ts";
import { defaultAddressRateLimit } from "./http/rate-limit.ts";
import { isValidHost } from "./domain/site/hosts.ts";
import { DEFAULT_MAX_SITES } from "./services/site/site-pool.ts";
import { parseEncryptionKey } from "./services/payments/secret-box.ts";
import { parseStripeApiUrl, type StripeApiBase } from "./services/payments/stripe-client.ts";
import { BILLING_PATHS, isBillingContact, isBillingLink, type BillingLinks } from "./domain/site/billing-links.ts";

export const DEMO_WEBSITE_ID = "sitecart-demo";
export const DEFAULT_PORT = 4000;
export const DEFAULT_MAIL_FROM = "Sitecart <no-reply@sitecart.test>";
/** Loopback: reachable from a proxy on the same machine and from the laptop's browser, not from the network (docs/decisions.md). */
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** Tracking events waiting to be written, at most (ANALYTICS_QUEUE_MAX): past it calls are shed with 503. */
export const DEFAULT_ANALYTICS_QUEUE_MAX = 20_000;
/** Where the generated analytics secret is kept when ANALYTICS_SECRET is not set (gitignored). */
export const DEFAULT_ANALYTICS_SECRET_FILE = "prisma/analytics-secret";
/** Development's payments encryption key when PAYMENTS_ENCRYPTION_KEY is not set (gitignored; never in production). */
export const DEFAULT_PAYMENTS_KEY_FILE = "prisma/payments-key";
/** Uploaded product images, beside the default SQLite database (relative to the project; gitignored). */
export const DEFAULT_MEDIA_DIR = "prisma/media";

export interface AppConfig {
  port: number;
  /** The interface the server listens on (HOST); 0.0.0.0 or :: for every interface. */
  host: string;
  /** SIGTERM/SIGINT: how long requests in flight and WebSocket clients get before connections are cut. */
  shutdownTimeoutMs: number;
  databaseUrl: string;
  redisUrl: string | null;
  /** The site of a single-site deployment (every host answers it); without PLATFORM_DOMAIN, the site this process serves. */
  websiteId: string;
  /** PLATFORM_DOMAIN: each site answers on {slug}.{platformDomain} and its custom domains (issue 21); null: one site. */
  platformDomain: string | null;
  /** SITE_POOL_MAX: the sites whose services (and caches) a process keeps at once, least recently used retired first. */
  sitePoolMax: number;
  /** Production masks unexpected errors and disables GraphiQL. */
  production: boolean;
  /**
   * SITECART_DEMO: load the demo store into a site that does not exist yet (on by default outside
   * production, off in production). In production its sign-ins get random passwords (docs/decisions.md).
   */
  demoStore: boolean;
  /** Per-visitor budget for state-changing calls: `burst` at once, refilled at `perSecond`. */
  rateLimit: { burst: number; perSecond: number };
  /** Cache anonymous catalogue query results (invalidated by catalogue changes). */
  responseCache: boolean;
  /** The site's address in links inside emails, without a trailing slash. */
  publicUrl: string;
  /** Which captcha verifier checks tokens: Google reCAPTCHA, or the deterministic test verifier. */
  captchaVerifier: "recaptcha" | "test";
  /** Deliver mail over SMTP (smtp:// or smtps://); null keeps the outbox table as the record. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Form spam limits (docs/forms.md). */
  formLimits: FormLimits;
  /** `npm start` skips relay-compiler and the vite build (the client is built already). */
  skipClientBuild: boolean;
  /** pino's level for the server's log (one line per request at info). */
  logLevel: LogLevel;
  /** Lets /metrics answer a non-loopback client that sends `Authorization: Bearer <token>`; null: loopback only. */
  metricsToken: string | null;
  /** OPERATOR_TOKEN: the bearer token of the operator API (/operator/graphql, issue 21); null: that API does not exist (404). */
  operatorToken: string | null;
  /** The pay-later provider's modal page, `{locale}` standing for e.g. fr_CA; null: the popup shows our own terms. */
  payLaterModalUrl: string | null;
  /**
   * The scheduled jobs: whether their timers run (JOBS=off: never, tests run them by hand), and how
   * often each runs across all instances.
   */
  jobs: {
    onTimers: boolean;
    mailMs: number;
    purgeMs: number;
    renewalMs: number;
    rollupMs: number;
    retentionMs: number;
    stockHoldMs: number;
    paymentsMs: number;
    abandonedCheckoutMs: number;
  };
  /** SQLite's `synchronous`: FULL (an acknowledged write survives a power cut) or NORMAL (faster, survives a process crash only). */
  sqliteSynchronous: SqliteSynchronous;
  /** Per client address budget for state-changing calls (several visitors may share an address). */
  addressRateLimit: { burst: number; perSecond: number };
  /** Per API key budget for every GraphQL request made with the key (queries too). */
  apiKeyRateLimit: { burst: number; perSecond: number };
  /** Proxies whose X-Forwarded-For/-Proto are believed (addresses, CIDRs, loopback...); [] trusts none. */
  trustProxy: string[];
  /** Largest GraphQL body and graphql-ws message, in bytes. */
  maxBodyBytes: number;
  /** Where uploaded product images and their resized widths are kept (absolute path). */
  mediaDir: string;
  /** The key of the analytics ids' keyed hashes (ANALYTICS_SECRET); null: the persisted default (main.ts). */
  analyticsSecret: string | null;
  /** TRACKING_DISABLED=1: tracking calls are accepted and nothing is stored. */
  trackingDisabled: boolean;
  /** Tracking events the in-process queue holds at most before calls are shed with 503. */
  analyticsQueueMax: number;
  /** The operator's billing links and contact, shown to owners in the admin (BILLING_*; issue 21). */
  billing: BillingLinks;
  /** PAYMENTS_ENCRYPTION_KEY: encrypts payment providers' secrets at rest (issue 22); null: main.ts decides (docs/decisions.md). */
  paymentsEncryptionKey: Buffer | null;
  /** STRIPE_API_URL as the SDK's host/port/protocol; null: Stripe itself (tests point it at their stand-in). */
  stripeApi: StripeApiBase | null;
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Variables whose value may hold a password: a refusal does not repeat it. */
const SECRET_VARIABLES = new Set(["DATABASE_URL", "REDIS_URL", "SMTP_URL", "METRICS_TOKEN", "ANALYTICS_SECRET", "OPERATOR_TOKEN", "PAYMENTS_ENCRYPTION_KEY"]);

/** A refused variable: its name and why, as the one line the process prints before it stops. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
    value: string,
  ) {
    super(SECRET_VARIABLES.has(variable) ? `${variable} ${problem}` : `${variable} ${problem}, got "${value}"`);
  }
}

/** Unset, empty and blank all mean "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined), schema.optional());

const nonNegativeNumber = z.coerce.number().refine((number) => Number.isFinite(number) && number >= 0);
/** A URL of one of the schemes, naming a host. */
const urlWithScheme = (schemes: RegExp) => z.string().refine((text) => schemes.test(text) && URL.canParse(text) && new URL(text).hostname !== "");

/** Each variable: its schema, and how it is described when it is refused. */
const variables = {
  PORT: [optional(z.coerce.number().int().min(0).max(65535)), "must be a port number from 0 to 65535"],
  HOST: [
    optional(z.string().regex(/^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|[0-9A-Fa-f:.]+)$/)),
    "must be a host name or an IP address such as 127.0.0.1 or 0.0.0.0",
  ],
  SHUTDOWN_TIMEOUT_MS: [optional(z.coerce.number().int().min(0).max(600_000)), "must be a whole number of milliseconds from 0 to 600000"],
  DATABASE_URL: [optional(z.string()), "must be a postgres:// URL or a file: path"],
  REDIS_URL: [optional(urlWithScheme(/^rediss?:\/\//i)), "must be a redis:// or rediss:// URL"],
  SITECART_WEBSITE_ID: [optional(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/)), "must be letters, digits, '.', '_' or '-' (at most 64)"],
  PLATFORM_DOMAIN: [optional(z.string().toLowerCase().refine(isValidHost)), "must be a host name such as sitecart.app or localhost"],
  SITE_POOL_MAX: [optional(z.coerce.number().int().min(1).max(100_000)), "must be a whole number from 1 to 100000"],
  NODE_ENV: [optional(z.enum(["production", "development", "test"])), "must be production, development or test"],
  SITECART_DEMO: [optional(z.enum(["on", "off"])), "must be on or off"],
  RATE_LIMIT_BURST: [optional(nonNegativeNumber), "must be a number, 0 or more (0 turns the limit off)"],
  RATE_LIMIT_PER_SECOND: [optional(nonNegativeNumber), "must be a number, 0 or more"],
  SITECART_RESPONSE_CACHE: [optional(z.enum(["on", "off"])), "must be on or off"],
  SITECART_PUBLIC_URL: [optional(urlWithScheme(/^https?:\/\//i)), "must be an http:// or https:// URL"],
  CAPTCHA_VERIFIER: [optional(z.enum(["recaptcha", "test"])), "must be recaptcha or test"],
  SMTP_URL: [optional(urlWithScheme(/^smtps?:\/\//i)), "must be an smtp:// or smtps:// URL"],
  MAIL_FROM: [optional(z.string().max(320)), "must be an address such as Shop <shop@example.com>"],
  FORM_SUBMISSIONS_PER_MINUTE: [optional(nonNegativeNumber), "must be a number, 0 or more (0 turns the limit off)"],
  FORM_SUBMISSIONS_PER_EMAIL_PER_HOUR: [optional(z.coerce.number().int().min(0)), "must be a whole number, 0 or more (0 turns the limit off)"],
  SITECART_SKIP_CLIENT_BUILD: [optional(z.enum(["0", "1"])), "must be 0 or 1"],
  LOG_LEVEL: [optional(z.enum(LOG_LEVELS)), `must be one of ${LOG_LEVELS.join(", ")}`],
  PAY_LATER_MODAL_URL: [
    optional(urlWithScheme(/^https?:\/\//i).refine((url) => url.includes("{locale}"))),
    "must be an http:// or https:// URL with {locale} where the modal's locale goes",
  ],
  METRICS_TOKEN: [optional(z.string().regex(/^[\x21-\x7e]{16,256}$/)), "must be 16 to 256 printable characters without spaces"],
  OPERATOR_TOKEN: [optional(z.string().regex(/^[\x21-\x7e]{32,256}$/)), "must be 32 to 256 printable characters without spaces"],
  MAIL_INTERVAL_SECONDS: [optional(z.coerce.number().min(1).max(86_400)), "must be a number of seconds from 1 to 86400"],
  PURGE_INTERVAL_SECONDS: [optional(z.coerce.number().min(1).max(604_800)), "must be a number of seconds from 1 to 604800"],
  RENEWAL_INTERVAL_SECONDS: [optional(z.coerce.number().min(1).max(86_400)), "must be a number of seconds from 1 to 86400"],
  PAYMENT_RECONCILE_INTERVAL_SECONDS: [optional(z.coerce.number().min(1).max(86_400)), "must be a number of seconds from 1 to 86400"],
  ANALYTICS_ROLLUP_INTERVAL_SECONDS: [optional(z.coerce.number().min(1).max(86_400)), "must be a number of seconds from 1 to 86400"],
  ANALYTICS_RETENTION_INTERVAL_SECONDS: [optional(z.coerce.number().min(1).max(604_800)), "must be a number of seconds from 1 to 604800"],
  STOCK_HOLD_INTERVAL_SECONDS: [optional(z.coerce.number().min(1).max(900)), "must be a number of seconds from 1 to 900"],
  ABANDONED_CHECKOUT_INTERVAL_SECONDS: [optional(z.coerce.number().min(1).max(3600)), "must be a number of seconds from 1 to 3600"],
  JOBS: [optional(z.enum(["on", "off"])), "must be on or off"],
  SQLITE_SYNCHRONOUS: [optional(z.enum(SQLITE_SYNCHRONOUS)), "must be FULL or NORMAL"],
  RATE_LIMIT_ADDRESS_BURST: [optional(nonNegativeNumber), "must be a number, 0 or more (0 turns the limit off)"],
  RATE_LIMIT_ADDRESS_PER_SECOND: [optional(nonNegativeNumber), "must be a number, 0 or more"],
  API_KEY_RATE_LIMIT_BURST: [optional(nonNegativeNumber), "must be a number, 0 or more (0 turns the limit off)"],
  API_KEY_RATE_LIMIT_PER_SECOND: [optional(nonNegativeNumber), "must be a number, 0 or more"],
  TRUST_PROXY: [
    optional(
      z
        .string()
        .transform((text) => text.split(",").map((entry) => entry.trim()))
        .refine(isTrustProxyList),
    ),
    "must be a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal",
  ],
  MAX_BODY_BYTES: [optional(z.coerce.number().int().min(1024)), "must be a whole number of bytes, 1024 or more"],
  MEDIA_DIR: [
    optional(
      z
        .string()
        .max(4096)
        .refine((text) => !text.includes("\0")),
    ),
    "must be a folder path",
  ],
  ANALYTICS_SECRET: [optional(z.string().regex(/^[\x21-\x7e]{32,256}$/)), "must be 32 to 256 printable characters without spaces"],
  TRACKING_DISABLED: [optional(z.enum(["0", "1"])), "must be 0 or 1"],
  ANALYTICS_QUEUE_MAX: [optional(z.coerce.number().int().min(100).max(10_000_000)), "must be a whole number of events from 100 to 10000000"],
  BILLING_UPGRADE_URL: [optional(z.string().refine(isBillingLink)), "must be a path starting with / or an http(s) URL ({site} stands for the site)"],
  BILLING_SUBSCRIPTIONS_URL: [optional(z.string().refine(isBillingLink)), "must be a path starting with / or an http(s) URL ({site} stands for the site)"],
  BILLING_CONTACT: [optional(z.string().max(2048).refine(isBillingContact)), "must be an email address or an http(s) URL"],
  PAYMENTS_ENCRYPTION_KEY: [
    optional(z.string().transform((text, ctx) => parseEncryptionKey(text) ?? (ctx.addIssue({ code: "custom" }), z.NEVER))),
    "must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)",
  ],
  STRIPE_API_URL: [
    optional(z.string().transform((text, ctx) => parseStripeApiUrl(text) ?? (ctx.addIssue({ code: "custom" }), z.NEVER))),
    "must be an http:// or https:// URL with no path, such as https://api.stripe.com",
  ],
} as const satisfies Record<string, readonly [z.ZodType, string]>;

/** The variables readConfig reads (the README's Configuration table lists the same). */
export const CONFIG_VARIABLES = Object.keys(variables) as (keyof typeof variables)[];

type Values = { [Name in keyof typeof variables]: z.output<(typeof variables)[Name][0]> };

function readVariables(env: Record<string, string | undefined>): Values {
  const values: Record<string, unknown> = {};
  for (const [name, [schema, problem]] of Object.entries(variables)) {
    const result = schema.safeParse(env[name]);
    if (!result.success) throw new ConfigError(name, problem, env[name] ?? "");
    values[name] = result.data;
  }
  return values as Values;
}

/** The configuration of `env`; throws ConfigError naming the first variable it refuses. */
export function readConfig(env: Record<string, string | undefined>): AppConfig {
  const values = readVariables(env);
  const port = values.PORT ?? DEFAULT_PORT;
  let databaseUrl: string;
  try {
    databaseUrl = resolveDatabaseUrl({ DATABASE_URL: values.DATABASE_URL });
  } catch {
    throw new ConfigError("DATABASE_URL", variables.DATABASE_URL[1], env.DATABASE_URL ?? "");
  }
  const production = values.NODE_ENV === "production";
  const rateLimit = { burst: values.RATE_LIMIT_BURST ?? 30, perSecond: values.RATE_LIMIT_PER_SECOND ?? 5 };
  const addressDefault = defaultAddressRateLimit(rateLimit);
  return {
    port,
    host: values.HOST ?? DEFAULT_HOST,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
    databaseUrl,
    redisUrl: values.REDIS_URL ?? null,
    websiteId: values.SITECART_WEBSITE_ID ?? DEMO_WEBSITE_ID,
    platformDomain: values.PLATFORM_DOMAIN ?? null,
    sitePoolMax: values.SITE_POOL_MAX ?? DEFAULT_MAX_SITES,
    production,
    // The quick start (npm start on a fresh machine) reaches the demo store; a production start loads nothing unless asked.
    demoStore: values.SITECART_DEMO ? values.SITECART_DEMO === "on" : !production,
    rateLimit,
    responseCache: values.SITECART_RESPONSE_CACHE !== "off",
    publicUrl: (values.SITECART_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    // Google's check unless told otherwise: CAPTCHA_VERIFIER=test is the only way to the test verifier.
    captchaVerifier: values.CAPTCHA_VERIFIER ?? "recaptcha",
    smtpUrl: values.SMTP_URL ?? null,
    mailFrom: values.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    // The values are checked above; the form service knows what they mean.
    formLimits: formLimitsFromEnv({
      FORM_SUBMISSIONS_PER_MINUTE: env.FORM_SUBMISSIONS_PER_MINUTE,
      FORM_SUBMISSIONS_PER_EMAIL_PER_HOUR: env.FORM_SUBMISSIONS_PER_EMAIL_PER_HOUR,
    }),
    skipClientBuild: values.SITECART_SKIP_CLIENT_BUILD === "1",
    logLevel: values.LOG_LEVEL ?? "info",
    metricsToken: values.METRICS_TOKEN ?? null,
    operatorToken: values.OPERATOR_TOKEN ?? null,
    payLaterModalUrl: values.PAY_LATER_MODAL_URL ?? null,
    jobs: readJobs(values),
    sqliteSynchronous: values.SQLITE_SYNCHRONOUS ?? "FULL",
    addressRateLimit: {
      burst: values.RATE_LIMIT_ADDRESS_BURST ?? addressDefault.burst,
      perSecond: values.RATE_LIMIT_ADDRESS_PER_SECOND ?? addressDefault.perSecond,
    },
    apiKeyRateLimit: {
      burst: values.API_KEY_RATE_LIMIT_BURST ?? DEFAULT_API_KEY_RATE_LIMIT.burst,
      perSecond: values.API_KEY_RATE_LIMIT_PER_SECOND ?? DEFAULT_API_KEY_RATE_LIMIT.perSecond,
    },
    trustProxy: values.TRUST_PROXY ?? [],
    maxBodyBytes: values.MAX_BODY_BYTES ?? DEFAULT_MAX_BODY_BYTES,
    mediaDir: resolve(projectRoot, values.MEDIA_DIR ?? DEFAULT_MEDIA_DIR),
    analyticsSecret: values.ANALYTICS_SECRET ?? null,
    trackingDisabled: values.TRACKING_DISABLED === "1",
    analyticsQueueMax: values.ANALYTICS_QUEUE_MAX ?? DEFAULT_ANALYTICS_QUEUE_MAX,
    billing: {
      upgradeUrl: values.BILLING_UPGRADE_URL ?? BILLING_PATHS.upgrade,
      subscriptionsUrl: values.BILLING_SUBSCRIPTIONS_URL ?? BILLING_PATHS.subscriptions,
      contact: values.BILLING_CONTACT ?? null,
    },
    paymentsEncryptionKey: values.PAYMENTS_ENCRYPTION_KEY ?? null,
    stripeApi: values.STRIPE_API_URL ?? null,
  };
}

/** The jobs' timers and intervals; the retention runs with the purges unless given its own interval. */
function readJobs(values: Values): AppConfig["jobs"] {
  const purgeSeconds = values.PURGE_INTERVAL_SECONDS ?? 3600;
  return {
    onTimers: values.JOBS !== "off",
    mailMs: (values.MAIL_INTERVAL_SECONDS ?? 10) * 1000,
    purgeMs: purgeSeconds * 1000,
    renewalMs: (values.RENEWAL_INTERVAL_SECONDS ?? 900) * 1000,
    paymentsMs: (values.PAYMENT_RECONCILE_INTERVAL_SECONDS ?? 60) * 1000,
    rollupMs: (values.ANALYTICS_ROLLUP_INTERVAL_SECONDS ?? 60) * 1000,
    retentionMs: (values.ANALYTICS_RETENTION_INTERVAL_SECONDS ?? purgeSeconds) * 1000,
    stockHoldMs: (values.STOCK_HOLD_INTERVAL_SECONDS ?? 60) * 1000,
    abandonedCheckoutMs: (values.ABANDONED_CHECKOUT_INTERVAL_SECONDS ?? 300) * 1000,
  };
}

/** An integrator's key: 120 requests at once, refilled at 20 a second. */
export const DEFAULT_API_KEY_RATE_LIMIT = { burst: 120, perSecond: 20 } as const;

/** readConfig for a process: a refused variable prints one line (no stack trace) and exits with 1. */
export function readConfigOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return readConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration: ${error.message}`);
    process.exit(1);
  }
}
