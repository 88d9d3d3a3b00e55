// readConfig (README "Configuration"): every variable's accepted and refused values, each refusal one
// line naming the variable (start-up.process.test.ts sees the server stop with it).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_VARIABLES, ConfigError, readConfig } from "../../server/config.ts";
import { projectRoot } from "../../server/db/urls.ts";

/** The one line a refused variable is reported with. */
function refusal(env: Record<string, string>): string {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe("defaults (nothing set)", () => {
  it("serves the demo store on 127.0.0.1:4000 from the SQLite file, without Redis or SMTP, with the reCAPTCHA verifier", () => {
    expect(readConfig({})).toEqual({
      port: 4000,
      host: "127.0.0.1",
      shutdownTimeoutMs: 10_000,
      databaseUrl: `file:${join(projectRoot, "prisma", "dev.db")}`,
      redisUrl: null,
      websiteId: "sitecart-demo",
      platformDomain: null,
      sitePoolMax: 200,
      production: false,
      demoStore: true,
      rateLimit: { burst: 30, perSecond: 5 },
      responseCache: true,
      publicUrl: "http://localhost:4000",
      captchaVerifier: "recaptcha",
      smtpUrl: null,
      mailFrom: "Sitecart <no-reply@sitecart.test>",
      formLimits: { perAddress: { burst: 10, perSecond: 10 / 60 }, perEmail: { max: 5, windowMs: 60 * 60 * 1000 } },
      skipClientBuild: false,
      logLevel: "info",
      metricsToken: null,
      operatorToken: null,
      payLaterModalUrl: null,
      jobs: {
        onTimers: true,
        mailMs: 10_000,
        purgeMs: 3_600_000,
        renewalMs: 900_000,
        rollupMs: 60_000,
        retentionMs: 3_600_000,
        stockHoldMs: 60_000,
        abandonedCheckoutMs: 300_000,
        paymentsMs: 60_000,
      },
      sqliteSynchronous: "FULL",
      addressRateLimit: { burst: 120, perSecond: 20 },
      apiKeyRateLimit: { burst: 120, perSecond: 20 },
      trustProxy: [],
      maxBodyBytes: 1024 * 1024,
      mediaDir: join(projectRoot, "prisma", "media"),
      analyticsSecret: null,
      trackingDisabled: false,
      analyticsQueueMax: 20_000,
      billing: { upgradeUrl: "/config/settings/billing/upgrade", subscriptionsUrl: "/config/settings/billing/subscriptions", contact: null },
      paymentsEncryptionKey: null,
      stripeApi: null,
    });
  });

  it("treats an empty or blank variable as unset", () => {
    expect(readConfig(Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, name === "PORT" ? "  " : ""])))).toEqual(readConfig({}));
  });
});

