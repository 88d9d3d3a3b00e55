// What a product is, minus its stock: type, options, variants and their prices, gift-card
// denominations, subscription plan, additional-fields form. Carts read it on every write and view, so
// it is kept in memory and dropped on `catalogChanged` (from any process, through Redis when set).
// Stock is never cached: writes read it inside their transaction, checkout takes it conditionally.
import { ProductType } from "../../domain/catalog/product-state.ts";
import type { FormField } from "../../domain/forms/fields.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
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

export class ProductDefinitions {
  readonly #cache = new Map<number, ProductDefinition>();
  #generation = 0;
  #listening: AsyncIterator<unknown> | null = null;

  constructor(private readonly db: Db) {}

  /** Starts following catalogue changes (call once; `stop` ends it). */
  follow(pubsub: StorePubSub): void {
    const events = pubsub.subscribe("catalogChanged");
    this.#listening = events;
    void (async () => {
      for await (const { productIds } of events) this.invalidate(productIds);
    })();
  }

  stop(): void {
    void this.#listening?.return?.();
  }

  invalidate(productIds: number[] | null): void {
    this.#generation++;
    if (productIds === null) this.#cache.clear();
    else for (const id of productIds) this.#cache.delete(id);
  }

  /** Definitions of these products (missing ids are left out), loading the uncached ones in one go. */
  async getMany(ids: readonly number[], db: Db | Tx = this.db): Promise<Map<number, ProductDefinition>> {
    const found = new Map<number, ProductDefinition>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const cached = this.#cache.get(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const startedAt = this.#generation;
    const rows = await db.product.findMany({ where: { id: { in: missing } }, include: definitionInclude });
    for (const row of rows) {
      const definition: ProductDefinition = {
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
      found.set(row.id, definition);
      // A load that raced a change may hold the old definition: use it for this request only.
      if (startedAt === this.#generation) this.#cache.set(row.id, definition);
    }
    return found;
  }

  async get(id: number, db: Db | Tx = this.db): Promise<ProductDefinition | null> {
    return (await this.getMany([id], db)).get(id) ?? null;
  }
}
