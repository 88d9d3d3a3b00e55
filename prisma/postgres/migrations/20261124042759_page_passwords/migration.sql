-- AlterTable
ALTER TABLE "Website" ADD COLUMN     "sitePasswordHash" TEXT;

-- CreateTable
CREATE TABLE "PagePassword" (
    "id" SERIAL NOT NULL,
    "websiteId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PagePassword_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PagePassword_websiteId_path_key" ON "PagePassword"("websiteId", "path");

-- AddForeignKey
ALTER TABLE "PagePassword" ADD CONSTRAINT "PagePassword_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

