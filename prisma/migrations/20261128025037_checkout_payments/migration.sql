-- AlterTable
ALTER TABLE "Order" ADD COLUMN "paymentIntentId" TEXT;

-- CreateTable
CREATE TABLE "StockHold" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "cartId" TEXT NOT NULL,
    "variantId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StockHold_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CheckoutPayment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "cartId" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'stripe',
    "paymentIntentId" TEXT,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "checkout" TEXT NOT NULL,
    "orderId" TEXT,
    "failureMessage" TEXT,
    "holdExpiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CheckoutPayment_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PaymentEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastTriedAt" DATETIME,
    "lastError" TEXT,
    CONSTRAINT "PaymentEvent_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "StockHold_variantId_expiresAt_idx" ON "StockHold"("variantId", "expiresAt");

-- CreateIndex
CREATE INDEX "StockHold_cartId_idx" ON "StockHold"("cartId");

-- CreateIndex
CREATE INDEX "StockHold_websiteId_expiresAt_idx" ON "StockHold"("websiteId", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "CheckoutPayment_paymentIntentId_key" ON "CheckoutPayment"("paymentIntentId");

-- CreateIndex
CREATE UNIQUE INDEX "CheckoutPayment_orderId_key" ON "CheckoutPayment"("orderId");

-- CreateIndex
CREATE INDEX "CheckoutPayment_websiteId_status_idx" ON "CheckoutPayment"("websiteId", "status");

-- CreateIndex
CREATE INDEX "CheckoutPayment_cartId_idx" ON "CheckoutPayment"("cartId");

-- CreateIndex
CREATE INDEX "PaymentEvent_websiteId_processedAt_idx" ON "PaymentEvent"("websiteId", "processedAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentEvent_websiteId_eventId_key" ON "PaymentEvent"("websiteId", "eventId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_paymentIntentId_key" ON "Order"("paymentIntentId");

