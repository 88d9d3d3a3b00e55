-- AlterTable (written by hand: SQLite adds columns with a constant default in place, so the Website
-- table, which every other table references, is not rebuilt)
ALTER TABLE "Website" ADD COLUMN "scarcityThreshold" INTEGER NOT NULL DEFAULT 5;
ALTER TABLE "Website" ADD COLUMN "scarcityOnProductPages" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "Website" ADD COLUMN "scarcityInProductBlocks" BOOLEAN NOT NULL DEFAULT true;
