// The owner's products: create, change and delete products and variants, set stock, edit
// merchandising. Each change is one transaction; after commit every process drops its cached
// definitions and catalogue results (catalogChanged). Raising a variant's stock lets the waitlist's
// fair queue notify one waiter per unit that arrived, in the same transaction.
import { ConflictError, InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { attributesInput, nameListInput, priceInput, stockInput, textInput } from "../../domain/catalog/inputs.ts";
import { parseInput } from "../../domain/inputs.ts";
import { ProductType } from "../../domain/catalog/product-state.ts";
import { slugify } from "../../domain/settings/site-settings.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { refreshSortPrice } from "./catalog.ts";
import type { ProductDefinitions } from "./product-definitions.ts";
import type { RestockService } from "../restock/restock.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";

const PRODUCT_TYPES: number[] = [ProductType.PHYSICAL, ProductType.DIGITAL, ProductType.SERVICE, ProductType.GIFT_CARD, ProductType.PAYWALL];

export interface ProductInput {
  name?: unknown;
  slug?: unknown;
  description?: unknown;
  productType?: unknown;
  collectionId?: unknown;
  imageUrl?: unknown;
  price?: unknown;
  salePrice?: unknown;
  onSale?: unknown;
  visible?: unknown;
  variantOptionOrdering?: unknown;
  additionalFieldsFormId?: unknown;
  useCustomAddButtonText?: unknown;
  customAddButtonText?: unknown;
  /** Gift cards: their denominations in minor units. */
  denominations?: unknown;
}

export interface VariantInput {
  sku?: unknown;
  attributes?: unknown;
  price?: unknown;
  salePrice?: unknown;
  onSale?: unknown;
  unlimited?: unknown;
  qtyInStock?: unknown;
}

export interface MerchandisingInput {
  customSoldOutText?: unknown;
  scarcityEnabled?: unknown;
  scarcityText?: unknown;
  scarcityTemplateViews?: unknown;
  scarcityShownByDefault?: unknown;
  restockNotificationsEnabled?: unknown;
  restockNotificationViews?: unknown;
  restockNotificationMessages?: unknown;
  mailingListSignUpEnabled?: unknown;
  mailingListOptInByDefault?: unknown;
}

const invalid = (message: string = messages.invalidRequest) => new InvalidInputError(message);

// One rule per field, shared with the GraphQL inputs (domain/catalog/inputs.ts).
const price = (value: unknown): number => parseInput(priceInput, value);
const stock = (value: unknown): number => parseInput(stockInput, value);
function bool(value: unknown): boolean {
  if (typeof value !== "boolean") throw invalid();
  return value;
}
const text = (value: unknown, max: number, options: { blank?: boolean } = {}): string => parseInput(textInput(max, options), value);
function optionalText(value: unknown, max: number): string | null {
  return value === null || value === "" ? null : text(value, max);
}
const stringList = (value: unknown, max = 50): string[] => parseInput(nameListInput(max), value);
const attributes = (value: unknown): Record<string, string> => parseInput(attributesInput, value);
const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;

export class OwnerProductsService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
    private readonly definitions: ProductDefinitions,
    private readonly restock: RestockService,
  ) {}

  /** Every product of the site, hidden ones too, by name (a Pothos connection passes `query`). */
  list<Q extends Omit<Prisma.ProductFindManyArgs, "where" | "orderBy">>(query: Q) {
    return this.db.product.findMany({ ...query, where: { websiteId: this.websiteId }, orderBy: [{ name: "asc" }, { id: "asc" }] });
  }

  #changed(productIds: number[]) {
    this.definitions.invalidate(productIds);
    this.pubsub.publish("catalogChanged", { productIds });
    this.pubsub.publish("stockChanged", { websiteId: this.websiteId, productIds });
  }

  async #productFields(tx: Tx, input: ProductInput) {
    const data = defined({
      name: input.name === undefined ? undefined : text(input.name, 200, { blank: false }).trim(),
      description: input.description === undefined ? undefined : text(input.description, 20_000),
      imageUrl: input.imageUrl === undefined ? undefined : optionalText(input.imageUrl, 2000),
      price: input.price === undefined ? undefined : input.price === null ? null : price(input.price),
      salePrice: input.salePrice === undefined ? undefined : input.salePrice === null ? null : price(input.salePrice),
      onSale: input.onSale === undefined ? undefined : bool(input.onSale),
      visible: input.visible === undefined ? undefined : bool(input.visible),
      variantOptionOrdering: input.variantOptionOrdering === undefined ? undefined : JSON.stringify(stringList(input.variantOptionOrdering, 10)),
      useCustomAddButtonText: input.useCustomAddButtonText === undefined ? undefined : bool(input.useCustomAddButtonText),
      customAddButtonText: input.customAddButtonText === undefined ? undefined : optionalText(input.customAddButtonText, 100),
    });
    const slug = input.slug === undefined ? undefined : slugify(text(input.slug, 100, { blank: false }));
    if (slug === "") throw invalid();
    if (input.collectionId !== undefined && input.collectionId !== null) {
      if (!Number.isInteger(input.collectionId) || !(await tx.collection.count({ where: { id: input.collectionId as number, websiteId: this.websiteId } }))) {
        throw new NotFoundError(messages.collectionNotFound);
      }
    }
    if (input.additionalFieldsFormId !== undefined && input.additionalFieldsFormId !== null) {
      if (
        !Number.isInteger(input.additionalFieldsFormId) ||
        !(await tx.form.count({ where: { id: input.additionalFieldsFormId as number, websiteId: this.websiteId } }))
      ) {
        throw new NotFoundError(messages.formNotFound);
      }
    }
    return {
      ...data,
      ...(slug !== undefined ? { slug } : {}),
      ...(input.collectionId !== undefined ? { collectionId: input.collectionId as number | null } : {}),
      ...(input.additionalFieldsFormId !== undefined ? { additionalFieldsFormId: input.additionalFieldsFormId as number | null } : {}),
    };
  }

  /** A slug not used by another product of the site: the wanted one, else with -1, -2... */
  async #freeSlug(tx: Tx, wanted: string, productId: number | null): Promise<string> {
    const taken = new Set(
      (
        await tx.product.findMany({
          where: { websiteId: this.websiteId, slug: { startsWith: wanted }, ...(productId ? { id: { not: productId } } : {}) },
          select: { slug: true },
        })
      ).map((row) => row.slug),
    );
    if (!taken.has(wanted)) return wanted;
    for (let suffix = 1; ; suffix++) if (!taken.has(`${wanted}-${suffix}`)) return `${wanted}-${suffix}`;
  }

  async createProduct(input: ProductInput & { variants?: unknown }): Promise<{ id: number }> {
    if (!PRODUCT_TYPES.includes(input.productType as number)) throw invalid();
    if (input.name === undefined) throw invalid();
    const productType = input.productType as number;
    if (productType === ProductType.DIGITAL && (input.price === undefined || input.price === null)) throw invalid(messages.priceInvalid);
    const variants = input.variants === undefined ? [] : input.variants;
    if (!Array.isArray(variants) || variants.length > 250) throw invalid();
    if (productType === ProductType.DIGITAL && variants.length > 0) throw invalid();
    const denominations = input.denominations === undefined ? [] : input.denominations;
    if (!Array.isArray(denominations) || (productType === ProductType.GIFT_CARD) !== denominations.length > 0) throw invalid();
    const amounts = denominations.map(price);
    if (new Set(amounts).size !== amounts.length) throw invalid();
    try {
      const id = await this.db.$transaction(async (tx) => {
        const fields = await this.#productFields(tx, input);
        const slug = await this.#freeSlug(tx, fields.slug || slugify(fields.name as string) || "product", null);
        const checkedVariants = variants.map((variant, index) => ({ ...this.#variantFields(variant as VariantInput, true), position: index }));
        if (new Set(checkedVariants.map((variant) => variant.sku)).size !== checkedVariants.length) throw new ConflictError(messages.skuTaken);
        const product = await tx.product.create({
          data: {
            ...fields,
            websiteId: this.websiteId,
            name: fields.name as string,
            slug,
            productType,
            variants: { create: checkedVariants as Prisma.VariantCreateWithoutProductInput[] },
            giftCardDenominations: { create: amounts.map((amount, index) => ({ sku: `GIFT-${amount}`, amount, position: index })) },
          },
        });
        await refreshSortPrice(tx, product.id);
        return product.id;
      });
      this.#changed([id]);
      return { id };
    } catch (error) {
      // SKUs were checked above: a clash here is another product taking the slug at the same moment.
      if (isUniqueViolation(error)) throw new ConflictError(messages.productSlugTaken);
      throw error;
    }
  }

  async updateProduct(productId: number, input: ProductInput): Promise<{ id: number }> {
    try {
      await this.db.$transaction(async (tx) => {
        if (!(await tx.product.count({ where: { id: productId, websiteId: this.websiteId } }))) throw new NotFoundError(messages.productNotFound);
        const fields = await this.#productFields(tx, input);
        if (fields.slug !== undefined && (await tx.product.count({ where: { websiteId: this.websiteId, slug: fields.slug, id: { not: productId } } }))) {
          throw new ConflictError(messages.productSlugTaken);
        }
        await tx.product.update({ where: { id: productId }, data: fields });
        await refreshSortPrice(tx, productId);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(messages.productSlugTaken);
      throw error;
    }
    this.#changed([productId]);
    return { id: productId };
  }

  async deleteProduct(productId: number): Promise<{ id: number }> {
    const deleted = await this.db.product.deleteMany({ where: { id: productId, websiteId: this.websiteId } });
    if (deleted.count === 0) throw new NotFoundError(messages.productNotFound);
    this.#changed([productId]);
    return { id: productId };
  }

  #variantFields(input: VariantInput, creating: boolean) {
    if (!input || typeof input !== "object") throw invalid();
    if (creating && (input.sku === undefined || input.price === undefined)) throw invalid();
    return defined({
      sku: input.sku === undefined ? undefined : text(input.sku, 100, { blank: false }).trim(),
      attributes: input.attributes === undefined ? undefined : JSON.stringify(attributes(input.attributes)),
      price: input.price === undefined ? undefined : price(input.price),
      salePrice: input.salePrice === undefined ? undefined : price(input.salePrice),
      onSale: input.onSale === undefined ? undefined : bool(input.onSale),
      unlimited: input.unlimited === undefined ? undefined : bool(input.unlimited),
      qtyInStock: input.qtyInStock === undefined ? undefined : stock(input.qtyInStock),
    });
  }

  async createVariant(productId: number, input: VariantInput): Promise<{ id: number; notified: number }> {
    const fields = this.#variantFields(input, true);
    try {
      const id = await this.db.$transaction(async (tx) => {
        const product = await tx.product.findFirst({
          where: { id: productId, websiteId: this.websiteId },
          select: { productType: true, _count: { select: { variants: true } } },
        });
        if (!product) throw new NotFoundError(messages.productNotFound);
        if (product.productType === ProductType.DIGITAL || product.productType === ProductType.GIFT_CARD) throw invalid();
        const variant = await tx.variant.create({
          data: { ...(fields as Prisma.VariantCreateWithoutProductInput), productId, position: product._count.variants },
        });
        await refreshSortPrice(tx, productId);
        return variant.id;
      });
      this.#changed([productId]);
      return { id, notified: 0 };
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(messages.skuTaken);
      throw error;
    }
  }

  /**
   * Changes a variant (prices, attributes, stock). A stock rise notifies waiters: one per unit that
   * arrived, in sign-up order (RestockService.stockChanged). Returns how many were notified.
   */
  async updateVariant(variantId: number, input: VariantInput): Promise<{ id: number; productId: number; notified: number }> {
    const fields = this.#variantFields(input, false);
    let productId = 0;
    let notified = 0;
    try {
      await this.db.$transaction(
        async (tx) => {
          const owned = await tx.variant.count({ where: { id: variantId, product: { websiteId: this.websiteId } } });
          if (!owned) throw new NotFoundError(messages.variantNotFound);
          // Lock the row, then read what the stock was: checkouts and sends queue behind this.
          const before = await tx.variant.update({ where: { id: variantId }, data: { qtyInStock: { increment: 0 } } });
          productId = before.productId;
          const after = await tx.variant.update({ where: { id: variantId }, data: fields });
          if (fields.price !== undefined || fields.salePrice !== undefined || fields.onSale !== undefined) await refreshSortPrice(tx, productId);
          notified = await this.restock.stockChanged(tx, variantId, before, after);
        },
        { maxWait: 10_000, timeout: 30_000 },
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(messages.skuTaken);
      throw error;
    }
    this.#changed([productId]);
    if (notified > 0) this.restock.afterCommit();
    return { id: variantId, productId, notified };
  }

  /** Sets a variant's stock (a number of units, or unlimited). */
  setStock(variantId: number, stockInput: { qtyInStock?: unknown; unlimited?: unknown }) {
    return this.updateVariant(variantId, { qtyInStock: stockInput.qtyInStock, unlimited: stockInput.unlimited });
  }

  async deleteVariant(variantId: number): Promise<{ id: number }> {
    const productId = await this.db.$transaction(async (tx) => {
      const variant = await tx.variant.findFirst({ where: { id: variantId, product: { websiteId: this.websiteId } }, select: { productId: true } });
      if (!variant) throw new NotFoundError(messages.variantNotFound);
      await tx.variant.delete({ where: { id: variantId } });
      await refreshSortPrice(tx, variant.productId);
      return variant.productId;
    });
    this.#changed([productId]);
    return { id: variantId };
  }

  /** Sets the given merchandising fields of a product (the others keep their values). */
  async updateMerchandising(productId: number, input: MerchandisingInput): Promise<{ productId: number }> {
    const messagesInput = input.restockNotificationMessages;
    if (
      messagesInput !== undefined &&
      (!messagesInput ||
        typeof messagesInput !== "object" ||
        Array.isArray(messagesInput) ||
        Object.values(messagesInput).some((value) => typeof value !== "string" || value.length > 1000))
    ) {
      throw invalid();
    }
    const data = defined({
      customSoldOutText: input.customSoldOutText === undefined ? undefined : optionalText(input.customSoldOutText, 200),
      scarcityEnabled: input.scarcityEnabled === undefined ? undefined : bool(input.scarcityEnabled),
      scarcityText: input.scarcityText === undefined ? undefined : optionalText(input.scarcityText, 200),
      scarcityTemplateViews: input.scarcityTemplateViews === undefined ? undefined : JSON.stringify(stringList(input.scarcityTemplateViews)),
      scarcityShownByDefault: input.scarcityShownByDefault === undefined ? undefined : bool(input.scarcityShownByDefault),
      restockNotificationsEnabled: input.restockNotificationsEnabled === undefined ? undefined : bool(input.restockNotificationsEnabled),
      restockNotificationViews: input.restockNotificationViews === undefined ? undefined : JSON.stringify(stringList(input.restockNotificationViews)),
      restockNotificationMessages: messagesInput === undefined ? undefined : JSON.stringify(messagesInput),
      mailingListSignUpEnabled: input.mailingListSignUpEnabled === undefined ? undefined : bool(input.mailingListSignUpEnabled),
      mailingListOptInByDefault: input.mailingListOptInByDefault === undefined ? undefined : bool(input.mailingListOptInByDefault),
    });
    const product = await this.db.product.findFirst({ where: { id: productId, websiteId: this.websiteId }, select: { id: true } });
    if (!product) throw new NotFoundError(messages.productNotFound);
    await this.db.merchandising.upsert({ where: { productId }, create: { productId, ...data }, update: data });
    this.#changed([productId]);
    return { productId };
  }

  /** A product of the site, hidden ones too (what an owner's change answers). */
  product<Q extends Omit<Prisma.ProductFindFirstArgs, "where">>(query: Q, productId: number) {
    return this.db.product.findFirstOrThrow({ ...query, where: { id: productId, websiteId: this.websiteId } });
  }

  /** A variant of one of the site's products (what an owner's change answers). */
  variant<Q extends Omit<Prisma.VariantFindFirstArgs, "where">>(query: Q, variantId: number) {
    return this.db.variant.findFirstOrThrow({ ...query, where: { id: variantId, product: { websiteId: this.websiteId } } });
  }
}
