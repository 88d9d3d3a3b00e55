-- AlterTable
ALTER TABLE "ProductTranslation" ADD COLUMN     "optionValues" TEXT NOT NULL DEFAULT '{}';

