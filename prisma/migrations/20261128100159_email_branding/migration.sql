-- AlterTable
ALTER TABLE "OutboxEmail" ADD COLUMN "htmlBody" TEXT;
ALTER TABLE "OutboxEmail" ADD COLUMN "replyTo" TEXT;

-- CreateTable
CREATE TABLE "EmailBranding" (
    "websiteId" TEXT NOT NULL PRIMARY KEY,
    "storeName" TEXT,
    "logoUrl" TEXT,
    "accentColor" TEXT,
    "replyTo" TEXT,
    "footerText" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EmailBranding_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

