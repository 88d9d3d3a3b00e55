-- CreateTable
CREATE TABLE "SiteSetupToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT,
    "createdAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    CONSTRAINT "SiteSetupToken_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "SiteSetupToken_tokenHash_key" ON "SiteSetupToken"("tokenHash");

-- CreateIndex
CREATE INDEX "SiteSetupToken_websiteId_idx" ON "SiteSetupToken"("websiteId");

