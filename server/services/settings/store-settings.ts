// The site's store settings, shipping options and tax rules: read on every cart view, changed rarely,
// so kept in memory and dropped when a `settingsChanged` event arrives (from any process via Redis).
import type { ScarcitySettings } from "../../domain/catalog/product-state.ts";
import type { ShippingOptionFacts, TaxRuleFacts } from "../../domain/cart/cart-totals.ts";
import { NotFoundError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { parseJsonArray } from "../support/json.ts";

export interface StoreSettings {
  websiteId: string;
  title: string;
  currency: string;
  timeZone: string;
  captchaSiteKey: string | null;
  multipleQuantityAllowedForServices: boolean;
  checkoutMinimumSubtotal: number;
  expressCheckout: boolean;
  payLater: { enabled: boolean; min: number; max: number; accountCountry: string };
  /** The inventory panel's scarcity settings (threshold, product pages, product blocks). */
  scarcity: ScarcitySettings;
  shippingOptions: ShippingOptionFacts[];
  taxRules: TaxRuleFacts[];
}

export class StoreSettingsService {
  #cached: Promise<StoreSettings> | null = null;
  #listening: AsyncIterator<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
  ) {}

  get(): Promise<StoreSettings> {
    if (!this.#cached) {
      this.#cached = this.#load();
      this.#cached.catch(() => (this.#cached = null));
    }
    return this.#cached;
  }

  invalidate(): void {
    this.#cached = null;
  }

  /** Starts following `settingsChanged` (call once; `stop` ends it). */
  follow(pubsub: StorePubSub): void {
    const events = pubsub.subscribe("settingsChanged");
    this.#listening = events;
    void (async () => {
      for await (const { websiteId } of events) if (websiteId === this.websiteId) this.invalidate();
    })();
  }

  stop(): void {
    void this.#listening?.return?.();
  }

  async #load(): Promise<StoreSettings> {
    const website = await this.db.website.findUnique({
      where: { id: this.websiteId },
      include: { shippingOptions: { orderBy: [{ position: "asc" }, { id: "asc" }] }, taxRules: { orderBy: { id: "asc" } } },
    });
    if (!website) throw new NotFoundError(messages.websiteMissing(this.websiteId));
    return {
      websiteId: website.id,
      title: website.title,
      currency: website.currency,
      timeZone: website.timeZone,
      captchaSiteKey: website.captchaSiteKey,
      multipleQuantityAllowedForServices: website.multipleQuantityAllowedForServices,
      checkoutMinimumSubtotal: website.checkoutMinimumSubtotal,
      expressCheckout: website.expressCheckout,
      payLater: { enabled: website.payLaterEnabled, min: website.payLaterMin, max: website.payLaterMax, accountCountry: website.paymentAccountCountry },
      scarcity: { threshold: website.scarcityThreshold, onProductPages: website.scarcityOnProductPages, inProductBlocks: website.scarcityInProductBlocks },
      shippingOptions: website.shippingOptions.map(({ id, name, price }) => ({ id, name, price })),
      taxRules: website.taxRules.map((rule) => ({
        id: rule.id,
        name: rule.name,
        rateMillipercent: rule.rateMillipercent,
        country: rule.country,
        region: rule.region,
        appliesTo: parseJsonArray<number>(rule.appliesTo),
      })),
    };
  }
}
