// What a product is, minus its stock: type, options, variants and their prices, gift-card
// denominations, subscription plan, additional-fields form. Carts read it on every write and view, so
// it is kept in memory and dropped on `catalogChanged` (from any process, through Redis when set).
// Stock is never cached: writes read it inside their transaction, checkout takes it conditionally.
import { ProductType } from "../../domain/catalog/product-state.ts";
import type { FormField } from "../../domain/forms/fields.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { EventCache } from "../support/event-cache.ts";
import { parseAttributes, parseFormFields, parseOptionOrdering } from "./catalog.ts";

export interface VariantDefinition {
  id: number;
  sku: string;
  attributes: Record<string, string>;
  price: number;
  salePrice: number;
  onSale: boolean;
  unlimited: boolean;
}

export interface ProductDefinition {
  id: number;
  websiteId: string;
  slug: string;
  name: string;
  imageUrl: string | null;
  productType: number;
  visible: boolean;
  isSubscribable: boolean;
  hasSubscriptionPlan: boolean;
  currency: string;
  /** Digital products' own prices. */
  price: number | null;
  salePrice: number | null;
  onSale: boolean;
  variantOptionOrdering: string[];
  variants: VariantDefinition[];
  denominations: { id: number; sku: string; amount: number }[];
  /** The additional-fields form's fields, or null when the product has none. */
  formFields: FormField[] | null;
}

const definitionInclude = {
  variants: { orderBy: { position: "asc" }, select: { id: true, sku: true, attributes: true, price: true, salePrice: true, onSale: true, unlimited: true } },
  giftCardDenominations: { orderBy: { position: "asc" }, select: { id: true, sku: true, amount: true } },
  subscriptionPlan: { select: { id: true } },
  additionalFieldsForm: { select: { fields: true } },
} as const;

/** The definitions of one site's products: another site's product ids are missing ids here. */
export class ProductDefinitions {
  readonly #cache = new EventCache<number, ProductDefinition>();

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
  ) {}

  /** Starts following catalogue changes (call once; `stop` ends it). */
  follow(pubsub: StorePubSub): void {
    this.#cache.follow(pubsub.subscribe("catalogChanged"), ({ productIds }) => this.invalidate(productIds));
  }

  stop(): void {
    this.#cache.stop();
  }

  invalidate(productIds: number[] | null): void {
    if (productIds === null) this.#cache.invalidateAll();
    else for (const id of productIds) this.#cache.invalidate(id);
  }

  /** Definitions of these products (missing ids are left out), loading the uncached ones in one go. */
  getMany(ids: readonly number[], db: Db | Tx = this.db): Promise<Map<number, ProductDefinition>> {
    return this.#cache.getMany(ids, async (missing) => {
      const rows = await db.product.findMany({ where: { id: { in: missing }, websiteId: this.websiteId }, include: definitionInclude });
      return new Map(rows.map((row) => [row.id, toDefinition(row)]));
    });
  }

  async get(id: number, db: Db | Tx = this.db): Promise<ProductDefinition | null> {
    return (await this.getMany([id], db)).get(id) ?? null;
  }
}

type DefinitionRow = Prisma.ProductGetPayload<{ include: typeof definitionInclude }>;

function toDefinition(row: DefinitionRow): ProductDefinition {
  return {
    id: row.id,
    websiteId: row.websiteId,
    slug: row.slug,
    name: row.name,
    imageUrl: row.imageUrl,
    productType: row.productType,
    visible: row.visible,
    isSubscribable: row.isSubscribable,
    hasSubscriptionPlan: row.subscriptionPlan !== null,
    currency: row.currency,
    price: row.price,
    salePrice: row.salePrice,
    onSale: row.onSale,
    variantOptionOrdering: parseOptionOrdering(row.variantOptionOrdering),
    variants: row.variants.map((variant) => ({ ...variant, attributes: parseAttributes(variant.attributes) })),
    denominations: row.productType === ProductType.GIFT_CARD ? row.giftCardDenominations : [],
    formFields: row.additionalFieldsForm ? parseFormFields(row.additionalFieldsForm.fields) : null,
  };
}
