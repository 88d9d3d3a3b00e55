-- AlterTable
ALTER TABLE "Website" ADD COLUMN "sitePasswordHash" TEXT;

-- CreateTable
CREATE TABLE "PagePassword" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PagePassword_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "PagePassword_websiteId_path_key" ON "PagePassword"("websiteId", "path");

