-- CreateTable
CREATE TABLE "AbandonedCheckoutSettings" (
    "websiteId" TEXT NOT NULL PRIMARY KEY,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "delayMinutes" INTEGER NOT NULL DEFAULT 60,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AbandonedCheckoutSettings_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Cart" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "websiteId" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'STANDARD',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "created" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "isPurchased" BOOLEAN NOT NULL DEFAULT false,
    "orderId" TEXT,
    "selectedShippingOptionId" INTEGER,
    "shippingCountry" TEXT,
    "shippingRegion" TEXT,
    "shippingPostalCode" TEXT,
    "couponCodes" TEXT NOT NULL DEFAULT '[]',
    "giftCardCodes" TEXT NOT NULL DEFAULT '[]',
    "creatorCrumbHash" TEXT,
    "contactEmail" TEXT,
    "contactMarketingConsent" BOOLEAN NOT NULL DEFAULT false,
    "contactLanguage" TEXT,
    "contactAt" DATETIME,
    "reminderSentAt" DATETIME,
    "recoveryTokenHash" TEXT,
    CONSTRAINT "Cart_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Cart" ("couponCodes", "created", "creatorCrumbHash", "currency", "giftCardCodes", "id", "isPurchased", "kind", "orderId", "selectedShippingOptionId", "shippingCountry", "shippingPostalCode", "shippingRegion", "token", "updatedAt", "version", "websiteId") SELECT "couponCodes", "created", "creatorCrumbHash", "currency", "giftCardCodes", "id", "isPurchased", "kind", "orderId", "selectedShippingOptionId", "shippingCountry", "shippingPostalCode", "shippingRegion", "token", "updatedAt", "version", "websiteId" FROM "Cart";
DROP TABLE "Cart";
ALTER TABLE "new_Cart" RENAME TO "Cart";
CREATE UNIQUE INDEX "Cart_token_key" ON "Cart"("token");
CREATE UNIQUE INDEX "Cart_orderId_key" ON "Cart"("orderId");
CREATE UNIQUE INDEX "Cart_recoveryTokenHash_key" ON "Cart"("recoveryTokenHash");
CREATE INDEX "Cart_creatorCrumbHash_idx" ON "Cart"("creatorCrumbHash");
CREATE INDEX "Cart_websiteId_reminderSentAt_updatedAt_idx" ON "Cart"("websiteId", "reminderSentAt", "updatedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

