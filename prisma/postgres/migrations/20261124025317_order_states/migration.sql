-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "cancelledAt" TIMESTAMP(3),
ADD COLUMN     "fulfilledAt" TIMESTAMP(3),
ADD COLUMN     "refundedAt" TIMESTAMP(3),
ADD COLUMN     "state" TEXT NOT NULL DEFAULT 'PLACED';

-- CreateIndex
CREATE INDEX "Order_websiteId_state_idx" ON "Order"("websiteId", "state");

-- CreateIndex
CREATE INDEX "Order_websiteId_createdAt_idx" ON "Order"("websiteId", "createdAt");

