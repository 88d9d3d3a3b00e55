-- AlterTable
ALTER TABLE "Cart" ADD COLUMN     "creatorCrumbHash" TEXT;

-- CreateIndex
CREATE INDEX "Cart_creatorCrumbHash_idx" ON "Cart"("creatorCrumbHash");

