-- AlterTable
ALTER TABLE "OutboxEmail" ADD COLUMN     "htmlBody" TEXT,
ADD COLUMN     "replyTo" TEXT;

-- CreateTable
CREATE TABLE "EmailBranding" (
    "websiteId" TEXT NOT NULL,
    "storeName" TEXT,
    "logoUrl" TEXT,
    "accentColor" TEXT,
    "replyTo" TEXT,
    "footerText" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EmailBranding_pkey" PRIMARY KEY ("websiteId")
);

-- AddForeignKey
ALTER TABLE "EmailBranding" ADD CONSTRAINT "EmailBranding_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Row-level security (issue 21): a site role sees its own branding only.
ALTER TABLE "EmailBranding" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "EmailBranding" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
