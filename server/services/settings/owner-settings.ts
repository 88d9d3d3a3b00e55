// The owner's site settings (platform-support §3-§7): header/footer, languages and the multilingual
// connection, commerce preferences per namespace, navigation and the site layout, store creation,
// and the captcha keys. Each write is one transaction; events after commit tell other processes.
import { filter, pipe } from "graphql-yoga";
import { ConflictError, InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import {
  HIDDEN_NAVIGATION,
  MAIN_NAVIGATION,
  MEMBER_AREAS_NAVIGATION,
  NAVIGATION_NAMES,
  SECONDARY_NAVIGATION,
  checkNavigationItems,
  layoutLinks,
  orderLayout,
  type LayoutLink,
  type NavigationItem,
} from "../../domain/settings/navigation.ts";
import {
  CATEGORY_TYPES,
  NAMESPACE_PATTERN,
  PAGE_RENDERINGS,
  ROOT_CATEGORY,
  ROOT_CATEGORY_NAME,
  checkLanguages,
  cleanPreferences,
  preferencesChanged,
  slugify,
  storeUrlId,
} from "../../domain/settings/site-settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { parseJsonArray } from "../support/json.ts";
import type { StoreSettingsService } from "./store-settings.ts";

type Json = Record<string, unknown>;

const parseObject = (text: string): Json => {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
};

const isObject = (value: unknown): value is Json => !!value && typeof value === "object" && !Array.isArray(value);

/** JSON settings values are capped (64 KiB of JSON text each). */
const MAX_JSON_TEXT = 64 * 1024;
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

export interface CategoryView {
  id: number;
  collectionId: number;
  displayName: string;
  parentCategoryId: number | null;
  type: string;
  pageRendering: string;
  displayIndex: number;
}

export interface SiteLayout {
  layout: { identifier: string; templateId: string | null; links: LayoutLink[] }[];
}

export class OwnerSettingsService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
    private readonly settings: StoreSettingsService,
  ) {}

  // ---- header and footer ----

  async headerFooter(): Promise<{ header: Json; footer: Json }> {
    const row = await this.db.siteHeaderFooter.findUnique({ where: { websiteId: this.websiteId } });
    return { header: parseObject(row?.header ?? "{}"), footer: parseObject(row?.footer ?? "{}") };
  }

  async saveHeaderFooter(input: { header?: unknown; footer?: unknown }): Promise<{ header: Json; footer: Json }> {
    if (!isObject(input.header) || !isObject(input.footer)) throw new InvalidInputError(messages.headerFooterInvalid);
    const header = JSON.stringify(input.header);
    const footer = JSON.stringify(input.footer);
    if (header.length > MAX_JSON_TEXT || footer.length > MAX_JSON_TEXT) throw new InvalidInputError(messages.headerFooterInvalid);
    await this.db.siteHeaderFooter.upsert({
      where: { websiteId: this.websiteId },
      create: { websiteId: this.websiteId, header, footer },
      update: { header, footer },
    });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return { header: input.header, footer: input.footer };
  }

  // ---- languages ----

  async #website() {
    return this.db.website.findUniqueOrThrow({
      where: { id: this.websiteId },
      select: { defaultLanguage: true, multilingualConnected: true, multilingualTransactionalEmails: true },
    });
  }

  async languages(): Promise<{ languages: { code: string; isDefault: boolean }[] }> {
    const [website, rows] = await Promise.all([
      this.#website(),
      this.db.siteLanguage.findMany({ where: { websiteId: this.websiteId }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    ]);
    const codes = rows.length > 0 ? rows.map((row) => row.code) : [website.defaultLanguage];
    return { languages: codes.map((code) => ({ code, isDefault: code === website.defaultLanguage })) };
  }

  /** GET /api/multilingual/settings */
  async multilingualSettings() {
    const website = await this.#website();
    return { defaultLanguage: website.defaultLanguage, transactionalEmailsEnabled: website.multilingualTransactionalEmails };
  }

  /** GET /api/multilingual/status */
  async multilingualStatus() {
    const [website, count] = await Promise.all([this.#website(), this.db.siteLanguage.count({ where: { websiteId: this.websiteId } })]);
    return { connected: website.multilingualConnected, languageCount: Math.max(count, 1) };
  }

  /**
   * PUT /api/multilingual/languages: the site's languages, the first the default. Saving more than
   * one language connects the translation plugin; the connection's DELETE disconnects it.
   */
  async saveLanguages(input: unknown) {
    const checked = checkLanguages(input);
    if (!checked.ok) throw new InvalidInputError(checked.problem);
    await this.db.$transaction(async (tx) => {
      await tx.siteLanguage.deleteMany({ where: { websiteId: this.websiteId } });
      for (const [position, code] of checked.languages.entries()) await tx.siteLanguage.create({ data: { websiteId: this.websiteId, code, position } });
      await tx.website.update({
        where: { id: this.websiteId },
        data: { defaultLanguage: checked.languages[0], ...(checked.languages.length > 1 ? { multilingualConnected: true } : {}) },
      });
    });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return this.languages();
  }

  /** DELETE /api/multilingual/connection: disconnects translation; only the default language stays. */
  async disconnectMultilingual() {
    const website = await this.#website();
    await this.db.$transaction(async (tx) => {
      await tx.siteLanguage.deleteMany({ where: { websiteId: this.websiteId, code: { not: website.defaultLanguage } } });
      await tx.website.update({ where: { id: this.websiteId }, data: { multilingualConnected: false, multilingualTransactionalEmails: false } });
    });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return this.multilingualStatus();
  }

  async updateMultilingualSettings(input: { transactionalEmailsEnabled?: unknown }) {
    if (typeof input.transactionalEmailsEnabled !== "boolean") throw new InvalidInputError(messages.invalidRequest);
    await this.db.website.update({ where: { id: this.websiteId }, data: { multilingualTransactionalEmails: input.transactionalEmailsEnabled } });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return this.multilingualSettings();
  }

  // ---- captcha ----

  /** Sets (or with nulls removes) the reCAPTCHA keys. The secret is never read back. */
  async saveCaptchaSettings(input: { siteKey?: unknown; secretKey?: unknown }) {
    const key = (value: unknown) => {
      if (value === null || value === undefined || value === "") return null;
      if (typeof value !== "string" || !/^[\x21-\x7e]{1,200}$/.test(value)) throw new InvalidInputError(messages.invalidRequest);
      return value;
    };
    const siteKey = key(input.siteKey);
    const secretKey = key(input.secretKey);
    await this.db.website.update({
      where: { id: this.websiteId },
      data: { captchaSiteKey: siteKey, ...(input.secretKey !== undefined || siteKey === null ? { captchaSecretKey: secretKey } : {}) },
    });
    // The site key is part of the cached store settings of every process.
    this.settings.invalidate();
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    const website = await this.db.website.findUniqueOrThrow({ where: { id: this.websiteId }, select: { captchaSiteKey: true, captchaSecretKey: true } });
    return { siteKey: website.captchaSiteKey, hasSecretKey: website.captchaSecretKey !== null };
  }

  // ---- commerce preferences ----

  #namespace(namespace: unknown): string {
    if (typeof namespace !== "string" || !NAMESPACE_PATTERN.test(namespace)) throw new InvalidInputError(messages.namespaceInvalid);
    return namespace;
  }

  /** A websiteId from a request (a REST path) must name this site: another site's is as unknown as a wrong path. */
  checkWebsite(websiteId: string): void {
    if (websiteId !== this.websiteId) throw new NotFoundError(messages.routeNotFound);
  }

  /** The saves of this site's `namespace` that changed its preferences, as they happen (on any server). */
  commercePreferencesChanges(namespace: string) {
    return pipe(
      this.pubsub.subscribe("commercePreferencesChanged"),
      filter((event) => event.websiteId === this.websiteId && event.namespace === namespace),
    );
  }

  /** GET /api/v1/commerce-preferences/{namespace}: the preferences with the server's websiteId. */
  async commercePreferences(namespaceInput: unknown): Promise<{ websiteId: string; namespace: string; preferences: Json; version: number }> {
    const namespace = this.#namespace(namespaceInput);
    const row = await this.db.commercePreference.findUnique({ where: { websiteId_namespace: { websiteId: this.websiteId, namespace } } });
    return { websiteId: this.websiteId, namespace, preferences: parseObject(row?.preferences ?? "{}"), version: row?.version ?? 0 };
  }

  /**
   * PUT /api/v1/commerce-preferences/{namespace}: replaces the namespace's preferences with the sent
   * ones, websiteId dropped and empty values filtered out. An unchanged save is skipped (no write, no
   * event); every other save is broadcast to subscribers (commercePreferencesChanged).
   */
  async saveCommercePreferences(
    namespaceInput: unknown,
    input: unknown,
  ): Promise<{ websiteId: string; namespace: string; preferences: Json; version: number; changed: boolean }> {
    const namespace = this.#namespace(namespaceInput);
    if (!isObject(input)) throw new InvalidInputError(messages.preferencesNotObject);
    const preferences = cleanPreferences(input);
    const text = JSON.stringify(preferences);
    if (text.length > MAX_JSON_TEXT) throw new InvalidInputError(messages.bodyTooLarge);
    const saved = await this.db.$transaction(async (tx) => {
      const row = await tx.commercePreference.findUnique({ where: { websiteId_namespace: { websiteId: this.websiteId, namespace } } });
      const before = parseObject(row?.preferences ?? "{}");
      if (row && !preferencesChanged(before, preferences)) return { version: row.version, changed: false };
      const written = row
        ? await tx.commercePreference.update({
            where: { websiteId_namespace: { websiteId: this.websiteId, namespace } },
            data: { preferences: text, version: { increment: 1 } },
          })
        : await tx.commercePreference.create({ data: { websiteId: this.websiteId, namespace, preferences: text } });
      return { version: written.version, changed: true };
    });
    if (saved.changed) this.pubsub.publish("commercePreferencesChanged", { websiteId: this.websiteId, namespace });
    return { websiteId: this.websiteId, namespace, preferences, ...saved };
  }

  // ---- navigation and site layout ----

  async #collections(db: Db | Tx) {
    const rows = await db.collection.findMany({ where: { websiteId: this.websiteId }, select: { id: true, title: true, urlId: true } });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * POST /api/widget/UpdateNavigation: replaces the items of one navigation (mainNav, secondaryNav,
   * _hidden or _memberareas).
   */
  async updateNavigation(input: { fieldName?: unknown; templateId?: unknown; navigation?: unknown }) {
    if (typeof input.fieldName !== "string" || !(NAVIGATION_NAMES as readonly string[]).includes(input.fieldName))
      throw new InvalidInputError(messages.navigationInvalid);
    if (input.templateId !== undefined && input.templateId !== null && (typeof input.templateId !== "string" || input.templateId.length > 100)) {
      throw new InvalidInputError(messages.navigationInvalid);
    }
    if (!isObject(input.navigation)) throw new InvalidInputError(messages.navigationInvalid);
    const fieldName = input.fieldName;
    const collections = await this.#collections(this.db);
    const checked = checkNavigationItems(input.navigation.items, (id) => collections.has(id));
    if (!checked.ok) throw new InvalidInputError(checked.problem);
    const templateId = (input.templateId as string | null | undefined) ?? null;
    const position = [MAIN_NAVIGATION, SECONDARY_NAVIGATION, HIDDEN_NAVIGATION, MEMBER_AREAS_NAVIGATION].indexOf(fieldName);
    await this.db.navigation.upsert({
      where: { websiteId_fieldName: { websiteId: this.websiteId, fieldName } },
      create: { websiteId: this.websiteId, fieldName, templateId, items: JSON.stringify(checked.value), position },
      update: { templateId, items: JSON.stringify(checked.value) },
    });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return { fieldName, templateId, navigation: { items: checked.value } };
  }

  /** GET /api/commondata/GetSiteLayout: the navigations, main navigation first (layout[0]). */
  async siteLayout(): Promise<SiteLayout> {
    const [navigations, collections] = await Promise.all([this.db.navigation.findMany({ where: { websiteId: this.websiteId } }), this.#collections(this.db)]);
    if (!navigations.some((navigation) => navigation.fieldName === MAIN_NAVIGATION)) throw new NotFoundError(messages.mainNavigationMissing);
    return {
      layout: orderLayout(navigations).map((navigation) => ({
        identifier: navigation.fieldName,
        templateId: navigation.templateId,
        links: layoutLinks(parseJsonArray<NavigationItem>(navigation.items), collections),
      })),
    };
  }

  // ---- store creation (platform-support §4: collection, then root category, then navigation) ----

  /** POST .../websites/{websiteId}/products: a product collection; its URL id is made free with -1, -2... */
  async createProductCollection(input: StoreCollectionInput, tx?: Tx): Promise<{ id: number; urlId: string; title: string; navigationTitle: string }> {
    if (typeof input.title !== "string" || input.title.length > 200) throw new InvalidInputError(messages.storeTitleRequired);
    if (input.enabled !== undefined && input.enabled !== true) throw new InvalidInputError(messages.invalidRequest);
    for (const name of ["navigationTitle", "description", "urlId"] as const) {
      if (
        input[name] !== undefined &&
        input[name] !== null &&
        (typeof input[name] !== "string" || (input[name] as string).length > (name === "description" ? 5000 : 200))
      ) {
        throw new InvalidInputError(messages.invalidRequest);
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
      throw new InvalidInputError(messages.categoryInvalid);
    }
    const parentInput = input.parentCategoryId ?? null;
    if (type === "ROOT" && parentInput !== null) throw new InvalidInputError(messages.rootCategoryParent);
    if (parentInput !== null && !Number.isInteger(parentInput)) throw new InvalidInputError(messages.categoryInvalid);
    const parentCategoryId = parentInput as number | null;
    const displayName = input.displayName.trim();
    const create = async (db: Tx) => {
      const collection = Number.isSafeInteger(collectionId)
        ? await db.collection.findFirst({ where: { id: collectionId, websiteId: this.websiteId, type: PRODUCTS_COLLECTION_TYPE }, select: { id: true } })
        : null;
      if (!collection) throw new NotFoundError(messages.collectionNotFound);
      const existing = await db.storeCategory.findMany({
        where: { collectionId },
        select: { id: true, type: true, displayName: true, parentCategoryId: true },
      });
      if (existing.length >= MAX_CATEGORIES) throw new InvalidInputError(messages.categoryInvalid);
      if (type === "ROOT" && existing.some((category) => category.type === "ROOT")) throw new ConflictError(messages.alreadyExists("category"));
      if (parentCategoryId !== null && !existing.some((category) => category.id === parentCategoryId)) throw new InvalidInputError(messages.categoryInvalid);
      if (existing.some((category) => category.parentCategoryId === parentCategoryId && category.displayName.toLowerCase() === displayName.toLowerCase())) {
        throw new ConflictError(messages.alreadyExists("category"));
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
  async createStore(input: { title?: unknown; description?: unknown; navigationTitle?: unknown; addToMainNavigation?: unknown }) {
    if (input.addToMainNavigation !== undefined && typeof input.addToMainNavigation !== "boolean") throw new InvalidInputError(messages.invalidRequest);
    const result = await this.db.$transaction(async (tx) => {
      const collection = await this.createProductCollection(
        { title: input.title ?? "", navigationTitle: input.navigationTitle, description: input.description, enabled: true },
        tx,
      );
      const rootCategory = await this.createCategory(collection.id, { displayName: ROOT_CATEGORY_NAME, parentCategoryId: null, ...ROOT_CATEGORY }, tx);
      let addedToNavigation = false;
      if (input.addToMainNavigation === true) {
        const main = await tx.navigation.findUnique({ where: { websiteId_fieldName: { websiteId: this.websiteId, fieldName: MAIN_NAVIGATION } } });
        if (!main) throw new NotFoundError(messages.mainNavigationMissing);
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
