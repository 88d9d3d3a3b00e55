// Catalogue reads shared by the cart, checkout, REST and GraphQL: the columns the product rules need,
// and the product as the cart sees it when something is added.
import { NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { availableUnits } from "../../domain/cart/stock.ts";
import type { StockHoldService } from "../cart/stock-holds.ts";
import { ProductType, fromPrice, isSoldOut, priceDisplay, type ProductFacts } from "../../domain/catalog/product-state.ts";
import type { FormField } from "../../domain/forms/fields.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import { parseJsonArray, parseJsonObject } from "../support/json.ts";
import { readProducts } from "./product-reads.ts";
import { searchProductIds } from "./product-search.ts";

/** The columns every derived product state needs (a Pothos field `select`s exactly this). */
export const productFactsSelect = {
  productType: true,
  currency: true,
  price: true,
  salePrice: true,
  onSale: true,
  variants: {
    select: { id: true, price: true, salePrice: true, onSale: true, unlimited: true, qtyInStock: true },
    orderBy: { position: "asc" },
  },
  giftCardDenominations: { select: { amount: true }, orderBy: { position: "asc" } },
} as const satisfies Prisma.ProductSelect;

type ProductFactsRow = Prisma.ProductGetPayload<{ select: typeof productFactsSelect }>;

/** Gift-card denominations act as unlimited variants that are never on sale. */
export function toProductFacts(row: ProductFactsRow, heldByOthers?: ReadonlyMap<number, number>): ProductFacts {
  const variants =
    row.productType === ProductType.GIFT_CARD
      ? row.giftCardDenominations.map((denomination) => ({
          price: denomination.amount,
          salePrice: 0,
          onSale: false,
          unlimited: true,
          qtyInStock: 0,
        }))
      : row.variants.map((variant) => ({ ...variant, heldByOthers: heldByOthers?.get(variant.id) ?? 0 }));
  return {
    productType: row.productType,
    currency: row.currency,
    variants,
    price: row.price,
    salePrice: row.salePrice,
    onSale: row.onSale,
  };
}

export const parseAttributes = parseJsonObject;
export const parseOptionOrdering = (text: string) => parseJsonArray<string>(text).filter((name) => typeof name === "string");

export function parseFormFields(text: string): FormField[] {
  return parseJsonArray<FormField>(text).filter((field) => field && typeof field.id === "string" && typeof field.type === "string");
}

/**
 * A product id as clients send it: the raw id ("12" or 12, REST's itemId) or the product's global
 * Relay id (base64 of "Product:12"). Anything else names no product.
 */
export function parseItemId(itemId: string | number): number {
  const text = String(itemId).trim();
  const decoded = /^[A-Za-z0-9+/=]+$/.test(text) && !/^\d+$/.test(text) ? Buffer.from(text, "base64").toString("utf8") : "";
  const digits = /^\d+$/.test(text) ? text : /^Product:(\d+)$/.exec(decoded)?.[1];
  const id = digits === undefined ? NaN : Number(digits);
  // Ids are 32-bit integers in the database; anything larger names no product.
  if (!Number.isSafeInteger(id) || id > MAX_ROW_ID) throw new NotFoundError(checkoutMessages.productNotFound);
  return id;
}

/** The largest id an Int column holds (PostgreSQL's integer). */
export const MAX_ROW_ID = 2_147_483_647;

export interface StockRow {
  variantId: number;
  sku: string;
  attributes: Record<string, string>;
  unlimited: boolean;
  qtyInStock: number;
}

/** Stock per variant (the REST inventory call); digital products and gift cards are unlimited. */
async function loadStock(db: Db, websiteId: string, productId: number): Promise<StockRow[]> {
  const product = Number.isSafeInteger(productId)
    ? await db.product.findFirst({
        where: { id: productId, websiteId, visible: true },
        include: { variants: { orderBy: { position: "asc" } }, giftCardDenominations: { orderBy: { position: "asc" } } },
      })
    : null;
  if (!product) throw new NotFoundError(checkoutMessages.productNotFound);
  if (product.productType === ProductType.GIFT_CARD) {
    return product.giftCardDenominations.map((denomination) => ({
      variantId: denomination.id,
      sku: denomination.sku,
      attributes: {},
      unlimited: true,
      qtyInStock: 0,
    }));
  }
  if (product.productType === ProductType.DIGITAL || product.productType === ProductType.PAYWALL) {
    return [{ variantId: 0, sku: "", attributes: {}, unlimited: true, qtyInStock: 0 }];
  }
  return product.variants.map((variant) => ({
    variantId: variant.id,
    sku: variant.sku,
    attributes: parseAttributes(variant.attributes),
    unlimited: variant.unlimited,
    qtyInStock: variant.qtyInStock,
  }));
}

/** Recomputes the from price that sorting by price uses; call after any price or variant change. */
export async function refreshSortPrice(db: Db | Tx, productId: number): Promise<void> {
  const row = await db.product.findUniqueOrThrow({ where: { id: productId }, select: productFactsSelect });
  await db.product.update({ where: { id: productId }, data: { sortPrice: fromPrice(toProductFacts(row)).value } });
}

/** The orders a product list can be read in; ties go by id so pages never overlap. */
export const PRODUCT_SORTS = {
  // The order the owner added them (issue 23: a store page's default; docs/decisions.md).
  FEATURED: [{ createdAt: "asc" }, { id: "asc" }],
  NAME_ASC: [{ name: "asc" }, { id: "asc" }],
  NAME_DESC: [{ name: "desc" }, { id: "desc" }],
  PRICE_ASC: [{ sortPrice: "asc" }, { id: "asc" }],
  PRICE_DESC: [{ sortPrice: "desc" }, { id: "desc" }],
  NEWEST: [{ createdAt: "desc" }, { id: "desc" }],
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

export class CatalogService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    /** Units held for payments in flight (issue 22): the stock answered leaves them out. */
    private readonly holds: Pick<StockHoldService, "heldNow"> | null = null,
  ) {}

  /** Each variant's stock as shoppers can have it: other carts' held units taken out. */
  async stock(productId: number): Promise<StockRow[]> {
    const rows = await loadStock(this.db, this.websiteId, productId);
    const held = this.holds && rows.some((row) => !row.unlimited) ? await this.holds.heldNow() : null;
    if (!held || held.size === 0) return rows;
    return rows.map((row) => (row.unlimited ? row : { ...row, qtyInStock: availableUnits({ ...row, heldByOthers: held.get(row.variantId) ?? 0 }) }));
  }

  /** The visible products by name, with their derived states (the server-rendered front page). */
  async list() {
    const rows = await this.db.product.findMany({
      where: { websiteId: this.websiteId, visible: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { ...productFactsSelect, id: true, slug: true, name: true },
    });
    return rows.map((row) => {
      const facts = toProductFacts(row);
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        price: priceDisplay(facts),
        soldOut: isSoldOut(facts),
      };
    });
  }

  // ---- reads for the GraphQL schema (Pothos passes `query`, the selection it needs) ----

  /** The visible product whose page is /shop/p/{slug}; null when there is none. */
  async productBySlug<Q extends Omit<Prisma.ProductFindFirstArgs, "where">>(query: Q, slug: string) {
    const where = { websiteId: this.websiteId, slug, visible: true };
    const rows = await readProducts(this.db, { where, query: { ...query, take: 1 } });
    if (rows) return (rows[0] ?? null) as never;
    return this.db.product.findFirst({ ...query, where });
  }

  /** A product of the site by raw id, hidden ones too (a cart entry's product stays readable). */
  /** The owner's name for a product of the site in `locale` (setProductTranslation), or null. */
  async translatedName(productId: number, locale: string): Promise<string | null> {
    const row = await this.db.productTranslation.findUnique({
      where: { productId_locale: { productId, locale }, product: { websiteId: this.websiteId } },
      select: { name: true },
    });
    return row?.name ?? null;
  }

  productById<Q extends Omit<Prisma.ProductFindUniqueArgs, "where">>(query: Q, productId: number) {
    return this.db.product.findUnique({ ...query, where: { id: productId, websiteId: this.websiteId } });
  }

  /**
   * The visible products, of one type, of one store page (`collection`, its URL id) and one of its
   * categories, whose name contains `search` when given, in `sort` order. `page` (1-based, of
   * `query.take` less the one Pothos reads ahead) reads a numbered page instead of after a cursor.
   */
  async visibleProducts<Q extends Omit<Prisma.ProductFindManyArgs, "where" | "orderBy">>(query: Q, filter: ProductListFilter) {
    const search = filter.search?.trim();
    const where = { websiteId: this.websiteId, visible: true, ...(filter.type ? { productType: filter.type } : {}) };
    const orderBy = [...PRODUCT_SORTS[filter.sort ?? "NAME_ASC"]];
    const paged = filter.page && filter.page > 1 && typeof query.take === "number" ? numberedPage(query, filter.page) : query;
    // The store page and category filters cross a relation: Prisma reads them.
    const rows = filter.collection || filter.category ? null : await readProducts(this.db, { where, orderBy, query: paged, search });
    if (rows) return rows as never;
    return this.db.product.findMany({ ...paged, where: await this.#listWhere(filter), orderBy });
  }

  /** A store page's categories (not its root), in display order: the storefront's category filter. */
  storeCategories(collectionId: number) {
    return this.db.storeCategory.findMany({
      where: { collectionId, type: "CATEGORY", collection: { websiteId: this.websiteId } },
      orderBy: [{ displayIndex: "asc" }, { id: "asc" }],
      select: { id: true, displayName: true },
    });
  }

  /** How many products visibleProducts lists over every page (the listing's true count). */
  async countVisibleProducts(filter: ProductListFilter): Promise<number> {
    return this.db.product.count({ where: await this.#listWhere(filter) });
  }

  async #listWhere(filter: ProductListFilter): Promise<Prisma.ProductWhereInput> {
    // Prisma's way: the search index answers the ids (product-search.ts), then the page is read in `sort` order.
    const found = filter.search?.trim() ? await searchProductIds(this.db, this.websiteId, filter.search) : null;
    return {
      websiteId: this.websiteId,
      visible: true,
      ...(filter.type ? { productType: filter.type } : {}),
      ...(found ? { id: { in: found } } : {}),
      ...(filter.collection ? { collection: { urlId: filter.collection, type: 13 } } : {}),
      ...(filter.category ? { categories: { some: { categoryId: filter.category } } } : {}),
    };
  }
}

export interface ProductListFilter {
  type?: number | null;
  search?: string | null;
  sort?: ProductSort | null;
  /** A store page's URL id. */
  collection?: string | null;
  /** A StoreCategory id (of the store page, when one is given). */
  category?: number | null;
  /** A numbered page (1-based) instead of a cursor. */
  page?: number | null;
}

/** Pothos's query for the first page moved to page `page`: the same size, skipping the pages before (no cursor). */
function numberedPage<Q extends { take?: number; skip?: number; cursor?: unknown }>(query: Q, page: number): Q {
  const { cursor: _cursor, ...rest } = query;
  // Pothos reads one row more than the page to learn whether another follows.
  const size = (query.take as number) - 1;
  return { ...rest, skip: (page - 1) * size } as Q;
}
