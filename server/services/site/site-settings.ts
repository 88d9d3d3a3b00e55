// The owner's site settings (platform-support §3-§7), one front for the transports over the parts
// that own each responsibility: header/footer, languages and the multilingual connection, captcha
// keys, commerce preferences per namespace, navigation and the site layout, and store creation.
// Each write is one transaction; events after commit tell other processes.
import { NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/checkout-messages.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { CaptchaKeySettings } from "./captcha-keys.ts";
import { CommercePreferenceSettings } from "../store/commerce-preferences.ts";
import { HeaderFooterSettings } from "./header-footer.ts";
import { LanguageSettings } from "./languages.ts";
import { NavigationSettings, type NavigationUpdate } from "./navigation.ts";
import { StoreCreation, type CategoryInput, type StoreCollectionInput, type StoreInput } from "../store/store-creation.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";

export type { CaptchaKeysView } from "./captcha-keys.ts";
export type { SiteLayout } from "./navigation.ts";
export {
  MAX_CATEGORIES,
  type CategoryInput,
  type CategoryView,
  type CreatedStore,
  type StoreCollectionInput,
  type StoreCollectionView,
  type StoreInput,
} from "../store/store-creation.ts";

export class OwnerSettingsService {
  readonly #headerFooter: HeaderFooterSettings;
  readonly #languages: LanguageSettings;
  readonly #captchaKeys: CaptchaKeySettings;
  readonly #commercePreferences: CommercePreferenceSettings;
  readonly #navigation: NavigationSettings;
  readonly #stores: StoreCreation;

  constructor(
    db: Db,
    private readonly websiteId: string,
    pubsub: StorePubSub,
    settings: StoreSettingsService,
  ) {
    this.#headerFooter = new HeaderFooterSettings(db, websiteId, pubsub);
    this.#languages = new LanguageSettings(db, websiteId, pubsub);
    this.#captchaKeys = new CaptchaKeySettings(db, websiteId, pubsub, settings);
    this.#commercePreferences = new CommercePreferenceSettings(db, websiteId, pubsub);
    this.#navigation = new NavigationSettings(db, websiteId, pubsub);
    this.#stores = new StoreCreation(db, websiteId, pubsub);
  }

  /** A websiteId from a request (a REST path) must name this site: another site's is as unknown as a wrong path. */
  checkWebsite(websiteId: string): void {
    if (websiteId !== this.websiteId) throw new NotFoundError(checkoutMessages.routeNotFound);
  }

  // header and footer
  headerFooter() {
    return this.#headerFooter.read();
  }
  saveHeaderFooter(input: { header?: unknown; footer?: unknown }) {
    return this.#headerFooter.save(input);
  }

  // languages and the multilingual connection
  languages() {
    return this.#languages.languages();
  }
  multilingualSettings() {
    return this.#languages.multilingualSettings();
  }
  multilingualStatus() {
    return this.#languages.multilingualStatus();
  }
  saveLanguages(input: unknown) {
    return this.#languages.saveLanguages(input);
  }
  disconnectMultilingual() {
    return this.#languages.disconnectMultilingual();
  }
  updateMultilingualSettings(input: { transactionalEmailsEnabled?: unknown }) {
    return this.#languages.updateMultilingualSettings(input);
  }

  // captcha keys
  saveCaptchaSettings(input: { siteKey?: unknown; secretKey?: unknown }) {
    return this.#captchaKeys.save(input);
  }

  // commerce preferences
  commercePreferences(namespace: unknown) {
    return this.#commercePreferences.read(namespace);
  }
  saveCommercePreferences(namespace: unknown, input: unknown) {
    return this.#commercePreferences.save(namespace, input);
  }
  /** The saves of this site's `namespace` that changed its preferences, as they happen (on any server). */
  commercePreferencesChanges(namespace: string) {
    return this.#commercePreferences.changes(namespace);
  }

  // navigation and site layout
  updateNavigation(input: NavigationUpdate) {
    return this.#navigation.update(input);
  }
  siteLayout() {
    return this.#navigation.siteLayout();
  }
  /** Every navigation of the site in the layout's order, whether or not it has a main one (the admin's navigation screen). */
  navigations() {
    return this.#navigation.layout();
  }
  /** The site's collections a navigation item may link to. */
  collections() {
    return this.#navigation.collections();
  }

  // store creation
  createProductCollection(input: StoreCollectionInput, tx?: Tx) {
    return this.#stores.createProductCollection(input, tx);
  }
  createCategory(collectionId: unknown, input: CategoryInput, tx?: Tx) {
    return this.#stores.createCategory(collectionId, input, tx);
  }
  createStore(input: StoreInput) {
    return this.#stores.createStore(input);
  }
}
