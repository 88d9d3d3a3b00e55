-- CreateTable
CREATE TABLE "DigitalFile" (
    "id" SERIAL NOT NULL,
    "websiteId" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "storageKey" TEXT,
    "contentType" TEXT,
    "byteSize" INTEGER,
    "url" TEXT,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DigitalFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DownloadGrant" (
    "id" TEXT NOT NULL,
    "websiteId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderItemId" INTEGER NOT NULL,
    "digitalFileId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "downloadLimit" INTEGER NOT NULL,
    "downloadCount" INTEGER NOT NULL DEFAULT 0,
    "lastDownloadAt" TIMESTAMP(3),
    "renewedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DownloadGrant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DownloadSettings" (
    "websiteId" TEXT NOT NULL,
    "linkSecret" TEXT NOT NULL,
    "expiryHours" INTEGER NOT NULL DEFAULT 24,
    "downloadLimit" INTEGER NOT NULL DEFAULT 5,

    CONSTRAINT "DownloadSettings_pkey" PRIMARY KEY ("websiteId")
);

-- CreateIndex
CREATE UNIQUE INDEX "DigitalFile_storageKey_key" ON "DigitalFile"("storageKey");

-- CreateIndex
CREATE INDEX "DigitalFile_websiteId_productId_position_idx" ON "DigitalFile"("websiteId", "productId", "position");

-- CreateIndex
CREATE INDEX "DownloadGrant_websiteId_orderId_idx" ON "DownloadGrant"("websiteId", "orderId");

-- CreateIndex
CREATE INDEX "DownloadGrant_digitalFileId_idx" ON "DownloadGrant"("digitalFileId");

-- AddForeignKey
ALTER TABLE "DigitalFile" ADD CONSTRAINT "DigitalFile_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DigitalFile" ADD CONSTRAINT "DigitalFile_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DownloadGrant" ADD CONSTRAINT "DownloadGrant_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DownloadGrant" ADD CONSTRAINT "DownloadGrant_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DownloadGrant" ADD CONSTRAINT "DownloadGrant_digitalFileId_fkey" FOREIGN KEY ("digitalFileId") REFERENCES "DigitalFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DownloadSettings" ADD CONSTRAINT "DownloadSettings_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Issue 23: a site's digital files, download grants and download settings are its own rows.
ALTER TABLE "DigitalFile" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "DigitalFile" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "DownloadGrant" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "DownloadGrant" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "DownloadSettings" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "DownloadSettings" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