describe.each([
  [
    "PORT",
    [
      ["0", { port: 0 }],
      ["8080", { port: 8080, publicUrl: "http://localhost:8080" }],
      [" 65535 ", { port: 65535 }],
    ],
    ["abc", "-1", "65536", "80.5", "1e3x"],
  ],
  [
    "DATABASE_URL",
    [
      ["postgresql://shop@db.example:5432/sitecart", { databaseUrl: "postgresql://shop@db.example:5432/sitecart" }],
      ["postgres://127.0.0.1/sitecart", { databaseUrl: "postgres://127.0.0.1/sitecart" }],
      ["file:/tmp/shop.db", { databaseUrl: "file:/tmp/shop.db" }],
      ["file:prisma/other.db", { databaseUrl: `file:${join(projectRoot, "prisma/other.db")}` }],
    ],
    ["mysql://localhost/shop", "/tmp/shop.db"],
  ],
  [
    "REDIS_URL",
    [
      ["redis://127.0.0.1:6379", { redisUrl: "redis://127.0.0.1:6379" }],
      ["rediss://cache.example:6380/2", { redisUrl: "rediss://cache.example:6380/2" }],
    ],
    ["127.0.0.1:6379", "http://cache", "redis://"],
  ],
  [
    "HOST",
    [
      ["0.0.0.0", { host: "0.0.0.0" }],
      ["::", { host: "::" }],
      ["shop.internal", { host: "shop.internal" }],
    ],
    ["http://0.0.0.0", "my host", "-x"],
  ],
  [
    "SHUTDOWN_TIMEOUT_MS",
    [
      ["0", { shutdownTimeoutMs: 0 }],
      ["30000", { shutdownTimeoutMs: 30_000 }],
    ],
    ["1.5", "-1", "soon", "600001"],
  ],
  ["SITECART_WEBSITE_ID", [["my-shop_2.0", { websiteId: "my-shop_2.0" }]], ["my shop", "-shop", "x".repeat(65)]],
  [
    "PLATFORM_DOMAIN",
    [
      ["sitecart.app", { platformDomain: "sitecart.app" }],
      ["Shops.Example.COM", { platformDomain: "shops.example.com" }],
      ["localhost", { platformDomain: "localhost" }],
    ],
    ["https://sitecart.app", "sitecart.app:4000", "-bad.example", "a..b"],
  ],
  [
    "SITE_POOL_MAX",
    [
      ["1", { sitePoolMax: 1 }],
      ["5000", { sitePoolMax: 5000 }],
    ],
    ["0", "1.5", "many", "100001"],
  ],
  [
    "NODE_ENV",
    [
      ["production", { production: true, demoStore: false, captchaVerifier: "recaptcha" }],
      ["development", { production: false, captchaVerifier: "recaptcha" }],
      ["test", { production: false }],
    ],
    ["prod", "PRODUCTION"],
  ],
  [
    "SITECART_DEMO",
    [
      ["on", { demoStore: true }],
      ["off", { demoStore: false }],
    ],
    ["yes", "1", "ON"],
  ],
  [
    "RATE_LIMIT_BURST",
    [
      ["0", { rateLimit: { burst: 0, perSecond: 5 } }],
      ["100", { rateLimit: { burst: 100, perSecond: 5 } }],
    ],
    ["-1", "many", "Infinity"],
  ],
  ["RATE_LIMIT_PER_SECOND", [["0.5", { rateLimit: { burst: 30, perSecond: 0.5 } }]], ["-2", "fast"]],
  [
    "SITECART_RESPONSE_CACHE",
    [
      ["off", { responseCache: false }],
      ["on", { responseCache: true }],
    ],
    ["no", "false"],
  ],
  [
    "SITECART_PUBLIC_URL",
    [
      ["https://shop.example/", { publicUrl: "https://shop.example" }],
      ["http://127.0.0.1:4000", { publicUrl: "http://127.0.0.1:4000" }],
    ],
    ["shop.example", "ftp://shop.example"],
  ],
  [
    "CAPTCHA_VERIFIER",
    [
      ["recaptcha", { captchaVerifier: "recaptcha" }],
      ["test", { captchaVerifier: "test" }],
    ],
    ["google", "none"],
  ],
  [
    "SMTP_URL",
    [
      ["smtp://user:secret@mail.example:587", { smtpUrl: "smtp://user:secret@mail.example:587" }],
      ["smtps://mail.example", { smtpUrl: "smtps://mail.example" }],
    ],
    ["mail.example:25", "http://mail.example"],
  ],
  ["MAIL_FROM", [["Shop <shop@example.com>", { mailFrom: "Shop <shop@example.com>" }]], ["x".repeat(321)]],
  [
    "FORM_SUBMISSIONS_PER_MINUTE",
    [
      ["0", { formLimits: { perAddress: { burst: 0, perSecond: 0 }, perEmail: { max: 5, windowMs: 3_600_000 } } }],
      ["30", { formLimits: { perAddress: { burst: 30, perSecond: 0.5 }, perEmail: { max: 5, windowMs: 3_600_000 } } }],
    ],
    ["-1", "ten"],
  ],
  [
    "FORM_SUBMISSIONS_PER_EMAIL_PER_HOUR",
    [["0", { formLimits: { perAddress: { burst: 10, perSecond: 10 / 60 }, perEmail: { max: 0, windowMs: 3_600_000 } } }]],
    ["2.5", "-3", "five"],
  ],
  [
    "SITECART_SKIP_CLIENT_BUILD",
    [
      ["1", { skipClientBuild: true }],
      ["0", { skipClientBuild: false }],
    ],
    ["yes", "true"],
  ],
  [
    "LOG_LEVEL",
    [
      ["debug", { logLevel: "debug" }],
      ["silent", { logLevel: "silent" }],
    ],
    ["verbose", "INFO"],
  ],
  ["METRICS_TOKEN", [["s3cret-scrape-token-0123", { metricsToken: "s3cret-scrape-token-0123" }]], ["short", "has a space inside it"]],
  ["OPERATOR_TOKEN", [["o".repeat(32), { operatorToken: "o".repeat(32) }]], ["o".repeat(31), `${"o".repeat(20)} ${"o".repeat(20)}`]],
  [
    "PAY_LATER_MODAL_URL",
    [["https://pay.example/modal/{locale}.html", { payLaterModalUrl: "https://pay.example/modal/{locale}.html" }]],
    ["https://pay.example/modal.html", "ftp://pay.example/{locale}"],
  ],
  [
    "MAIL_INTERVAL_SECONDS",
    [
      ["30", { jobs: { mailMs: 30_000, purgeMs: 3_600_000 } }],
      ["2.5", { jobs: { mailMs: 2_500, purgeMs: 3_600_000 } }],
    ],
    ["0", "-5", "86401", "soon"],
  ],
  [
    "SQLITE_SYNCHRONOUS",
    [
      ["NORMAL", { sqliteSynchronous: "NORMAL" }],
      ["FULL", { sqliteSynchronous: "FULL" }],
    ],
    ["OFF", "normal", "2"],
  ],
  // The retention runs with the purges unless it has its own interval.
  ["PURGE_INTERVAL_SECONDS", [["600", { jobs: { mailMs: 10_000, purgeMs: 600_000, retentionMs: 600_000 } }]], ["0", "604801", "hourly"]],
  ["RENEWAL_INTERVAL_SECONDS", [["60", { jobs: { renewalMs: 60_000, purgeMs: 3_600_000 } }]], ["0", "86401", "often"]],
  ["ANALYTICS_ROLLUP_INTERVAL_SECONDS", [["300", { jobs: { rollupMs: 300_000, mailMs: 10_000 } }]], ["0", "86401", "minutely"]],
  ["ANALYTICS_RETENTION_INTERVAL_SECONDS", [["86400", { jobs: { retentionMs: 86_400_000, purgeMs: 3_600_000 } }]], ["0", "604801", "daily"]],
  ["STOCK_HOLD_INTERVAL_SECONDS", [["30", { jobs: { stockHoldMs: 30_000, purgeMs: 3_600_000 } }]], ["0", "901", "minutely"]],
  ["ABANDONED_CHECKOUT_INTERVAL_SECONDS", [["30", { jobs: { abandonedCheckoutMs: 30_000 } }]], ["0", "3601", "often"]],
  ["PAYMENT_RECONCILE_INTERVAL_SECONDS", [["120", { jobs: { paymentsMs: 120_000 } }]], ["0", "86401", "often"]],
  [
    "JOBS",
    [
      ["off", { jobs: { onTimers: false, mailMs: 10_000 } }],
      ["on", { jobs: { onTimers: true } }],
    ],
    ["no", "0", "OFF"],
  ],
  [
    "RATE_LIMIT_ADDRESS_BURST",
    [
      ["0", { addressRateLimit: { burst: 0, perSecond: 20 } }],
      ["500", { addressRateLimit: { burst: 500, perSecond: 20 } }],
    ],
    ["-1", "lots"],
  ],
  ["RATE_LIMIT_ADDRESS_PER_SECOND", [["2.5", { addressRateLimit: { burst: 120, perSecond: 2.5 } }]], ["-1", "quick"]],
  ["API_KEY_RATE_LIMIT_BURST", [["0", { apiKeyRateLimit: { burst: 0, perSecond: 20 } }]], ["-1", "many"]],
  ["API_KEY_RATE_LIMIT_PER_SECOND", [["2.5", { apiKeyRateLimit: { burst: 120, perSecond: 2.5 } }]], ["-1", "fast"]],
  [
    "TRUST_PROXY",
    [
      ["loopback", { trustProxy: ["loopback"] }],
      ["10.0.0.0/8, 192.168.1.7,uniquelocal", { trustProxy: ["10.0.0.0/8", "192.168.1.7", "uniquelocal"] }],
      ["::1", { trustProxy: ["::1"] }],
    ],
    ["true", "everyone", "10.0.0.0/99", "loopback,"],
  ],
  [
    "MAX_BODY_BYTES",
    [
      ["65536", { maxBodyBytes: 65536 }],
      ["1024", { maxBodyBytes: 1024 }],
    ],
    ["1023", "1MB", "-5"],
  ],
  [
    "MEDIA_DIR",
    [
      ["/var/lib/sitecart/media", { mediaDir: "/var/lib/sitecart/media" }],
      ["data/media", { mediaDir: join(projectRoot, "data", "media") }],
    ],
    ["media\u0000"],
  ],
  [
    "STRIPE_API_URL",
    [
      ["https://api.stripe.com", { stripeApi: { host: "api.stripe.com", port: 443, protocol: "https" } }],
      ["http://127.0.0.1:12111/", { stripeApi: { host: "127.0.0.1", port: 12111, protocol: "http" } }],
    ],
    ["api.stripe.com", "https://api.stripe.com/v1", "ftp://api.stripe.com"],
  ],
  [
    "TRACKING_DISABLED",
    [
      ["1", { trackingDisabled: true }],
      ["0", { trackingDisabled: false }],
    ],
    ["yes", "true"],
  ],
] as const)("%s", (name, accepted, refused) => {
  it.each(accepted.map(([value, expected]) => [value, expected] as const))("accepts %j", (value, expected) => {
    expect(readConfig({ [name]: value })).toMatchObject(expected);
  });

  it.each(refused.map((value) => [value]))("refuses %j with one line naming the variable", (value) => {
    const line = refusal({ [name]: value });
    expect(line.startsWith(`${name} must be `)).toBe(true);
    expect(line).not.toContain("\n");
    // Values that may hold a password are not repeated.
    if (["DATABASE_URL", "REDIS_URL", "SMTP_URL", "METRICS_TOKEN", "OPERATOR_TOKEN", "PAYMENTS_ENCRYPTION_KEY"].includes(name))
      expect(line).not.toContain("got");
    else expect(line).toContain(`got "${value}"`);
  });
});

