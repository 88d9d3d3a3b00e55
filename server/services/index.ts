// The services of one site, wired to one database and one event bus.
import { PayLaterModalService } from "./cart/pay-later-modal.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { siteClient, type Db } from "../db/client.ts";
import { DEFAULT_PUBLIC_URL } from "./site/site-directory.ts";
import type { StorePubSub } from "../realtime/pubsub.ts";
import { CartWriter } from "./cart/cart-transaction.ts";
import { CartViewCache } from "./cart/cart-view-cache.ts";
import { CartService } from "./cart/cart.ts";
import { StockHoldService } from "./cart/stock-holds.ts";
import { CatalogService } from "./catalog/catalog.ts";
import { CheckoutService } from "./checkout/checkout.ts";
import { AbandonedCheckoutService } from "./checkout/abandoned-checkouts.ts";
import { OrderAdminService } from "./orders/orders.ts";
import { GiftCardAdminService } from "./orders/gift-card-admin.ts";
import { OwnerSubscriptionService } from "./checkout/owner-subscriptions.ts";
import { OwnerHomeService } from "./orders/home.ts";
import { ShippingZoneService } from "./checkout/shipping-zones.ts";
import { MemberAddressService } from "./members/addresses.ts";
import { PeopleService } from "./members/people.ts";
import { ProductDefinitions } from "./catalog/product-definitions.ts";
import { StoreSettingsService } from "./store/store-settings.ts";
import { SiteChromeService } from "./site/site-chrome.ts";
import { RecaptchaVerifier, type CaptchaVerifier } from "./forms/captcha.ts";
import { FormService } from "./forms/forms.ts";
import { DEFAULT_FORM_LIMITS, type FormLimits } from "./forms/form-views.ts";
import { Mailer } from "./mail/mailer.ts";
import { EmailBrandingService } from "./mail/branding.ts";
import { OutboxService } from "./mail/outbox.ts";
import { EmailPreviewService } from "./mail/previews.ts";
import { NewsletterService } from "./forms/newsletter.ts";
import { OwnerProductsService } from "./catalog/owner-products.ts";
import { ProductImportService } from "./catalog/product-import.ts";
import { ProductExportService } from "./catalog/product-export.ts";
import { OrderExportService } from "./orders/order-export.ts";
import { CustomerService } from "./customers/customers.ts";
import { DEFAULT_IMAGE_LIMITS, ProductImagesService, type ImageLimits } from "./catalog/product-images.ts";
import { SiteSettingsService } from "./site/site-settings.ts";
import { SiteSetupService } from "./site/site-setup.ts";
import { StoreSetupService } from "./store/store-setup.ts";
import { StoreAdminService } from "./store/store-admin.ts";
import { RestockService } from "./restock/restock.ts";
import { SessionService } from "./members/sessions.ts";
import { ApiKeyService } from "./members/api-keys.ts";
import { MarketingService } from "./store/marketing.ts";
import { AnalyticsSettingsService, type TrackingOptions } from "./analytics/analytics-settings.ts";
import { AccountService } from "./members/accounts.ts";
import { PageLockService } from "./members/page-locks.ts";
import { StorefrontService } from "./storefront/storefront.ts";
import { SitemapService } from "./storefront/sitemap.ts";
import { TemplateService } from "./templates/templates.ts";
import { SubscriptionService } from "./checkout/subscriptions.ts";
import { PaidRenewals } from "./checkout/paid-renewals.ts";
import { SubscriptionCardService } from "./checkout/subscription-cards.ts";
import { SavedCardService } from "./payments/saved-cards.ts";
import { LimiterStore } from "./support/rate-limiter.ts";
import { AnalyticsDashboardService } from "./analytics/dashboard.ts";
import { AnalyticsIngest, type AnalyticsOptions } from "./analytics/ingest.ts";
import { SitePlanService, type SitePlanReader } from "./site/site-plan.ts";
import type { BillingLinks } from "../domain/site/billing-links.ts";
import { PaymentAccountService, defaultPaymentOptions, type PaymentOptions } from "./payments/payment-accounts.ts";
import { CheckoutPaymentService } from "./payments/checkout-payments.ts";
import { OrderPaymentService } from "./payments/order-payments.ts";
import { OrderRefundService } from "./orders/order-refunds.ts";
import { ShipmentService } from "./orders/shipments.ts";
import { OrderDisputeService } from "./orders/order-disputes.ts";
import { PaymentSettlement } from "./payments/payment-settlement.ts";
import { PaymentEventService } from "./payments/payment-events.ts";
import { OrderStatusLinkService } from "./orders/order-status-links.ts";
import { createDownloadServices, type DownloadServices } from "./downloads/index.ts";

