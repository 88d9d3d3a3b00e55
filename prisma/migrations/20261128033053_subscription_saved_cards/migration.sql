-- AlterTable
ALTER TABLE "Account" ADD COLUMN "stripeCustomerId" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Subscription" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "accountId" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "variantId" INTEGER,
    "productName" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unitPrice" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "billingPeriodValue" INTEGER NOT NULL,
    "billingPeriodUnit" TEXT NOT NULL,
    "numBillingCycles" INTEGER NOT NULL DEFAULT 0,
    "state" TEXT NOT NULL DEFAULT 'ACTIVE',
    "cyclesBilled" INTEGER NOT NULL DEFAULT 1,
    "nextBillingAt" DATETIME NOT NULL,
    "skipNext" BOOLEAN NOT NULL DEFAULT false,
    "paymentCustomerId" TEXT,
    "paymentMethodId" TEXT,
    "renewalFailures" INTEGER NOT NULL DEFAULT 0,
    "firstFailedAt" DATETIME,
    "retryAt" DATETIME,
    "failureMessage" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Subscription_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Subscription" ("accountId", "billingPeriodUnit", "billingPeriodValue", "createdAt", "currency", "cyclesBilled", "id", "nextBillingAt", "numBillingCycles", "orderId", "productId", "productName", "quantity", "skipNext", "state", "unitPrice", "updatedAt", "variantId", "websiteId") SELECT "accountId", "billingPeriodUnit", "billingPeriodValue", "createdAt", "currency", "cyclesBilled", "id", "nextBillingAt", "numBillingCycles", "orderId", "productId", "productName", "quantity", "skipNext", "state", "unitPrice", "updatedAt", "variantId", "websiteId" FROM "Subscription";
DROP TABLE "Subscription";
ALTER TABLE "new_Subscription" RENAME TO "Subscription";
CREATE UNIQUE INDEX "Subscription_orderId_key" ON "Subscription"("orderId");
CREATE INDEX "Subscription_accountId_idx" ON "Subscription"("accountId");
CREATE INDEX "Subscription_state_nextBillingAt_idx" ON "Subscription"("state", "nextBillingAt");
CREATE INDEX "Subscription_state_retryAt_idx" ON "Subscription"("state", "retryAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

