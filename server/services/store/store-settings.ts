// The site's store settings, shipping options and tax rules: read on every cart view, changed rarely,
// so kept in memory and dropped when a `settingsChanged` event arrives (from any process via Redis).
import type { ScarcitySettings } from "../../domain/catalog/product-state.ts";
import type { ShippingOptionFacts, TaxRuleFacts } from "../../domain/cart/cart-totals.ts";
import { reachFromStored, type ShippingZone } from "../../domain/checkout/shipping-zones.ts";
import { NotFoundError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { EventCache } from "../support/event-cache.ts";
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
  /** Every shipping option of the store, whatever its zone. */
  shippingOptions: ShippingOptionFacts[];
  /**
   * The zones in the owner's order with their options (domain/checkout/shipping-zones.ts). Options of
   * no zone (stores from before zones) form a last rest-of-world zone, so they reach every address no
   * zone of the owner's reaches, as they did before.
   */
  shippingZones: ShippingZone[];
  /** The store's own country (ISO alpha-2): first in the checkout's country list, and the shipping a cart without an address is quoted for. */
  storeCountry: string;
  taxRules: TaxRuleFacts[];
}

/** The id of the zone that gathers options of no zone. */
export const UNZONED_OPTIONS_ZONE_ID = 0;

export class StoreSettingsService {
  readonly #cache = new EventCache<string, StoreSettings>();

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
  ) {}

  get(): Promise<StoreSettings> {
    return this.#cache.get(this.websiteId, () => this.#load());
  }

  invalidate(): void {
    this.#cache.invalidateAll();
  }

  /** Starts following `settingsChanged` (call once; `stop` ends it). */
  follow(pubsub: StorePubSub): void {
    this.#cache.follow(pubsub.subscribe("settingsChanged"), ({ websiteId }) => websiteId === this.websiteId && this.invalidate());
  }

  stop(): void {
    this.#cache.stop();
  }

  async #load(): Promise<StoreSettings> {
    const website = await this.db.website.findUnique({
      where: { id: this.websiteId },
      include: {
        shippingOptions: { orderBy: [{ position: "asc" }, { id: "asc" }] },
        shippingZones: { orderBy: [{ position: "asc" }, { id: "asc" }] },
        taxRules: { orderBy: { id: "asc" } },
      },
    });
    if (!website) throw new NotFoundError(ownerMessages.websiteMissing(this.websiteId));
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
      shippingZones: zonesOf(website.shippingZones, website.shippingOptions),
      storeCountry: website.paymentAccountCountry.toUpperCase(),
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

type ZoneRow = { id: number; name: string; kind: string; country: string; codes: string };
type OptionRow = { id: number; name: string; price: number; zoneId: number | null };

function zonesOf(zoneRows: readonly ZoneRow[], optionRows: readonly OptionRow[]): ShippingZone[] {
  const optionsOf = (zoneId: number | null) => optionRows.filter((option) => option.zoneId === zoneId).map(({ id, name, price }) => ({ id, name, price }));
  const zones: ShippingZone[] = [];
  for (const row of zoneRows) {
    const reach = reachFromStored({ kind: row.kind, country: row.country, codes: parseJsonArray<string>(row.codes) });
    if (reach) zones.push({ id: row.id, name: row.name, reach, options: optionsOf(row.id) });
  }
  const unzoned = optionsOf(null);
  if (unzoned.length > 0) zones.push({ id: UNZONED_OPTIONS_ZONE_ID, name: "", reach: { kind: "restOfWorld" }, options: unzoned });
  return zones;
}
