-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_GiftCard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "initialBalance" INTEGER NOT NULL,
    "balance" INTEGER NOT NULL,
    "recipientEmail" TEXT NOT NULL,
    "message" TEXT,
    "orderId" TEXT,
    "issuedBy" TEXT,
    "note" TEXT,
    "lastUsedAt" DATETIME,
    "disabledAt" DATETIME,
    "disabledReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GiftCard_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_GiftCard" ("balance", "code", "createdAt", "currency", "id", "initialBalance", "message", "orderId", "recipientEmail", "websiteId") SELECT "balance", "code", "createdAt", "currency", "id", "initialBalance", "message", "orderId", "recipientEmail", "websiteId" FROM "GiftCard";
DROP TABLE "GiftCard";
ALTER TABLE "new_GiftCard" RENAME TO "GiftCard";
CREATE UNIQUE INDEX "GiftCard_code_key" ON "GiftCard"("code");
CREATE INDEX "GiftCard_orderId_idx" ON "GiftCard"("orderId");
CREATE INDEX "GiftCard_websiteId_createdAt_idx" ON "GiftCard"("websiteId", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

