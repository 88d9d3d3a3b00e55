-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ProductTranslation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "productId" INTEGER NOT NULL,
    "locale" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "optionValues" TEXT NOT NULL DEFAULT '{}',
    CONSTRAINT "ProductTranslation_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ProductTranslation" ("description", "id", "locale", "name", "productId") SELECT "description", "id", "locale", "name", "productId" FROM "ProductTranslation";
DROP TABLE "ProductTranslation";
ALTER TABLE "new_ProductTranslation" RENAME TO "ProductTranslation";
CREATE UNIQUE INDEX "ProductTranslation_productId_locale_key" ON "ProductTranslation"("productId", "locale");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

