-- AlterTable
ALTER TABLE "CartEntry" ADD COLUMN "giftMessage" TEXT;
ALTER TABLE "CartEntry" ADD COLUMN "giftRecipientEmail" TEXT;

-- CreateTable
CREATE TABLE "GiftCard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "initialBalance" INTEGER NOT NULL,
    "balance" INTEGER NOT NULL,
    "recipientEmail" TEXT NOT NULL,
    "message" TEXT,
    "orderId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GiftCard_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Subscription" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "accountId" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "variantId" INTEGER,
    "productName" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unitPrice" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "billingPeriodValue" INTEGER NOT NULL,
    "billingPeriodUnit" TEXT NOT NULL,
    "numBillingCycles" INTEGER NOT NULL DEFAULT 0,
    "state" TEXT NOT NULL DEFAULT 'ACTIVE',
    "cyclesBilled" INTEGER NOT NULL DEFAULT 1,
    "nextBillingAt" DATETIME NOT NULL,
    "skipNext" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Subscription_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    CONSTRAINT "Cart_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Cart" ("couponCodes", "created", "creatorCrumbHash", "currency", "id", "isPurchased", "kind", "orderId", "selectedShippingOptionId", "shippingCountry", "shippingPostalCode", "shippingRegion", "token", "updatedAt", "version", "websiteId") SELECT "couponCodes", "created", "creatorCrumbHash", "currency", "id", "isPurchased", "kind", "orderId", "selectedShippingOptionId", "shippingCountry", "shippingPostalCode", "shippingRegion", "token", "updatedAt", "version", "websiteId" FROM "Cart";
DROP TABLE "Cart";
ALTER TABLE "new_Cart" RENAME TO "Cart";
CREATE UNIQUE INDEX "Cart_token_key" ON "Cart"("token");
CREATE UNIQUE INDEX "Cart_orderId_key" ON "Cart"("orderId");
CREATE INDEX "Cart_creatorCrumbHash_idx" ON "Cart"("creatorCrumbHash");
CREATE TABLE "new_Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderNumber" INTEGER NOT NULL,
    "websiteId" TEXT NOT NULL,
    "purchasedCartId" TEXT NOT NULL,
    "testMode" BOOLEAN NOT NULL DEFAULT true,
    "customerEmail" TEXT,
    "currency" TEXT NOT NULL,
    "subtotal" INTEGER NOT NULL,
    "discountTotal" INTEGER NOT NULL,
    "taxTotal" INTEGER NOT NULL,
    "shippingTotal" INTEGER NOT NULL,
    "grandTotal" INTEGER NOT NULL,
    "shippingOption" TEXT,
    "shippingCountry" TEXT,
    "shippingRegion" TEXT,
    "shippingPostalCode" TEXT,
    "couponCodes" TEXT NOT NULL DEFAULT '[]',
    "giftCardTotal" INTEGER NOT NULL DEFAULT 0,
    "giftCardPayments" TEXT NOT NULL DEFAULT '[]',
    "subscriptionId" TEXT,
    "subscriptionCycle" INTEGER,
    "language" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'PLACED',
    "fulfilledAt" DATETIME,
    "cancelledAt" DATETIME,
    "refundedAt" DATETIME,
    "accountId" INTEGER,
    CONSTRAINT "Order_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("accountId", "cancelledAt", "couponCodes", "createdAt", "currency", "customerEmail", "discountTotal", "fulfilledAt", "grandTotal", "id", "language", "orderNumber", "purchasedCartId", "refundedAt", "shippingCountry", "shippingOption", "shippingPostalCode", "shippingRegion", "shippingTotal", "state", "subtotal", "taxTotal", "testMode", "websiteId") SELECT "accountId", "cancelledAt", "couponCodes", "createdAt", "currency", "customerEmail", "discountTotal", "fulfilledAt", "grandTotal", "id", "language", "orderNumber", "purchasedCartId", "refundedAt", "shippingCountry", "shippingOption", "shippingPostalCode", "shippingRegion", "shippingTotal", "state", "subtotal", "taxTotal", "testMode", "websiteId" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE UNIQUE INDEX "Order_purchasedCartId_key" ON "Order"("purchasedCartId");
CREATE INDEX "Order_websiteId_state_idx" ON "Order"("websiteId", "state");
CREATE INDEX "Order_websiteId_createdAt_idx" ON "Order"("websiteId", "createdAt");
CREATE INDEX "Order_accountId_createdAt_idx" ON "Order"("accountId", "createdAt");
CREATE UNIQUE INDEX "Order_websiteId_orderNumber_key" ON "Order"("websiteId", "orderNumber");
CREATE UNIQUE INDEX "Order_subscriptionId_subscriptionCycle_key" ON "Order"("subscriptionId", "subscriptionCycle");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "GiftCard_code_key" ON "GiftCard"("code");

-- CreateIndex
CREATE INDEX "GiftCard_orderId_idx" ON "GiftCard"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_orderId_key" ON "Subscription"("orderId");

-- CreateIndex
CREATE INDEX "Subscription_accountId_idx" ON "Subscription"("accountId");

-- CreateIndex
CREATE INDEX "Subscription_state_nextBillingAt_idx" ON "Subscription"("state", "nextBillingAt");

