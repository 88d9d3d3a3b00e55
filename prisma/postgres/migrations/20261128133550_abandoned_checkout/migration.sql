-- AlterTable
ALTER TABLE "Cart" ADD COLUMN     "contactAt" TIMESTAMP(3),
ADD COLUMN     "contactEmail" TEXT,
ADD COLUMN     "contactLanguage" TEXT,
ADD COLUMN     "contactMarketingConsent" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "recoveryTokenHash" TEXT,
ADD COLUMN     "reminderSentAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "AbandonedCheckoutSettings" (
    "websiteId" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "delayMinutes" INTEGER NOT NULL DEFAULT 60,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AbandonedCheckoutSettings_pkey" PRIMARY KEY ("websiteId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Cart_recoveryTokenHash_key" ON "Cart"("recoveryTokenHash");

-- CreateIndex
CREATE INDEX "Cart_websiteId_reminderSentAt_updatedAt_idx" ON "Cart"("websiteId", "reminderSentAt", "updatedAt");

-- AddForeignKey
ALTER TABLE "AbandonedCheckoutSettings" ADD CONSTRAINT "AbandonedCheckoutSettings_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security (issue 21): a site role sees its own reminder settings only.
ALTER TABLE "AbandonedCheckoutSettings" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "AbandonedCheckoutSettings" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