export interface Services {
  payLaterModal: PayLaterModalService;
  /** Stops following store events. */
  stop(): void;
  db: Db;
  websiteId: string;
  settings: StoreSettingsService;
  catalog: CatalogService;
  carts: CartService;
  /** Stock held while a payment is in flight (issue 22): the expiry job's turn, announcing changes. */
  stockHolds: StockHoldService;
  checkout: CheckoutService;
  /** Abandoned checkout recovery (issue 24 part 4): the checkout's contact, the reminders, the recovery link. */
  abandonedCheckouts: AbandonedCheckoutService;
  /** Members' subscriptions: their moves and the scheduler's renewals (issue 12). */
  subscriptions: SubscriptionService;
  /** A member's new card for a subscription (issue 22): SetupIntents. */
  subscriptionCards: SubscriptionCardService;
  /** The owner's orders: list, read, fulfil, cancel, refund. */
  orders: OrderAdminService;
  orderPayments: OrderPaymentService;
  orderRefunds: OrderRefundService;
  /** The order status page without an account (/order-status/<token>), its owner's revoke and reissue, "Buy again" (issue 24 §3). */
  orderStatusLinks: OrderStatusLinkService;
  /** Shipments with tracking, the fulfilment status, the order timeline and notes (issue 24). */
  shipments: ShipmentService;
  /** The owner's gift cards and subscriptions, store-wide (issue 24 §6). */
  giftCardAdmin: GiftCardAdminService;
  ownerSubscriptions: OwnerSubscriptionService;
  /** The owner's home figures and live store activity (orders placed and moved, stock changes). */
  ordersHome: OwnerHomeService;
  /** The store's shipping zones and their options (owner editing: issue 10). */
  shippingZones: ShippingZoneService;
  /** Contributors, invitations and site members (issue 10 §5). */
  people: PeopleService;
  /** Signed-in members' saved addresses. */
  memberAddresses: MemberAddressService;
  sessions: SessionService;
  /** Integrators' API keys: list, create (the secret shown once), revoke, and the bearer check. */
  apiKeys: ApiKeyService;
  /** The pixel id and the products feed (its token, its XML and CSV). */
  marketing: MarketingService;
  /** The owner's privacy and tracking settings and the storefront's tracking facts (issue 11; cached, dropped on settingsChanged). */
  analyticsSettings: AnalyticsSettingsService;
  /** Members' sign-up, password reset and orders. */
  accounts: AccountService;
  /** Locked and password-protected pages (page types 103, 105). */
  pageLocks: PageLockService;
  forms: FormService;
  newsletter: NewsletterService;
  restock: RestockService;
  mailer: Mailer;
  outbox: OutboxService;
  emailBranding: EmailBrandingService;
  emailPreviews: EmailPreviewService;
  ownerProducts: OwnerProductsService;
  /** The product CSV import (preview, then import) and the product and order CSV exports (issue 23). */
  productImport: ProductImportService;
  productExport: ProductExportService;
  orderExport: OrderExportService;
  /** The owner's customers: members and guest orders merged by email, one customer's page, the CSV export (issue 24). */
  customers: CustomerService;
  /** Product images: uploads resized into the srcset widths, their order and alt text, the media files. */
  productImages: ProductImagesService;
  /** The owner's site settings: header/footer, languages, captcha keys, navigation and layout. */
  siteSettings: SiteSettingsService;
  /** The first owner's setup link and form (issue 23). */
  siteSetup: SiteSetupService;
  /** The owner's commerce preferences and store creation. */
  storeSetup: StoreSetupService;
  /** The owner's store settings, tax rules and coupons (issue 10 §2). */
  storeAdmin: StoreAdminService;
  templates: TemplateService;
  /** The header, footer and navigation every storefront page shows (cached, dropped on settingsChanged). */
  siteChrome: SiteChromeService;
  storefront: StorefrontService;
  /** /sitemap.xml (issue 23): the site's indexable pages, paged past 50,000 addresses. */
  sitemap: SitemapService;
  /** The owner's analytics over the daily rollups, and the live count of visitors (issue 11). */
  analyticsDashboard: AnalyticsDashboardService;
  /** Tracking ingestion (issue 11): the bounded queue, the batching writer; close() writes what is left. */
  analytics: AnalyticsIngest;
  /** The site's plan: checkout's refusal while it is closed, the admin's banner (issue 21). */
  plan: SitePlanService;
  /** The site's Stripe account (issue 22): keys checked with Stripe, secrets encrypted; none: test mode. */
  payments: PaymentAccountService;
  /** A checkout's payments through the provider: started with the stock held (issue 22). */
  checkoutPayments: CheckoutPaymentService;
  /** The order (or the refund) a succeeded payment makes, once. */
  paymentSettlement: PaymentSettlement;
  /** Stripe's webhooks: verified, stored once, processed with retries. */
  paymentEvents: PaymentEventService;
  /** Digital products' files and links, and the download grants of orders (issue 23). */
  downloads: DownloadServices;
}