it("gives each client address four visitors' budget (at least 120 at 20 a second) unless told otherwise", () => {
  expect(readConfig({ RATE_LIMIT_BURST: "100", RATE_LIMIT_PER_SECOND: "10" }).addressRateLimit).toEqual({ burst: 400, perSecond: 40 });
  expect(readConfig({ RATE_LIMIT_BURST: "0" }).addressRateLimit).toEqual({ burst: 0, perSecond: 0 });
});

it("checks captchas with reCAPTCHA in every mode unless CAPTCHA_VERIFIER says test", () => {
  expect(readConfig({ NODE_ENV: "development" }).captchaVerifier).toBe("recaptcha");
  expect(readConfig({ NODE_ENV: "production", CAPTCHA_VERIFIER: "test" }).captchaVerifier).toBe("test");
  expect(readConfig({ CAPTCHA_VERIFIER: "recaptcha" }).captchaVerifier).toBe("recaptcha");
});

it("tests every variable the README's Configuration table lists, and the table lists every variable", () => {
  const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
  const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
  const listed = [...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]);
  expect(new Set(listed)).toEqual(new Set(CONFIG_VARIABLES));
});

it("reads the analytics settings: the secret, the global disable flag and the queue bound", () => {
  expect(readConfig({ ANALYTICS_SECRET: "k".repeat(32), TRACKING_DISABLED: "1", ANALYTICS_QUEUE_MAX: "500" })).toMatchObject({
    analyticsSecret: "k".repeat(32),
    trackingDisabled: true,
    analyticsQueueMax: 500,
  });
  expect(() => readConfig({ ANALYTICS_SECRET: "short" })).toThrow("ANALYTICS_SECRET must be 32 to 256 printable characters without spaces");
  expect(() => readConfig({ TRACKING_DISABLED: "yes" })).toThrow('TRACKING_DISABLED must be 0 or 1, got "yes"');
  expect(() => readConfig({ ANALYTICS_QUEUE_MAX: "5" })).toThrow("ANALYTICS_QUEUE_MAX must be a whole number of events from 100 to 10000000");
});

