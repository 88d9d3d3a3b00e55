-- AlterTable
ALTER TABLE "GiftCard" ADD COLUMN     "disabledAt" TIMESTAMP(3),
ADD COLUMN     "disabledReason" TEXT,
ADD COLUMN     "issuedBy" TEXT,
ADD COLUMN     "lastUsedAt" TIMESTAMP(3),
ADD COLUMN     "note" TEXT,
ALTER COLUMN "orderId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "GiftCard_websiteId_createdAt_idx" ON "GiftCard"("websiteId", "createdAt");

