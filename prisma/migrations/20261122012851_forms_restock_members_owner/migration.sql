-- AlterTable
ALTER TABLE "Account" ADD COLUMN "cartId" TEXT;
ALTER TABLE "Account" ADD COLUMN "locale" TEXT;

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tokenHash" TEXT NOT NULL,
    "xsrfTokenHash" TEXT NOT NULL,
    "accountId" INTEGER NOT NULL,
    "rememberMe" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "revokedAt" DATETIME,
    CONSTRAINT "Session_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FormSubmissionKey" (
    "keyHash" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "crumbHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "submissionId" TEXT
);

-- CreateTable
CREATE TABLE "FormSubmission" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "formId" INTEGER,
    "formName" TEXT NOT NULL,
    "answers" TEXT NOT NULL,
    "answersHash" TEXT NOT NULL,
    "email" TEXT,
    "pageTitle" TEXT,
    "pageId" TEXT,
    "contentSource" TEXT,
    "pagePath" TEXT,
    "pagePermissionTypeValue" INTEGER,
    "spam" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FormSubmission_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FormSubmission_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SubmissionFingerprint" (
    "formId" INTEGER NOT NULL,
    "answersHash" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,

    PRIMARY KEY ("formId", "answersHash")
);

-- CreateTable
CREATE TABLE "MailingList" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MailingList_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MailingListSignUp" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "mailingListId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "confirmTokenHash" TEXT,
    "confirmationSentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmedAt" DATETIME,
    CONSTRAINT "MailingListSignUp_mailingListId_fkey" FOREIGN KEY ("mailingListId") REFERENCES "MailingList" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ConsentRecord" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "signUpId" INTEGER NOT NULL,
    "level" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "pagePath" TEXT,
    "pageTitle" TEXT,
    "consentText" TEXT,
    "formSubmissionId" TEXT,
    "restockSignUpId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ConsentRecord_signUpId_fkey" FOREIGN KEY ("signUpId") REFERENCES "MailingListSignUp" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SubscribeEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "mailingListId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "formId" INTEGER,
    "formSubmissionId" TEXT,
    "pagePath" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SubscribeEvent_mailingListId_fkey" FOREIGN KEY ("mailingListId") REFERENCES "MailingList" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RestockSignUp" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "variantId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "isJoinMailingList" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT,
    "status" TEXT NOT NULL DEFAULT 'RECEIVED',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "notifiedAt" DATETIME,
    "purchasedAt" DATETIME,
    "orderId" TEXT,
    CONSTRAINT "RestockSignUp_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RestockSignUp_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RestockSignUp_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "Variant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OutboxEmail" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "toEmail" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "textBody" TEXT NOT NULL,
    "language" TEXT,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" DATETIME,
    CONSTRAINT "OutboxEmail_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CaptchaTokenUse" (
    "tokenHash" TEXT NOT NULL PRIMARY KEY,
    "usedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "SiteHeaderFooter" (
    "websiteId" TEXT NOT NULL PRIMARY KEY,
    "header" TEXT NOT NULL DEFAULT '{}',
    "footer" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SiteHeaderFooter_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SiteLanguage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "SiteLanguage_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Navigation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "fieldName" TEXT NOT NULL,
    "templateId" TEXT,
    "items" TEXT NOT NULL DEFAULT '[]',
    "position" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Navigation_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CommercePreference" (
    "websiteId" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "preferences" TEXT NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("websiteId", "namespace"),
    CONSTRAINT "CommercePreference_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StoreCategory" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "collectionId" INTEGER NOT NULL,
    "parentCategoryId" INTEGER,
    "displayName" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "pageRendering" TEXT NOT NULL,
    "displayIndex" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StoreCategory_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

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
    "nextOrderNumber" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_Website" ("captchaSiteKey", "checkoutMinimumSubtotal", "createdAt", "currency", "id", "multipleQuantityAllowedForServices", "nextOrderNumber", "timeZone", "title") SELECT "captchaSiteKey", "checkoutMinimumSubtotal", "createdAt", "currency", "id", "multipleQuantityAllowedForServices", "nextOrderNumber", "timeZone", "title" FROM "Website";
DROP TABLE "Website";
ALTER TABLE "new_Website" RENAME TO "Website";
CREATE TABLE "new_Collection" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "urlId" TEXT NOT NULL,
    "type" INTEGER NOT NULL DEFAULT 13,
    "navigationTitle" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Collection_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Collection" ("createdAt", "id", "title", "type", "urlId", "websiteId") SELECT "createdAt", "id", "title", "type", "urlId", "websiteId" FROM "Collection";
DROP TABLE "Collection";
ALTER TABLE "new_Collection" RENAME TO "Collection";
CREATE UNIQUE INDEX "Collection_websiteId_urlId_key" ON "Collection"("websiteId", "urlId");
CREATE TABLE "new_Form" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fields" TEXT NOT NULL DEFAULT '[]',
    "submissionMessage" TEXT NOT NULL DEFAULT '',
    "disclaimer" TEXT,
    "successRedirect" TEXT,
    "kind" TEXT NOT NULL DEFAULT 'FORM',
    "mailingListId" INTEGER,
    "captchaEnabled" BOOLEAN NOT NULL DEFAULT true,
    "postSubmitHtml" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Form_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Form_mailingListId_fkey" FOREIGN KEY ("mailingListId") REFERENCES "MailingList" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Form" ("createdAt", "disclaimer", "fields", "id", "key", "name", "submissionMessage", "successRedirect", "updatedAt", "websiteId") SELECT "createdAt", "disclaimer", "fields", "id", "key", "name", "submissionMessage", "successRedirect", "updatedAt", "websiteId" FROM "Form";
DROP TABLE "Form";
ALTER TABLE "new_Form" RENAME TO "Form";
CREATE UNIQUE INDEX "Form_websiteId_key_key" ON "Form"("websiteId", "key");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");

-- CreateIndex
CREATE INDEX "Session_accountId_idx" ON "Session"("accountId");

-- CreateIndex
CREATE INDEX "FormSubmissionKey_expiresAt_idx" ON "FormSubmissionKey"("expiresAt");

-- CreateIndex
CREATE INDEX "FormSubmission_formId_createdAt_idx" ON "FormSubmission"("formId", "createdAt");

-- CreateIndex
CREATE INDEX "FormSubmission_websiteId_createdAt_idx" ON "FormSubmission"("websiteId", "createdAt");

-- CreateIndex
CREATE INDEX "FormSubmission_email_createdAt_idx" ON "FormSubmission"("email", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "MailingList_websiteId_name_key" ON "MailingList"("websiteId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "MailingListSignUp_confirmTokenHash_key" ON "MailingListSignUp"("confirmTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "MailingListSignUp_mailingListId_email_key" ON "MailingListSignUp"("mailingListId", "email");

-- CreateIndex
CREATE INDEX "ConsentRecord_signUpId_idx" ON "ConsentRecord"("signUpId");

-- CreateIndex
CREATE INDEX "SubscribeEvent_mailingListId_createdAt_idx" ON "SubscribeEvent"("mailingListId", "createdAt");

-- CreateIndex
CREATE INDEX "RestockSignUp_variantId_status_createdAt_idx" ON "RestockSignUp"("variantId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "RestockSignUp_websiteId_productId_variantId_idx" ON "RestockSignUp"("websiteId", "productId", "variantId");

-- CreateIndex
CREATE UNIQUE INDEX "RestockSignUp_variantId_email_key" ON "RestockSignUp"("variantId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxEmail_dedupeKey_key" ON "OutboxEmail"("dedupeKey");

-- CreateIndex
CREATE INDEX "OutboxEmail_status_createdAt_idx" ON "OutboxEmail"("status", "createdAt");

-- CreateIndex
CREATE INDEX "CaptchaTokenUse_usedAt_idx" ON "CaptchaTokenUse"("usedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SiteLanguage_websiteId_code_key" ON "SiteLanguage"("websiteId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "Navigation_websiteId_fieldName_key" ON "Navigation"("websiteId", "fieldName");

-- CreateIndex
CREATE INDEX "StoreCategory_collectionId_idx" ON "StoreCategory"("collectionId");

