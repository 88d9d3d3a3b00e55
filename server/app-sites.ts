// The sites of an app (issue 21): which site a host names (SiteDirectory), the services of the sites
// in use (SitePool) with what they share (the mailer, the media folder, the tracking stream, the
// rate-limit counters), and the default site's services, held for the app's life.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppConfig } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { StorePubSub } from "./realtime/pubsub.ts";
import { SitesEventStream } from "./services/analytics/sites-stream.ts";
import { captchaVerifierFromEnv } from "./services/forms/captcha.ts";
import { createServices, type ServiceOptions } from "./services/index.ts";
import { defaultPaymentOptions } from "./services/payments/payment-accounts.ts";
import { Mailer } from "./services/mail/mailer.ts";
import { DEFAULT_PUBLIC_URL, SiteDirectory, singleSiteRecord } from "./services/site/site-directory.ts";
import { DEFAULT_MAX_SITES, SitePool } from "./services/site/site-pool.ts";
import type { LimiterStore } from "./services/support/rate-limiter.ts";

/** What an app needs of the configuration; tests leave out what they do not use (development defaults). */
export type AppOptions = Pick<AppConfig, "websiteId" | "production" | "rateLimit"> &
  Partial<
    Pick<
      AppConfig,
      | "platformDomain"
      | "sitePoolMax"
      | "responseCache"
      | "publicUrl"
      | "captchaVerifier"
      | "smtpUrl"
      | "mailFrom"
      | "formLimits"
      | "logLevel"
      | "metricsToken"
      | "operatorToken"
      | "redisUrl"
      | "jobs"
      | "addressRateLimit"
      | "apiKeyRateLimit"
      | "trustProxy"
      | "maxBodyBytes"
      | "mediaDir"
      | "payLaterModalUrl"
      | "trackingDisabled"
      | "analyticsSecret"
      | "analyticsQueueMax"
      | "billing"
      | "paymentsEncryptionKey"
      | "stripeApi"
    >
  >;

/** The services' settings from the configuration, as values and the objects made from them. */
function serviceOptions(db: Db, config: AppOptions, limiters: LimiterStore): ServiceOptions {
  return {
    limiters,
    ...(config.captchaVerifier ? { captcha: captchaVerifierFromEnv({ CAPTCHA_VERIFIER: config.captchaVerifier }) } : {}),
    ...(config.smtpUrl || config.mailFrom ? { mailer: Mailer.fromEnv(db, { SMTP_URL: config.smtpUrl, MAIL_FROM: config.mailFrom }) } : {}),
    ...(config.formLimits ? { formLimits: config.formLimits } : {}),
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    // One media folder for every site (each keeps its own subfolder); a temporary one for tests without MEDIA_DIR.
    mediaDir: config.mediaDir ?? mkdtempSync(join(tmpdir(), "sitecart-media-")),
    payLaterModalUrl: config.payLaterModalUrl ?? null,
    ...(config.billing ? { billing: config.billing } : {}),
    ...paymentOptions(config),
    tracking: { disabled: config.trackingDisabled ?? false },
    analytics: {
      ...(config.analyticsSecret ? { secret: config.analyticsSecret } : {}),
      trackingDisabled: config.trackingDisabled ?? false,
      ...(config.analyticsQueueMax ? { queueMax: config.analyticsQueueMax } : {}),
    },
  };
}

/** Production never gets a made-up key: without PAYMENTS_ENCRYPTION_KEY connecting is refused there. */
function paymentOptions(config: AppOptions): Pick<ServiceOptions, "payments"> {
  const stripeApi = config.stripeApi ?? null;
  if (config.paymentsEncryptionKey) return { payments: { encryptionKey: config.paymentsEncryptionKey, stripeApi } };
  if (config.production) return { payments: { encryptionKey: null, stripeApi } };
  // Development and tests without a key: the services' per-process random key.
  return stripeApi ? { payments: { ...defaultPaymentOptions(), stripeApi } } : {};
}

export function createSites({ db, pubsub, config, limiters }: { db: Db; pubsub: StorePubSub; config: AppOptions; limiters: LimiterStore }) {
  const publicUrl = (config.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, "");
  const directory = new SiteDirectory(db, { platformDomain: config.platformDomain ?? null, defaultWebsiteId: config.websiteId, publicUrl });
  directory.follow(pubsub);
  // One mailer (and one SMTP connection pool) for every site's services.
  const shared = serviceOptions(db, config, limiters);
  const mailer = shared.mailer ?? new Mailer(db, null);
  // With Redis, one tracking stream for every site: each site's events stored through its own writer and policy.
  const stream = config.redisUrl
    ? new SitesEventStream(config.redisUrl, db, async (websiteId, batch) => {
        const site = await directory.site(websiteId);
        // A site purged since its events were queued: nothing left to count them against.
        if (site) await pool.borrow(site, (siteServices) => siteServices.analytics.store(batch));
      })
    : null;
  shared.analytics = { ...shared.analytics, stream };
  const pool = new SitePool(
    (site) =>
      createServices({
        db,
        pubsub,
        websiteId: site.id,
        options: { ...shared, mailer, publicUrl: directory.publicUrl(site), sitePlan: () => directory.site(site.id) },
      }),
    config.sitePoolMax ?? DEFAULT_MAX_SITES,
  );
  const followSites = forgetChangedSites(pubsub, pool);
  // The default site (SITECART_WEBSITE_ID): every host's site on a single-site deployment.
  const defaultSite = pool.acquire(singleSiteRecord(config.websiteId));
  return {
    directory,
    pool,
    mailer,
    defaultSite,
    /** Every site's tracking queue written (to the table or the stream), caches stopped, connections closed. */
    async close() {
      defaultSite.release();
      followSites.stop();
      directory.stop();
      await pool.close();
      await stream?.close();
      mailer.close();
    },
  };
}

/** A site whose domains or status changed gets its services made anew (its links in emails follow its primary host). */
function forgetChangedSites(pubsub: StorePubSub, pool: SitePool): { stop(): void } {
  const events = pubsub.subscribe("siteChanged");
  void (async () => {
    for await (const { websiteId } of events) await pool.forget(websiteId);
  })();
  return { stop: () => void events.return?.() };
}
