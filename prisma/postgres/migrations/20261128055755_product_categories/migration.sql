-- CreateTable
CREATE TABLE "ProductCategory" (
    "websiteId" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "categoryId" INTEGER NOT NULL,

    CONSTRAINT "ProductCategory_pkey" PRIMARY KEY ("productId","categoryId")
);

-- CreateIndex
CREATE INDEX "ProductCategory_categoryId_idx" ON "ProductCategory"("categoryId");

-- CreateIndex
CREATE INDEX "ProductCategory_websiteId_idx" ON "ProductCategory"("websiteId");

-- AddForeignKey
ALTER TABLE "ProductCategory" ADD CONSTRAINT "ProductCategory_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductCategory" ADD CONSTRAINT "ProductCategory_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "StoreCategory"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Issue 23: a site's product categories are its own rows.
ALTER TABLE "ProductCategory" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "ProductCategory" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
