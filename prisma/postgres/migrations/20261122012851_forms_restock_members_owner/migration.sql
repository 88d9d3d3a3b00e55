-- AlterTable
ALTER TABLE "Website" ADD COLUMN     "captchaSecretKey" TEXT,
ADD COLUMN     "defaultLanguage" TEXT NOT NULL DEFAULT 'en-US',
ADD COLUMN     "multilingualConnected" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "multilingualTransactionalEmails" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Collection" ADD COLUMN     "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "enabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "navigationTitle" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Form" ADD COLUMN     "captchaEnabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'FORM',
ADD COLUMN     "mailingListId" INTEGER,
ADD COLUMN     "postSubmitHtml" TEXT;

-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "cartId" TEXT,
ADD COLUMN     "locale" TEXT;

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "xsrfTokenHash" TEXT NOT NULL,
    "accountId" INTEGER NOT NULL,
    "rememberMe" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormSubmissionKey" (
    "keyHash" TEXT NOT NULL,
    "websiteId" TEXT NOT NULL,
    "crumbHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "submissionId" TEXT,

    CONSTRAINT "FormSubmissionKey_pkey" PRIMARY KEY ("keyHash")
);

-- CreateTable
CREATE TABLE "FormSubmission" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FormSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SubmissionFingerprint" (
    "formId" INTEGER NOT NULL,
    "answersHash" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SubmissionFingerprint_pkey" PRIMARY KEY ("formId","answersHash")
);

-- CreateTable
CREATE TABLE "MailingList" (
    "id" SERIAL NOT NULL,
    "websiteId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailingList_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailingListSignUp" (
    "id" SERIAL NOT NULL,
    "mailingListId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "confirmTokenHash" TEXT,
    "confirmationSentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmedAt" TIMESTAMP(3),

    CONSTRAINT "MailingListSignUp_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConsentRecord" (
    "id" SERIAL NOT NULL,
    "signUpId" INTEGER NOT NULL,
    "level" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "pagePath" TEXT,
    "pageTitle" TEXT,
    "consentText" TEXT,
    "formSubmissionId" TEXT,
    "restockSignUpId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConsentRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SubscribeEvent" (
    "id" SERIAL NOT NULL,
    "mailingListId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "formId" INTEGER,
    "formSubmissionId" TEXT,
    "pagePath" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SubscribeEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RestockSignUp" (
    "id" SERIAL NOT NULL,
    "websiteId" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "variantId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "isJoinMailingList" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT,
    "status" TEXT NOT NULL DEFAULT 'RECEIVED',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "notifiedAt" TIMESTAMP(3),
    "purchasedAt" TIMESTAMP(3),
    "orderId" TEXT,

    CONSTRAINT "RestockSignUp_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxEmail" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "OutboxEmail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CaptchaTokenUse" (
    "tokenHash" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CaptchaTokenUse_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "SiteHeaderFooter" (
    "websiteId" TEXT NOT NULL,
    "header" TEXT NOT NULL DEFAULT '{}',
    "footer" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SiteHeaderFooter_pkey" PRIMARY KEY ("websiteId")
);

-- CreateTable
CREATE TABLE "SiteLanguage" (
    "id" SERIAL NOT NULL,
    "websiteId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SiteLanguage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Navigation" (
    "id" SERIAL NOT NULL,
    "websiteId" TEXT NOT NULL,
    "fieldName" TEXT NOT NULL,
    "templateId" TEXT,
    "items" TEXT NOT NULL DEFAULT '[]',
    "position" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Navigation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CommercePreference" (
    "websiteId" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "preferences" TEXT NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CommercePreference_pkey" PRIMARY KEY ("websiteId","namespace")
);

-- CreateTable
CREATE TABLE "StoreCategory" (
    "id" SERIAL NOT NULL,
    "collectionId" INTEGER NOT NULL,
    "parentCategoryId" INTEGER,
    "displayName" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "pageRendering" TEXT NOT NULL,
    "displayIndex" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoreCategory_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "Form" ADD CONSTRAINT "Form_mailingListId_fkey" FOREIGN KEY ("mailingListId") REFERENCES "MailingList"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_formId_fkey" FOREIGN KEY ("formId") REFERENCES "Form"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailingList" ADD CONSTRAINT "MailingList_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailingListSignUp" ADD CONSTRAINT "MailingListSignUp_mailingListId_fkey" FOREIGN KEY ("mailingListId") REFERENCES "MailingList"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConsentRecord" ADD CONSTRAINT "ConsentRecord_signUpId_fkey" FOREIGN KEY ("signUpId") REFERENCES "MailingListSignUp"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SubscribeEvent" ADD CONSTRAINT "SubscribeEvent_mailingListId_fkey" FOREIGN KEY ("mailingListId") REFERENCES "MailingList"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RestockSignUp" ADD CONSTRAINT "RestockSignUp_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RestockSignUp" ADD CONSTRAINT "RestockSignUp_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RestockSignUp" ADD CONSTRAINT "RestockSignUp_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "Variant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutboxEmail" ADD CONSTRAINT "OutboxEmail_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteHeaderFooter" ADD CONSTRAINT "SiteHeaderFooter_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteLanguage" ADD CONSTRAINT "SiteLanguage_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Navigation" ADD CONSTRAINT "Navigation_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommercePreference" ADD CONSTRAINT "CommercePreference_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StoreCategory" ADD CONSTRAINT "StoreCategory_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