/** What forms, waitlists and mail depend on (server/config.ts reads them); unset, development defaults. */
export interface ServiceOptions {
  captcha?: CaptchaVerifier;
  mailer?: Mailer;
  formLimits?: FormLimits;
  /** The site's address for links in emails (SITECART_PUBLIC_URL). */
  publicUrl?: string;
  now?: () => Date;
  /** Where sign-in and form limits count (Redis when REDIS_URL is set); the caller closes it. */
  limiters?: LimiterStore;
  /** Where product images are stored (MEDIA_DIR); unset (tests), a new temporary folder. */
  mediaDir?: string;
  /** Upload limits of product images (tests make them small). */
  imageLimits?: ImageLimits;
  /** The pay-later provider's modal address (PAY_LATER_MODAL_URL); unset, none. */
  payLaterModalUrl?: string | null;
  /** How the pay-later modal is fetched (tests answer for the provider). */
  fetchPage?: typeof fetch;
  /** The global tracking disable flag (issue 11). */
  tracking?: TrackingOptions;
  /** Tracking ingestion: the ids' secret, the queue bound, Redis, TRACKING_DISABLED (server/config.ts). */
  analytics?: AnalyticsOptions;
  /** The operator's billing links (BILLING_*); unset, the admin's plan screen. */
  billing?: BillingLinks;
  /** Reads the site's plan (the app: the site directory's cached record); unset, the Website row. */
  sitePlan?: SitePlanReader;
  /** PAYMENTS_ENCRYPTION_KEY and STRIPE_API_URL; unset, a random key for this process and Stripe itself. */
  payments?: PaymentOptions;
}

