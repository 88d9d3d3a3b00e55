-- AlterTable
ALTER TABLE "Cart" ADD COLUMN     "giftCardCodes" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "CartEntry" ADD COLUMN     "giftMessage" TEXT,
ADD COLUMN     "giftRecipientEmail" TEXT;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "giftCardPayments" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "giftCardTotal" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "subscriptionCycle" INTEGER,
ADD COLUMN     "subscriptionId" TEXT;

-- CreateTable
CREATE TABLE "GiftCard" (
    "id" TEXT NOT NULL,
    "websiteId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "initialBalance" INTEGER NOT NULL,
    "balance" INTEGER NOT NULL,
    "recipientEmail" TEXT NOT NULL,
    "message" TEXT,
    "orderId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GiftCard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Subscription" (
    "id" TEXT NOT NULL,
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
    "nextBillingAt" TIMESTAMP(3) NOT NULL,
    "skipNext" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Subscription_pkey" PRIMARY KEY ("id")
);

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

-- CreateIndex
CREATE UNIQUE INDEX "Order_subscriptionId_subscriptionCycle_key" ON "Order"("subscriptionId", "subscriptionCycle");

-- AddForeignKey
ALTER TABLE "GiftCard" ADD CONSTRAINT "GiftCard_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

