-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "paymentIntentId" TEXT;

-- CreateTable
CREATE TABLE "StockHold" (
    "id" SERIAL NOT NULL,
    "websiteId" TEXT NOT NULL,
    "cartId" TEXT NOT NULL,
    "variantId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockHold_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CheckoutPayment" (
    "id" TEXT NOT NULL,
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
    "holdExpiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CheckoutPayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentEvent" (
    "id" SERIAL NOT NULL,
    "websiteId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastTriedAt" TIMESTAMP(3),
    "lastError" TEXT,

    CONSTRAINT "PaymentEvent_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "StockHold" ADD CONSTRAINT "StockHold_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckoutPayment" ADD CONSTRAINT "CheckoutPayment_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentEvent" ADD CONSTRAINT "PaymentEvent_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Row-level security (issue 21): each site's role sees only its site's rows.
ALTER TABLE "StockHold" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "StockHold" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "CheckoutPayment" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "CheckoutPayment" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "PaymentEvent" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "PaymentEvent" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
