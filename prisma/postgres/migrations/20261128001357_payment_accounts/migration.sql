-- CreateTable
CREATE TABLE "PaymentAccount" (
    "id" SERIAL NOT NULL,
    "websiteId" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'stripe',
    "mode" TEXT NOT NULL,
    "publishableKey" TEXT NOT NULL,
    "secretKeyCiphertext" TEXT NOT NULL,
    "webhookSecretCiphertext" TEXT,
    "accountId" TEXT NOT NULL,
    "country" TEXT,
    "defaultCurrency" TEXT,
    "connectedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PaymentAccount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAccount_websiteId_key" ON "PaymentAccount"("websiteId");

-- AddForeignKey
ALTER TABLE "PaymentAccount" ADD CONSTRAINT "PaymentAccount_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Row-level security (issue 21): a site's role sees only its own payment account.
ALTER TABLE "PaymentAccount" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "PaymentAccount" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
