-- CreateTable
CREATE TABLE "DigitalFile" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "storageKey" TEXT,
    "contentType" TEXT,
    "byteSize" INTEGER,
    "url" TEXT,
    "position" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DigitalFile_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DigitalFile_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DownloadGrant" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderItemId" INTEGER NOT NULL,
    "digitalFileId" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "downloadLimit" INTEGER NOT NULL,
    "downloadCount" INTEGER NOT NULL DEFAULT 0,
    "lastDownloadAt" DATETIME,
    "renewedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DownloadGrant_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DownloadGrant_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DownloadGrant_digitalFileId_fkey" FOREIGN KEY ("digitalFileId") REFERENCES "DigitalFile" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DownloadSettings" (
    "websiteId" TEXT NOT NULL PRIMARY KEY,
    "linkSecret" TEXT NOT NULL,
    "expiryHours" INTEGER NOT NULL DEFAULT 24,
    "downloadLimit" INTEGER NOT NULL DEFAULT 5,
    CONSTRAINT "DownloadSettings_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "DigitalFile_storageKey_key" ON "DigitalFile"("storageKey");

-- CreateIndex
CREATE INDEX "DigitalFile_websiteId_productId_position_idx" ON "DigitalFile"("websiteId", "productId", "position");

-- CreateIndex
CREATE INDEX "DownloadGrant_websiteId_orderId_idx" ON "DownloadGrant"("websiteId", "orderId");

-- CreateIndex
CREATE INDEX "DownloadGrant_digitalFileId_idx" ON "DownloadGrant"("digitalFileId");

