-- AlterTable
ALTER TABLE "Coupon" ADD COLUMN     "startsAt" TIMESTAMP(3),
ADD COLUMN     "timesUsed" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "usageLimit" INTEGER;

