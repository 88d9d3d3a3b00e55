// The site's languages and the multilingual (translation plugin) connection (platform-support §5).
import { InvalidInputError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { checkLanguages } from "../../domain/site/languages.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";

export interface SiteLanguages {
  languages: { code: string; isDefault: boolean }[];
}

export class LanguageSettings {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
  ) {}

  async #website() {
    return this.db.website.findUniqueOrThrow({
      where: { id: this.websiteId },
      select: { defaultLanguage: true, multilingualConnected: true, multilingualTransactionalEmails: true },
    });
  }

  async languages(): Promise<SiteLanguages> {
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
  async saveLanguages(input: unknown): Promise<SiteLanguages> {
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
    if (typeof input.transactionalEmailsEnabled !== "boolean") throw new InvalidInputError(checkoutMessages.invalidRequest);
    await this.db.website.update({ where: { id: this.websiteId }, data: { multilingualTransactionalEmails: input.transactionalEmailsEnabled } });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return this.multilingualSettings();
  }
}
