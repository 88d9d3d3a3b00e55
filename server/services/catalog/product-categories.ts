// The categories a product is listed under (issue 23): StoreCategory rows of the product's store page
// (its collection). One store page per product (docs/decisions.md); its categories are many. Written in
// the owner's product transaction (owner-products.ts), read by the store page's ?category= filter.
import { InvalidInputError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import type { Db, Tx } from "../../db/client.ts";

/** The most categories one product is listed under. */
export const MAX_PRODUCT_CATEGORIES = 50;

/** A list of category ids as the owner sent it: whole numbers, no more than the limit, repeats dropped. */
export function categoryIdList(value: unknown): number[] {
  if (!Array.isArray(value) || value.length > MAX_PRODUCT_CATEGORIES || !value.every((id) => Number.isInteger(id) && id > 0)) {
    throw new InvalidInputError(ownerMessages.productCategoryInvalid);
  }
  return [...new Set(value as number[])];
}

/**
 * Lists the product under exactly `categoryIds` (when given), each of which must be a category of the
 * product's store page; when only the store page changed, the categories of the old one are dropped.
 */
export async function writeProductCategories(tx: Tx, websiteId: string, productId: number, categoryIds: number[] | undefined): Promise<void> {
  const product = await tx.product.findUniqueOrThrow({ where: { id: productId }, select: { collectionId: true } });
  if (categoryIds === undefined) {
    await tx.productCategory.deleteMany({
      where: { productId, ...(product.collectionId === null ? {} : { category: { collectionId: { not: product.collectionId } } }) },
    });
    return;
  }
  if (categoryIds.length > 0) {
    const found = product.collectionId
      ? await tx.storeCategory.count({ where: { id: { in: categoryIds }, collectionId: product.collectionId, collection: { websiteId } } })
      : 0;
    if (found !== categoryIds.length) throw new InvalidInputError(ownerMessages.productCategoryNotOnStorePage);
  }
  await tx.productCategory.deleteMany({ where: { productId } });
  if (categoryIds.length > 0) await tx.productCategory.createMany({ data: categoryIds.map((categoryId) => ({ websiteId, productId, categoryId })) });
}

export interface ProductStorePage {
  collectionId: number;
  title: string;
  urlId: string;
  categories: { categoryId: number; displayName: string }[];
}

/** The site's store pages (product collections) with their categories (not the root), in display order. */
export async function productStorePages(db: Db, websiteId: string): Promise<ProductStorePage[]> {
  const rows = await db.collection.findMany({
    where: { websiteId, type: 13 },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      title: true,
      urlId: true,
      categories: { where: { type: "CATEGORY" }, orderBy: [{ displayIndex: "asc" }, { id: "asc" }], select: { id: true, displayName: true } },
    },
  });
  return rows.map((row) => ({
    collectionId: row.id,
    title: row.title,
    urlId: row.urlId,
    categories: row.categories.map((category) => ({ categoryId: category.id, displayName: category.displayName })),
  }));
}
