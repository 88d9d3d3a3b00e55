-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderNumber" INTEGER NOT NULL,
    "websiteId" TEXT NOT NULL,
    "purchasedCartId" TEXT NOT NULL,
    "testMode" BOOLEAN NOT NULL DEFAULT true,
    "customerEmail" TEXT,
    "currency" TEXT NOT NULL,
    "subtotal" INTEGER NOT NULL,
    "discountTotal" INTEGER NOT NULL,
    "taxTotal" INTEGER NOT NULL,
    "shippingTotal" INTEGER NOT NULL,
    "grandTotal" INTEGER NOT NULL,
    "shippingOption" TEXT,
    "shippingCountry" TEXT,
    "shippingRegion" TEXT,
    "shippingPostalCode" TEXT,
    "couponCodes" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'PLACED',
    "fulfilledAt" DATETIME,
    "cancelledAt" DATETIME,
    "refundedAt" DATETIME,
    CONSTRAINT "Order_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("couponCodes", "createdAt", "currency", "customerEmail", "discountTotal", "grandTotal", "id", "orderNumber", "purchasedCartId", "shippingCountry", "shippingOption", "shippingPostalCode", "shippingRegion", "shippingTotal", "subtotal", "taxTotal", "testMode", "websiteId") SELECT "couponCodes", "createdAt", "currency", "customerEmail", "discountTotal", "grandTotal", "id", "orderNumber", "purchasedCartId", "shippingCountry", "shippingOption", "shippingPostalCode", "shippingRegion", "shippingTotal", "subtotal", "taxTotal", "testMode", "websiteId" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE UNIQUE INDEX "Order_purchasedCartId_key" ON "Order"("purchasedCartId");
CREATE INDEX "Order_websiteId_state_idx" ON "Order"("websiteId", "state");
CREATE INDEX "Order_websiteId_createdAt_idx" ON "Order"("websiteId", "createdAt");
CREATE UNIQUE INDEX "Order_websiteId_orderNumber_key" ON "Order"("websiteId", "orderNumber");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

