-- CreateTable
CREATE TABLE "SiteSetupToken" (
    "id" TEXT NOT NULL,
    "websiteId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "SiteSetupToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SiteSetupToken_tokenHash_key" ON "SiteSetupToken"("tokenHash");

-- CreateIndex
CREATE INDEX "SiteSetupToken_websiteId_idx" ON "SiteSetupToken"("websiteId");

-- AddForeignKey
ALTER TABLE "SiteSetupToken" ADD CONSTRAINT "SiteSetupToken_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Issue 23: a site's setup links are its own rows.
ALTER TABLE "SiteSetupToken" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "SiteSetupToken" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
