-- AlterTable
ALTER TABLE "Website" ADD COLUMN     "scarcityInProductBlocks" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "scarcityOnProductPages" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "scarcityThreshold" INTEGER NOT NULL DEFAULT 5;

