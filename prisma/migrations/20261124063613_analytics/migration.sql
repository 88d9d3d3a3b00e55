-- CreateTable
CREATE TABLE "AnalyticsEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "occurredAt" DATETIME NOT NULL,
    "kind" TEXT NOT NULL,
    "visitorKey" TEXT NOT NULL,
    "sessionKey" TEXT NOT NULL,
    "path" TEXT,
    "referrer" TEXT,
    "productId" INTEGER,
    "variantId" INTEGER,
    "formKey" TEXT,
    "orderId" TEXT,
    "quantity" INTEGER,
    "amountCents" INTEGER,
    "currency" TEXT,
    "data" TEXT
);

-- CreateTable
CREATE TABLE "AnalyticsDay" (
    "websiteId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,
    "visitors" INTEGER NOT NULL DEFAULT 0,
    "pageViews" INTEGER NOT NULL DEFAULT 0,
    "productViewSessions" INTEGER NOT NULL DEFAULT 0,
    "addToCartSessions" INTEGER NOT NULL DEFAULT 0,
    "checkoutSessions" INTEGER NOT NULL DEFAULT 0,
    "orderSessions" INTEGER NOT NULL DEFAULT 0,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "revenueCents" INTEGER NOT NULL DEFAULT 0,
    "formViews" INTEGER NOT NULL DEFAULT 0,
    "formSubmissions" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("websiteId", "day")
);

-- CreateTable
CREATE TABLE "AnalyticsProductDay" (
    "websiteId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "adds" INTEGER NOT NULL DEFAULT 0,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "unitsSold" INTEGER NOT NULL DEFAULT 0,
    "revenueCents" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("websiteId", "day", "productId")
);

-- CreateTable
CREATE TABLE "AnalyticsFormDay" (
    "websiteId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "formKey" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "submissions" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("websiteId", "day", "formKey")
);

-- CreateTable
CREATE TABLE "AnalyticsVisitorDay" (
    "websiteId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "visitorKey" TEXT NOT NULL,

    PRIMARY KEY ("websiteId", "day", "visitorKey")
);

-- CreateTable
CREATE TABLE "AnalyticsSettings" (
    "websiteId" TEXT NOT NULL PRIMARY KEY,
    "cookieBannerEnabled" BOOLEAN NOT NULL DEFAULT false,
    "cookiePolicy" TEXT NOT NULL DEFAULT 'permissive',
    "retentionDays" INTEGER NOT NULL DEFAULT 395,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AnalyticsSettings_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "AnalyticsEvent_websiteId_day_idx" ON "AnalyticsEvent"("websiteId", "day");

-- CreateIndex
CREATE INDEX "AnalyticsEvent_websiteId_occurredAt_idx" ON "AnalyticsEvent"("websiteId", "occurredAt");

-- CreateIndex
CREATE INDEX "AnalyticsEvent_visitorKey_idx" ON "AnalyticsEvent"("visitorKey");

-- CreateIndex
CREATE INDEX "AnalyticsProductDay_websiteId_productId_idx" ON "AnalyticsProductDay"("websiteId", "productId");

