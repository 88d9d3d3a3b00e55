// The owner's products: create, change and delete products and variants, set stock, edit
// merchandising. Each change is one transaction; after commit every process drops its cached
// definitions and catalogue results (catalogChanged). Raising a variant's stock lets the waitlist's
// fair queue notify one waiter per unit that arrived, in the same transaction.
import { ConflictError, NotFoundError, StockChangedError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages/storefront.ts";
import { formMessages } from "../../domain/messages/forms.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { scarcityThresholdInput } from "../../domain/catalog/inputs.ts";
import { parseInput } from "../../domain/inputs.ts";
import { ProductType, type ScarcitySettings } from "../../domain/catalog/product-state.ts";
import { slugify } from "../../domain/store/store-creation.ts";
import type { Db, Prisma, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { refreshSortPrice } from "./catalog.ts";
import {
  attributes,
  bool,
  defined,
  invalid,
  optionalText,
  price,
  PRODUCT_TYPES,
  stock,
  stockMoved,
  stringList,
  subscriptionPlan,
  text,
  type ExpectedStock,
  type MerchandisingInput,
  type ProductInput,
  type VariantInput,
} from "./owner-product-inputs.ts";
import { listOwnerProducts, type OwnerProductFilter } from "./owner-product-list.ts";
import type { ProductDefinitions } from "./product-definitions.ts";
import type { RestockService } from "../restock/restock.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";
import { categoryIdList, productStorePages, writeProductCategories } from "./product-categories.ts";

import { type ProductTranslationInput, type ProductTranslationView, productTranslations, saveProductTranslation } from "./product-translations.ts";

export class OwnerProductsService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
    private readonly definitions: ProductDefinitions,
    private readonly restock: RestockService,
  ) {}

  /** A page of the site's products, hidden ones too (owner-product-list.ts). */
  list<Q extends Omit<Prisma.ProductFindManyArgs, "where" | "orderBy" | "cursor" | "take" | "skip">>(query: Q, filter: OwnerProductFilter) {
    return listOwnerProducts(this.db, this.websiteId, query, filter);
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
    if (slug === "") throw invalid(ownerMessages.productSlugInvalid);
    if (input.collectionId !== undefined && input.collectionId !== null) {
      if (!Number.isInteger(input.collectionId) || !(await tx.collection.count({ where: { id: input.collectionId as number, websiteId: this.websiteId } }))) {
        throw new NotFoundError(ownerMessages.collectionNotFound);
      }
    }
    if (input.additionalFieldsFormId !== undefined && input.additionalFieldsFormId !== null) {
      if (
        !Number.isInteger(input.additionalFieldsFormId) ||
        !(await tx.form.count({ where: { id: input.additionalFieldsFormId as number, websiteId: this.websiteId } }))
      ) {
        throw new NotFoundError(formMessages.formNotFound);
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
    if (productType === ProductType.DIGITAL && (input.price === undefined || input.price === null)) throw invalid(ownerMessages.priceInvalid);
    const variants = input.variants === undefined ? [] : input.variants;
    if (!Array.isArray(variants) || variants.length > 250) throw invalid();
    if (productType === ProductType.DIGITAL && variants.length > 0) throw invalid();
    const denominations = input.denominations === undefined ? [] : input.denominations;
    if (!Array.isArray(denominations) || (productType === ProductType.GIFT_CARD) !== denominations.length > 0) throw invalid();
    const amounts = denominations.map(price);
    if (new Set(amounts).size !== amounts.length) throw invalid();
    const plan = subscriptionPlan(input.subscriptionPlan, productType);
    const categoryIds = input.categoryIds === undefined ? undefined : categoryIdList(input.categoryIds);
    try {
      const id = await this.db.$transaction(async (tx) => {
        const fields = await this.#productFields(tx, input);
        // A slug the owner chose is theirs or an error; one made from the name takes the next free one.
        if (fields.slug !== undefined && (await tx.product.count({ where: { websiteId: this.websiteId, slug: fields.slug } }))) {
          throw new ConflictError(ownerMessages.productSlugTaken);
        }
        const slug = fields.slug ?? (await this.#freeSlug(tx, slugify(fields.name as string) || "product", null));
        const checkedVariants = variants.map((variant, index) => ({ ...this.#variantFields(variant as VariantInput, true), position: index }));
        if (new Set(checkedVariants.map((variant) => variant.sku)).size !== checkedVariants.length) throw new ConflictError(ownerMessages.skuTaken);
        const product = await tx.product.create({
          data: {
            ...fields,
            websiteId: this.websiteId,
            name: fields.name as string,
            slug,
            productType,
            variants: { create: checkedVariants as Prisma.VariantCreateWithoutProductInput[] },
            giftCardDenominations: { create: amounts.map((amount, index) => ({ sku: `GIFT-${amount}`, amount, position: index })) },
            ...(plan ? { isSubscribable: true, subscriptionPlan: { create: plan } } : {}),
          },
        });
        await refreshSortPrice(tx, product.id);
        if (categoryIds) await writeProductCategories(tx, this.websiteId, product.id, categoryIds);
        return product.id;
      });
      this.#changed([id]);
      return { id };
    } catch (error) {
      // SKUs were checked above: a clash here is another product taking the slug at the same moment.
      if (isUniqueViolation(error)) throw new ConflictError(ownerMessages.productSlugTaken);
      throw error;
    }
  }

  /** A product's translation into one of the site's non-default languages (product-translations.ts). */
  async setTranslation(productId: number, input: ProductTranslationInput): Promise<void> {
    await saveProductTranslation(this.db, this.websiteId, productId, input);
    this.#changed([productId]);
  }

  /** A product's translations, by language (none for another site's product). */
  translations(productId: number): Promise<ProductTranslationView[]> {
    return productTranslations(this.db, this.websiteId, productId);
  }

  async updateProduct(productId: number, input: ProductInput): Promise<{ id: number }> {
    const categoryIds = input.categoryIds === undefined ? undefined : categoryIdList(input.categoryIds);
    try {
      await this.db.$transaction(async (tx) => {
        const existing = await tx.product.findFirst({ where: { id: productId, websiteId: this.websiteId }, select: { productType: true } });
        if (!existing) throw new NotFoundError(checkoutMessages.productNotFound);
        const plan = subscriptionPlan(input.subscriptionPlan, existing.productType);
        const fields = await this.#productFields(tx, input);
        if (fields.slug !== undefined && (await tx.product.count({ where: { websiteId: this.websiteId, slug: fields.slug, id: { not: productId } } }))) {
          throw new ConflictError(ownerMessages.productSlugTaken);
        }
        await tx.product.update({ where: { id: productId }, data: { ...fields, ...(plan !== undefined ? { isSubscribable: plan !== null } : {}) } });
        if (plan) await tx.subscriptionPlan.upsert({ where: { productId }, create: { productId, ...plan }, update: plan });
        if (plan === null) await tx.subscriptionPlan.deleteMany({ where: { productId } });
        await refreshSortPrice(tx, productId);
        if (categoryIds !== undefined || input.collectionId !== undefined) await writeProductCategories(tx, this.websiteId, productId, categoryIds);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(ownerMessages.productSlugTaken);
      throw error;
    }
    this.#changed([productId]);
    return { id: productId };
  }

  async deleteProduct(productId: number): Promise<{ id: number }> {
    const deleted = await this.db.product.deleteMany({ where: { id: productId, websiteId: this.websiteId } });
    if (deleted.count === 0) throw new NotFoundError(checkoutMessages.productNotFound);
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
        if (!product) throw new NotFoundError(checkoutMessages.productNotFound);
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
      if (isUniqueViolation(error)) throw new ConflictError(ownerMessages.skuTaken);
      throw error;
    }
  }

  /**
   * Changes a variant (prices, attributes, stock). A stock rise notifies waiters: one per unit that
   * arrived, in sign-up order (RestockService.stockChanged). Returns how many were notified.
   */
  async updateVariant(variantId: number, input: VariantInput, expected: ExpectedStock = {}): Promise<{ id: number; productId: number; notified: number }> {
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
          if (stockMoved(before, expected)) throw new StockChangedError(before.qtyInStock, before.unlimited);
          const after = await tx.variant.update({ where: { id: variantId }, data: fields });
          if (fields.price !== undefined || fields.salePrice !== undefined || fields.onSale !== undefined) await refreshSortPrice(tx, productId);
          notified = await this.restock.stockChanged(tx, variantId, before, after);
        },
        { maxWait: 10_000, timeout: 30_000 },
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(ownerMessages.skuTaken);
      throw error;
    }
    this.#changed([productId]);
    if (notified > 0) this.restock.afterCommit();
    return { id: variantId, productId, notified };
  }

  /**
   * Sets a variant's stock (a number of units, or unlimited). With `expected` (the stock the owner's
   * screen read), nothing is written when the stock is no longer that: checkouts take units with a
   * conditional decrement under the same row lock, so an edit never writes over units sold meanwhile;
   * StockChangedError answers the current stock.
   */
  setStock(variantId: number, stockInput: { qtyInStock?: unknown; unlimited?: unknown }, expected: ExpectedStock = {}) {
    return this.updateVariant(variantId, { qtyInStock: stockInput.qtyInStock, unlimited: stockInput.unlimited }, expected);
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
    if (!product) throw new NotFoundError(checkoutMessages.productNotFound);
    await this.db.merchandising.upsert({ where: { productId }, create: { productId, ...data }, update: data });
    this.#changed([productId]);
    return { productId };
  }

  /** The store pages a product can be listed on, with their categories (the product editor's choices). */
  storePages() {
    return productStorePages(this.db, this.websiteId);
  }

  /** The store's scarcity settings, read from the database (the inventory panel's settings). */
  async scarcitySettings(): Promise<ScarcitySettings> {
    const website = await this.db.website.findUniqueOrThrow({
      where: { id: this.websiteId },
      select: { scarcityThreshold: true, scarcityOnProductPages: true, scarcityInProductBlocks: true },
    });
    return { threshold: website.scarcityThreshold, onProductPages: website.scarcityOnProductPages, inProductBlocks: website.scarcityInProductBlocks };
  }

  /**
   * Changes the given scarcity settings (the others keep their values). Every process drops its cached
   * store settings and catalogue answers (settingsChanged), so product pages and blocks follow at once.
   */
  async updateScarcitySettings(input: { threshold?: unknown; onProductPages?: unknown; inProductBlocks?: unknown }): Promise<ScarcitySettings> {
    const data = defined({
      scarcityThreshold: input.threshold === undefined ? undefined : parseInput(scarcityThresholdInput, input.threshold),
      scarcityOnProductPages: input.onProductPages === undefined ? undefined : bool(input.onProductPages),
      scarcityInProductBlocks: input.inProductBlocks === undefined ? undefined : bool(input.inProductBlocks),
    });
    await this.db.website.update({ where: { id: this.websiteId }, data });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return this.scarcitySettings();
  }

  /** A product of the site by raw id, hidden ones too; null when there is none (the owner's editor). */
  findProduct<Q extends Omit<Prisma.ProductFindFirstArgs, "where">>(query: Q, productId: number) {
    return this.db.product.findFirst({ ...query, where: { id: productId, websiteId: this.websiteId } });
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
