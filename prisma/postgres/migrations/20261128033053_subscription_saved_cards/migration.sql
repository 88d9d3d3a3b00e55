-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "stripeCustomerId" TEXT;

-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "failureMessage" TEXT,
ADD COLUMN     "firstFailedAt" TIMESTAMP(3),
ADD COLUMN     "paymentCustomerId" TEXT,
ADD COLUMN     "paymentMethodId" TEXT,
ADD COLUMN     "renewalFailures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "retryAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Subscription_state_retryAt_idx" ON "Subscription"("state", "retryAt");

