-- CreateTable
CREATE TABLE "ContributorInvitation" (
    "id" TEXT NOT NULL,
    "websiteId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),

    CONSTRAINT "ContributorInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ContributorInvitation_tokenHash_key" ON "ContributorInvitation"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "ContributorInvitation_websiteId_email_key" ON "ContributorInvitation"("websiteId", "email");

-- AddForeignKey
ALTER TABLE "ContributorInvitation" ADD CONSTRAINT "ContributorInvitation_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

