-- CreateTable
CREATE TABLE "OrderRefund" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "lines" TEXT NOT NULL DEFAULT '[]',
    "reason" TEXT,
    "restocked" BOOLEAN NOT NULL DEFAULT false,
    "providerRefundId" TEXT,
    "source" TEXT NOT NULL,
    "createdBy" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderRefund_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OrderRefund_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "paymentIntentId" TEXT,
    "refundedAmount" INTEGER NOT NULL DEFAULT 0,
    "disputedAt" DATETIME,
    CONSTRAINT "Order_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("accountId", "cancelledAt", "couponCodes", "createdAt", "currency", "customerEmail", "discountTotal", "fulfilledAt", "giftCardPayments", "giftCardTotal", "grandTotal", "id", "language", "orderNumber", "paymentIntentId", "purchasedCartId", "refundedAt", "shippingCountry", "shippingOption", "shippingPostalCode", "shippingRegion", "shippingTotal", "state", "subscriptionCycle", "subscriptionId", "subtotal", "taxTotal", "testMode", "websiteId") SELECT "accountId", "cancelledAt", "couponCodes", "createdAt", "currency", "customerEmail", "discountTotal", "fulfilledAt", "giftCardPayments", "giftCardTotal", "grandTotal", "id", "language", "orderNumber", "paymentIntentId", "purchasedCartId", "refundedAt", "shippingCountry", "shippingOption", "shippingPostalCode", "shippingRegion", "shippingTotal", "state", "subscriptionCycle", "subscriptionId", "subtotal", "taxTotal", "testMode", "websiteId" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE UNIQUE INDEX "Order_purchasedCartId_key" ON "Order"("purchasedCartId");
CREATE UNIQUE INDEX "Order_paymentIntentId_key" ON "Order"("paymentIntentId");
CREATE INDEX "Order_websiteId_state_idx" ON "Order"("websiteId", "state");
CREATE INDEX "Order_websiteId_createdAt_idx" ON "Order"("websiteId", "createdAt");
CREATE INDEX "Order_accountId_createdAt_idx" ON "Order"("accountId", "createdAt");
CREATE UNIQUE INDEX "Order_websiteId_orderNumber_key" ON "Order"("websiteId", "orderNumber");
CREATE UNIQUE INDEX "Order_subscriptionId_subscriptionCycle_key" ON "Order"("subscriptionId", "subscriptionCycle");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "OrderRefund_providerRefundId_key" ON "OrderRefund"("providerRefundId");

-- CreateIndex
CREATE INDEX "OrderRefund_websiteId_orderId_idx" ON "OrderRefund"("websiteId", "orderId");

