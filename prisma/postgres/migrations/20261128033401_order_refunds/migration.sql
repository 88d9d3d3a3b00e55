-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "disputedAt" TIMESTAMP(3),
ADD COLUMN     "refundedAmount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "OrderRefund" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderRefund_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OrderRefund_providerRefundId_key" ON "OrderRefund"("providerRefundId");

-- CreateIndex
CREATE INDEX "OrderRefund_websiteId_orderId_idx" ON "OrderRefund"("websiteId", "orderId");

-- AddForeignKey
ALTER TABLE "OrderRefund" ADD CONSTRAINT "OrderRefund_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderRefund" ADD CONSTRAINT "OrderRefund_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Issue 22: a site's refunds are its own rows.
ALTER TABLE "OrderRefund" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "OrderRefund" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
