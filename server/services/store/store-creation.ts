// Store creation (platform-support §4): a product collection, its root category, then optionally a
// link in the main navigation, in that order and in one transaction.
import { ConflictError, InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { MAIN_NAVIGATION, type NavigationItem } from "../../domain/site/navigation.ts";
import { CATEGORY_TYPES, PAGE_RENDERINGS, ROOT_CATEGORY, ROOT_CATEGORY_NAME, slugify, storeUrlId } from "../../domain/store/store-creation.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { parseJsonArray } from "../support/json.ts";

const PRODUCTS_COLLECTION_TYPE = 13;
/** platform-support §9: at most 10000 nested categories per store. */
export const MAX_CATEGORIES = 10_000;

export interface StoreCollectionInput {
  navigationTitle?: unknown;
  title?: unknown;
  urlId?: unknown;
  description?: unknown;
  enabled?: unknown;
}

export interface CategoryInput {
  displayName?: unknown;
  parentCategoryId?: unknown;
  type?: unknown;
  pageRendering?: unknown;
  displayIndex?: unknown;
}

export interface StoreCollectionView {
  id: number;
  urlId: string;
  title: string;
  navigationTitle: string;
}

export interface CategoryView {
  id: number;
  collectionId: number;
  displayName: string;
  parentCategoryId: number | null;
  type: string;
  pageRendering: string;
  displayIndex: number;
}

/** A new store: its collection, its root category, and whether it got a main-navigation link. */
export interface CreatedStore {
  collection: StoreCollectionView;
  rootCategory: CategoryView;
  addedToNavigation: boolean;
}

export interface StoreInput {
  title?: unknown;
  description?: unknown;
  navigationTitle?: unknown;
  addToMainNavigation?: unknown;
}

export class StoreCreation {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
  ) {}

  /** POST .../websites/{websiteId}/products: a product collection; its URL id is made free with -1, -2... */
  async createProductCollection(input: StoreCollectionInput, tx?: Tx): Promise<StoreCollectionView> {
    if (typeof input.title !== "string" || input.title.length > 200) throw new InvalidInputError(ownerMessages.storeTitleRequired);
    if (input.enabled !== undefined && input.enabled !== true) throw new InvalidInputError(checkoutMessages.invalidRequest);
    for (const name of ["navigationTitle", "description", "urlId"] as const) {
      if (
        input[name] !== undefined &&
        input[name] !== null &&
        (typeof input[name] !== "string" || (input[name] as string).length > (name === "description" ? 5000 : 200))
      ) {
        throw new InvalidInputError(checkoutMessages.invalidRequest);
      }
    }
    const title = input.title.trim();
    const wanted = typeof input.urlId === "string" && slugify(input.urlId) ? slugify(input.urlId) : null;
    const create = async (db: Tx) => {
      const taken = new Set((await db.collection.findMany({ where: { websiteId: this.websiteId }, select: { urlId: true } })).map((row) => row.urlId));
      const urlId = storeUrlId(wanted ?? title, (candidate) => taken.has(candidate));
      const navigationTitle = typeof input.navigationTitle === "string" && input.navigationTitle.trim() ? input.navigationTitle.trim() : title;
      const collection = await db.collection.create({
        data: {
          websiteId: this.websiteId,
          title: title || navigationTitle,
          navigationTitle,
          urlId,
          description: typeof input.description === "string" ? input.description : "",
          enabled: true,
          type: PRODUCTS_COLLECTION_TYPE,
        },
      });
      return { id: collection.id, urlId, title: collection.title, navigationTitle };
    };
    return tx ? create(tx) : this.db.$transaction(create);
  }

  /** POST .../products/{collectionId}/categories: a category; a store has one ROOT, without a parent. */
  async createCategory(collectionIdInput: unknown, input: CategoryInput, tx?: Tx): Promise<CategoryView> {
    const collectionId =
      typeof collectionIdInput === "number" ? collectionIdInput : /^\d{1,10}$/.test(String(collectionIdInput)) ? Number(collectionIdInput) : NaN;
    const type = input.type ?? "CATEGORY";
    const pageRendering = input.pageRendering ?? ROOT_CATEGORY.pageRendering;
    const displayIndex = input.displayIndex ?? ROOT_CATEGORY.displayIndex;
    if (
      typeof input.displayName !== "string" ||
      !input.displayName.trim() ||
      input.displayName.length > 25 ||
      !(CATEGORY_TYPES as readonly unknown[]).includes(type) ||
      !(PAGE_RENDERINGS as readonly unknown[]).includes(pageRendering) ||
      !Number.isInteger(displayIndex)
    ) {
      throw new InvalidInputError(ownerMessages.categoryInvalid);
    }
    const parentInput = input.parentCategoryId ?? null;
    if (type === "ROOT" && parentInput !== null) throw new InvalidInputError(ownerMessages.rootCategoryParent);
    if (parentInput !== null && !Number.isInteger(parentInput)) throw new InvalidInputError(ownerMessages.categoryInvalid);
    const parentCategoryId = parentInput as number | null;
    const displayName = input.displayName.trim();
    const create = async (db: Tx) => {
      const collection = Number.isSafeInteger(collectionId)
        ? await db.collection.findFirst({ where: { id: collectionId, websiteId: this.websiteId, type: PRODUCTS_COLLECTION_TYPE }, select: { id: true } })
        : null;
      if (!collection) throw new NotFoundError(ownerMessages.collectionNotFound);
      const existing = await db.storeCategory.findMany({
        where: { collectionId },
        select: { id: true, type: true, displayName: true, parentCategoryId: true },
      });
      if (existing.length >= MAX_CATEGORIES) throw new InvalidInputError(ownerMessages.categoryInvalid);
      if (type === "ROOT" && existing.some((category) => category.type === "ROOT")) throw new ConflictError(ownerMessages.alreadyExists("category"));
      if (parentCategoryId !== null && !existing.some((category) => category.id === parentCategoryId))
        throw new InvalidInputError(ownerMessages.categoryInvalid);
      if (existing.some((category) => category.parentCategoryId === parentCategoryId && category.displayName.toLowerCase() === displayName.toLowerCase())) {
        throw new ConflictError(ownerMessages.alreadyExists("category"));
      }
      const row = await db.storeCategory.create({
        data: {
          collectionId,
          displayName,
          parentCategoryId,
          type: type as string,
          pageRendering: pageRendering as string,
          displayIndex: displayIndex as number,
        },
      });
      return {
        id: row.id,
        collectionId,
        displayName: row.displayName,
        parentCategoryId: row.parentCategoryId,
        type: row.type,
        pageRendering: row.pageRendering,
        displayIndex: row.displayIndex,
      };
    };
    return tx ? create(tx) : this.db.$transaction(create);
  }

  /**
   * Creates a store in the spec's order, in one transaction: the product collection, its root
   * category (ROOT, LIST_VIEW, display index 1), then optionally a link in the main navigation
   * ('Unable to find site main navigation' when the site has none: nothing is created then).
   */
  async createStore(input: StoreInput): Promise<CreatedStore> {
    if (input.addToMainNavigation !== undefined && typeof input.addToMainNavigation !== "boolean") throw new InvalidInputError(checkoutMessages.invalidRequest);
    const result = await this.db.$transaction(async (tx) => {
      const collection = await this.createProductCollection(
        { title: input.title ?? "", navigationTitle: input.navigationTitle, description: input.description, enabled: true },
        tx,
      );
      const rootCategory = await this.createCategory(collection.id, { displayName: ROOT_CATEGORY_NAME, parentCategoryId: null, ...ROOT_CATEGORY }, tx);
      let addedToNavigation = false;
      if (input.addToMainNavigation === true) {
        const main = await tx.navigation.findUnique({ where: { websiteId_fieldName: { websiteId: this.websiteId, fieldName: MAIN_NAVIGATION } } });
        if (!main) throw new NotFoundError(ownerMessages.mainNavigationMissing);
        const items = parseJsonArray<NavigationItem>(main.items);
        items.push({ title: collection.navigationTitle, collectionId: collection.id, externalLink: null, memberAreaId: null, items: [] });
        await tx.navigation.update({ where: { id: main.id }, data: { items: JSON.stringify(items) } });
        addedToNavigation = true;
      }
      return { collection, rootCategory, addedToNavigation };
    });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return result;
  }
}
