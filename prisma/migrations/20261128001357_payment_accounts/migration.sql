-- CreateTable
CREATE TABLE "PaymentAccount" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'stripe',
    "mode" TEXT NOT NULL,
    "publishableKey" TEXT NOT NULL,
    "secretKeyCiphertext" TEXT NOT NULL,
    "webhookSecretCiphertext" TEXT,
    "accountId" TEXT NOT NULL,
    "country" TEXT,
    "defaultCurrency" TEXT,
    "connectedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PaymentAccount_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAccount_websiteId_key" ON "PaymentAccount"("websiteId");