it("reads the operator's billing links ({site} stands for the site) and contact, and refuses what is neither a path nor an http(s) URL", () => {
  expect(
    readConfig({
      BILLING_UPGRADE_URL: "https://billing.example/{site}/upgrade",
      BILLING_SUBSCRIPTIONS_URL: "/billing/plans",
      BILLING_CONTACT: "https://host.example/support",
    }).billing,
  ).toEqual({ upgradeUrl: "https://billing.example/{site}/upgrade", subscriptionsUrl: "/billing/plans", contact: "https://host.example/support" });
  expect(() => readConfig({ BILLING_UPGRADE_URL: "//evil.example/upgrade" })).toThrow(
    'BILLING_UPGRADE_URL must be a path starting with / or an http(s) URL ({site} stands for the site), got "//evil.example/upgrade"',
  );
  expect(() => readConfig({ BILLING_CONTACT: "call us" })).toThrow('BILLING_CONTACT must be an email address or an http(s) URL, got "call us"');
});

it("reads PAYMENTS_ENCRYPTION_KEY as 32 bytes in hex or base64, and refuses anything else without repeating it", () => {
  const hex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
  expect(readConfig({ PAYMENTS_ENCRYPTION_KEY: hex }).paymentsEncryptionKey).toEqual(Buffer.from(hex, "hex"));
  const base64 = Buffer.from(hex, "hex").toString("base64");
  expect(readConfig({ PAYMENTS_ENCRYPTION_KEY: base64 }).paymentsEncryptionKey).toEqual(Buffer.from(hex, "hex"));
  for (const value of ["too-short", hex.slice(2), "correct horse battery staple correct horse battery"]) {
    expect(refusal({ PAYMENTS_ENCRYPTION_KEY: value })).toBe(
      "PAYMENTS_ENCRYPTION_KEY must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)",
    );
  }
});

it("loads the demo store outside production unless SITECART_DEMO=off, and in production only when SITECART_DEMO=on", () => {
  expect(readConfig({ NODE_ENV: "development" }).demoStore).toBe(true);
  expect(readConfig({ NODE_ENV: "production" }).demoStore).toBe(false);
  expect(readConfig({ NODE_ENV: "production", SITECART_DEMO: "on" }).demoStore).toBe(true);
  expect(readConfig({ NODE_ENV: "test", SITECART_DEMO: "off" }).demoStore).toBe(false);
});
