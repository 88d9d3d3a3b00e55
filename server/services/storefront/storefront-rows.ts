// What the storefront pages show, as rows: products with their variants, prices, stock,
// merchandising and forms; the collection. page-context.ts turns them into page data.
import type { Prisma } from "../../db/client.ts";

/** What a product page and a product card show (page-context.ts turns it into page data). */
export const storefrontProductSelect = {
  id: true,
  slug: true,
  name: true,
  description: true,
  imageUrl: true,
  productType: true,
  isSubscribable: true,
  price: true,
  salePrice: true,
  currency: true,
  onSale: true,
  collectionId: true,
  additionalFieldsFormId: true,
  useCustomAddButtonText: true,
  customAddButtonText: true,
  variantOptionOrdering: true,
  createdAt: true,
  updatedAt: true,
  variants: {
    orderBy: { position: "asc" },
    select: { id: true, sku: true, attributes: true, price: true, salePrice: true, currency: true, onSale: true, unlimited: true, qtyInStock: true },
  },
  giftCardDenominations: { orderBy: { position: "asc" }, select: { id: true, sku: true, amount: true, currency: true } },
  subscriptionPlan: { select: { billingPeriodValue: true, billingPeriodUnit: true, numBillingCycles: true } },
  merchandising: true,
  additionalFieldsForm: { select: { id: true, key: true, name: true, fields: true } },
  images: {
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, key: true, filename: true, altText: true, width: true, height: true, widths: true },
  },
} as const satisfies Prisma.ProductSelect;

export type StorefrontProductRow = Prisma.ProductGetPayload<{ select: typeof storefrontProductSelect }>;

export const storefrontCollectionSelect = { id: true, title: true, urlId: true, type: true } as const satisfies Prisma.CollectionSelect;
export type StorefrontCollectionRow = Prisma.CollectionGetPayload<{ select: typeof storefrontCollectionSelect }>;

/** Longest search text considered. */
export const MAX_SEARCH_TEXT = 100;
