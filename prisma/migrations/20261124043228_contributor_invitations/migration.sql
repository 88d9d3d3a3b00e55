-- CreateTable
CREATE TABLE "ContributorInvitation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "websiteId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "acceptedAt" DATETIME,
    CONSTRAINT "ContributorInvitation_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ContributorInvitation_tokenHash_key" ON "ContributorInvitation"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "ContributorInvitation_websiteId_email_key" ON "ContributorInvitation"("websiteId", "email");