export function createServices({
  db: platformDb,
  pubsub,
  websiteId,
  options = {},
}: {
  db: Db;
  pubsub: StorePubSub;
  websiteId: string;
  options?: ServiceOptions;
}): Services {
  // On PostgreSQL every statement of these services runs under the site's row-level security.
  const db = siteClient(platformDb, websiteId);
  const settings = new StoreSettingsService(db, websiteId);
  settings.follow(pubsub);
  const definitions = new ProductDefinitions(db, websiteId);
  definitions.follow(pubsub);
  const viewCache = new CartViewCache();
  viewCache.follow(pubsub);
  const now = options.now ?? (() => new Date());
  const writer = new CartWriter(db, settings, pubsub, viewCache, now);
  const captcha = options.captcha ?? new RecaptchaVerifier();
  const memberAddresses = new MemberAddressService(db, websiteId);
  // A mailer handed in is shared by every site's services: its owner closes it, not stop().
  const ownMailer = options.mailer === undefined;
  const mailer = options.mailer ?? new Mailer(db, null, undefined, now);
  const publicUrl = (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, "");
  const newsletter = new NewsletterService(db, websiteId, mailer, publicUrl, now);
  const templates = new TemplateService(db, websiteId, pubsub);
  templates.follow();
  const siteChrome = new SiteChromeService(db, websiteId, pubsub, settings);
  siteChrome.follow();
  const plan = new SitePlanService(db, websiteId, options.billing, now, options.sitePlan);
  const stockHolds = new StockHoldService(db, websiteId, definitions, pubsub, now);
  const paymentOptions = options.payments ?? defaultPaymentOptions();
  const paymentAccounts = new PaymentAccountService(db, websiteId, paymentOptions);
  const savedCards = new SavedCardService(db, websiteId, paymentAccounts);
  const checkoutPayments = new CheckoutPaymentService(db, websiteId, paymentAccounts, publicUrl, stockHolds, savedCards, now);
  const orderPayments = new OrderPaymentService(db, websiteId, paymentAccounts);
  const checkout = new CheckoutService(db, settings, definitions, writer, pubsub, websiteId, mailer, publicUrl, plan, checkoutPayments, stockHolds, now);
  const paymentSettlement = new PaymentSettlement(
    db,
    websiteId,
    { payments: checkoutPayments, settings, definitions, stockHolds, writer, pubsub, mailer, publicUrl },
    now,
  );
  const paidRenewals = new PaidRenewals(db, websiteId, { savedCards, settings, definitions, mailer, stockHolds, pubsub, publicUrl });
  const subscriptions = new SubscriptionService(db, websiteId, now, paidRenewals);
  const limiters = options.limiters ?? new LimiterStore(null);
  const carts = new CartService(db, settings, definitions, writer, viewCache, plan, limiters, now);
  const sessions = new SessionService(db, websiteId, now, limiters);
  const pageLocks = new PageLockService(db, websiteId, pubsub, limiters);
  const analyticsSettings = new AnalyticsSettingsService(db, websiteId, pubsub, options.tracking);
  analyticsSettings.follow();
  const restock = new RestockService(db, websiteId, settings, captcha, mailer, newsletter, publicUrl, now);
  const orderRefunds = new OrderRefundService(db, websiteId, { pubsub, definitions, restock, payments: checkoutPayments, mailer }, now);
  const shipments = new ShipmentService(db, websiteId, { pubsub, mailer, publicUrl }, now);
  return {
    stop: () => {
      settings.stop();
      definitions.stop();
      viewCache.stop();
      templates.stop();
      siteChrome.stop();
      analyticsSettings.stop();
      if (ownMailer) mailer.close();
    },
    db,
    websiteId,
    settings,
    catalog: new CatalogService(db, websiteId, stockHolds),
    payLaterModal: new PayLaterModalService(options.payLaterModalUrl ?? null, options.fetchPage),
    carts,
    abandonedCheckouts: new AbandonedCheckoutService(db, websiteId, carts, mailer, publicUrl, now),
    stockHolds,
    checkout,
    subscriptions,
    subscriptionCards: new SubscriptionCardService(db, websiteId, savedCards, subscriptions),
    orders: new OrderAdminService(db, websiteId, pubsub, definitions, restock, orderRefunds, { shipments, mailer }, now),
    shipments,
    orderRefunds,
    orderStatusLinks: new OrderStatusLinkService(db, websiteId, { mailer, carts, publicUrl }, now),
    orderPayments,
    giftCardAdmin: new GiftCardAdminService(db, websiteId, mailer, now),
    ownerSubscriptions: new OwnerSubscriptionService(db, websiteId, now),
    ordersHome: new OwnerHomeService(db, websiteId, settings, pubsub, now),
    shippingZones: new ShippingZoneService(db, websiteId, pubsub),
    memberAddresses,
    people: new PeopleService(db, websiteId, mailer, publicUrl, now),
    sessions,
    accounts: new AccountService(db, websiteId, sessions, mailer, publicUrl, now, limiters),
    pageLocks,
    apiKeys: new ApiKeyService(db, websiteId, now),
    marketing: new MarketingService(db, websiteId, publicUrl, pubsub),
    analyticsSettings,
    forms: new FormService(db, websiteId, settings, captcha, mailer, newsletter, pubsub, definitions, options.formLimits ?? DEFAULT_FORM_LIMITS, now, limiters),
    newsletter,
    restock,
    mailer,
    outbox: new OutboxService(db, websiteId, mailer),
    emailBranding: new EmailBrandingService(db, websiteId, publicUrl),
    emailPreviews: new EmailPreviewService(db, websiteId, mailer, publicUrl),
    ownerProducts: new OwnerProductsService(db, websiteId, pubsub, definitions, restock),
    productImport: new ProductImportService(db, websiteId, pubsub, definitions, restock),
    productExport: new ProductExportService(db, websiteId, now),
    orderExport: new OrderExportService(db, websiteId, now),
    customers: new CustomerService(db, websiteId, memberAddresses, now),
    siteSettings: new SiteSettingsService(db, websiteId, pubsub, settings),
    siteSetup: new SiteSetupService(db, websiteId, sessions, pubsub, now, limiters),
    storeSetup: new StoreSetupService(db, websiteId, pubsub),
    storeAdmin: new StoreAdminService(db, websiteId, pubsub, settings, definitions),
    productImages: new ProductImagesService(
      db,
      websiteId,
      pubsub,
      options.mediaDir ?? mkdtempSync(join(tmpdir(), "sitecart-media-")),
      options.imageLimits ?? DEFAULT_IMAGE_LIMITS,
    ),
    templates,
    siteChrome,
    storefront: new StorefrontService(db, websiteId, settings, checkout, templates, siteChrome, pageLocks, stockHolds),
    sitemap: new SitemapService(db, websiteId, siteChrome, pageLocks),
    analyticsDashboard: new AnalyticsDashboardService(db, websiteId, settings, restock, now),
    analytics: new AnalyticsIngest(db, websiteId, settings, analyticsSettings, { now, ...options.analytics }),
    plan,
    payments: paymentAccounts,
    checkoutPayments,
    paymentSettlement,
    downloads: createDownloadServices(db, websiteId, options.mediaDir ?? mkdtempSync(join(tmpdir(), "sitecart-downloads-")), now),
    paymentEvents: new PaymentEventService(
      db,
      websiteId,
      paymentAccounts,
      checkoutPayments,
      paymentSettlement,
      { refunds: orderRefunds, disputes: new OrderDisputeService(db, websiteId, { mailer, pubsub, accounts: paymentAccounts }, now) },
      now,
    ),
  };
}
