// The owner's site settings (platform-support §3-§5, §7), one front for the transports over the parts
// that own each responsibility: header/footer, languages and the multilingual connection, captcha
// keys, navigation and the site layout. (Commerce preferences and store creation: store/store-setup.ts.)
// Each write is one transaction; events after commit tell other processes.
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { CaptchaKeySettings } from "./captcha-keys.ts";
import { HeaderFooterSettings } from "./header-footer.ts";
import { LanguageSettings } from "./languages.ts";
import { NavigationSettings, type NavigationUpdate } from "./navigation.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";

export type { CaptchaKeysView } from "./captcha-keys.ts";
export type { SiteLayout } from "./navigation.ts";

export class SiteSettingsService {
  readonly #headerFooter: HeaderFooterSettings;
  readonly #languages: LanguageSettings;
  readonly #captchaKeys: CaptchaKeySettings;
  readonly #navigation: NavigationSettings;

  constructor(db: Db, websiteId: string, pubsub: StorePubSub, settings: StoreSettingsService) {
    this.#headerFooter = new HeaderFooterSettings(db, websiteId, pubsub);
    this.#languages = new LanguageSettings(db, websiteId, pubsub);
    this.#captchaKeys = new CaptchaKeySettings(db, websiteId, pubsub, settings);
    this.#navigation = new NavigationSettings(db, websiteId, pubsub);
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
}
