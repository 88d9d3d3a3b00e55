-- CreateTable
CREATE TABLE "SiteDomain" (
    "host" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "primary" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SiteDomain_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Website" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "timeZone" TEXT NOT NULL DEFAULT 'America/New_York',
    "captchaSiteKey" TEXT,
    "captchaSecretKey" TEXT,
    "multilingualConnected" BOOLEAN NOT NULL DEFAULT false,
    "multilingualTransactionalEmails" BOOLEAN NOT NULL DEFAULT false,
    "defaultLanguage" TEXT NOT NULL DEFAULT 'en-US',
    "multipleQuantityAllowedForServices" BOOLEAN NOT NULL DEFAULT true,
    "checkoutMinimumSubtotal" INTEGER NOT NULL DEFAULT 0,
    "expressCheckout" BOOLEAN NOT NULL DEFAULT false,
    "payLaterEnabled" BOOLEAN NOT NULL DEFAULT true,
    "payLaterMin" INTEGER NOT NULL DEFAULT 3500,
    "payLaterMax" INTEGER NOT NULL DEFAULT 200000,
    "paymentAccountCountry" TEXT NOT NULL DEFAULT 'US',
    "scarcityThreshold" INTEGER NOT NULL DEFAULT 5,
    "scarcityOnProductPages" BOOLEAN NOT NULL DEFAULT true,
    "scarcityInProductBlocks" BOOLEAN NOT NULL DEFAULT true,
    "sitePasswordHash" TEXT,
    "nextOrderNumber" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "slug" TEXT,
    "status" INTEGER NOT NULL DEFAULT 8,
    "statusChangedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "trialEndsAt" DATETIME
);
INSERT INTO "new_Website" ("captchaSecretKey", "captchaSiteKey", "checkoutMinimumSubtotal", "createdAt", "currency", "defaultLanguage", "expressCheckout", "id", "multilingualConnected", "multilingualTransactionalEmails", "multipleQuantityAllowedForServices", "nextOrderNumber", "payLaterEnabled", "payLaterMax", "payLaterMin", "paymentAccountCountry", "scarcityInProductBlocks", "scarcityOnProductPages", "scarcityThreshold", "sitePasswordHash", "timeZone", "title") SELECT "captchaSecretKey", "captchaSiteKey", "checkoutMinimumSubtotal", "createdAt", "currency", "defaultLanguage", "expressCheckout", "id", "multilingualConnected", "multilingualTransactionalEmails", "multipleQuantityAllowedForServices", "nextOrderNumber", "payLaterEnabled", "payLaterMax", "payLaterMin", "paymentAccountCountry", "scarcityInProductBlocks", "scarcityOnProductPages", "scarcityThreshold", "sitePasswordHash", "timeZone", "title" FROM "Website";
DROP TABLE "Website";
ALTER TABLE "new_Website" RENAME TO "Website";
CREATE UNIQUE INDEX "Website_slug_key" ON "Website"("slug");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "SiteDomain_websiteId_idx" ON "SiteDomain"("websiteId");

