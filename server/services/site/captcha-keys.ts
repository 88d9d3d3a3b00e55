// The site's reCAPTCHA keys, set by the owner: the site key goes to every page with a captcha; the secret
// stays on the server and is never read back.
import { InvalidInputError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";

/** What the owner reads back of the keys: the site key, and whether a secret is set. */
export interface CaptchaKeysView {
  siteKey: string | null;
  hasSecretKey: boolean;
}

export class CaptchaKeySettings {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
    private readonly settings: StoreSettingsService,
  ) {}

  /** Sets (or with nulls removes) the reCAPTCHA keys. The secret is never read back. */
  async save(input: { siteKey?: unknown; secretKey?: unknown }): Promise<CaptchaKeysView> {
    const key = (value: unknown) => {
      if (value === null || value === undefined || value === "") return null;
      if (typeof value !== "string" || !/^[\x21-\x7e]{1,200}$/.test(value)) throw new InvalidInputError(checkoutMessages.invalidRequest);
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
}
