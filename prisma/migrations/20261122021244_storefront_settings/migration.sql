-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Website" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "timeZone" TEXT NOT NULL DEFAULT 'America/New_York',
    "captchaSiteKey" TEXT,
    "captchaSecretKey" TEXT,
    "multilingualConnected" BOOLEAN NOT NULL DEFAULT false,
    "multilingualTransactionalEmails" BOOLEAN NOT NULL DEFAULT false,
    "defaultLanguage" TEXT NOT NULL DEFAULT 'en-US',
    "multipleQuantityAllowedForServices" BOOLEAN NOT NULL DEFAULT true,
    "checkoutMinimumSubtotal" INTEGER NOT NULL DEFAULT 0,
    "expressCheckout" BOOLEAN NOT NULL DEFAULT false,
    "payLaterEnabled" BOOLEAN NOT NULL DEFAULT true,
    "payLaterMin" INTEGER NOT NULL DEFAULT 3500,
    "payLaterMax" INTEGER NOT NULL DEFAULT 200000,
    "paymentAccountCountry" TEXT NOT NULL DEFAULT 'US',
    "nextOrderNumber" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_Website" ("captchaSecretKey", "captchaSiteKey", "checkoutMinimumSubtotal", "createdAt", "currency", "defaultLanguage", "id", "multilingualConnected", "multilingualTransactionalEmails", "multipleQuantityAllowedForServices", "nextOrderNumber", "timeZone", "title") SELECT "captchaSecretKey", "captchaSiteKey", "checkoutMinimumSubtotal", "createdAt", "currency", "defaultLanguage", "id", "multilingualConnected", "multilingualTransactionalEmails", "multipleQuantityAllowedForServices", "nextOrderNumber", "timeZone", "title" FROM "Website";
DROP TABLE "Website";
ALTER TABLE "new_Website" RENAME TO "Website";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

