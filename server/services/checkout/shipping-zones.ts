// The store's shipping zones and their options (issue 14). The owner's screens that edit them are
// issue 10; these are the functions they will call. Every change drops the cached store settings in
// every process (settingsChanged), so carts are priced with the new zones at once.
import { isKnownCountry } from "../../domain/checkout/countries.ts";
import { reachFromStored, shippingZoneProblem, storedReachOf, type ShippingZone, type ZoneReach } from "../../domain/checkout/shipping-zones.ts";
import { InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { parseJsonArray } from "../support/json.ts";

export interface ShippingZoneInput {
  name: string;
  reach: ZoneReach;
  /** The zone's options, in the order offered; prices in minor units of the store's currency. An
   * option with an `id` of this zone is updated (carts that chose it keep it), one without is added,
   * and the zone's options not listed are removed. */
  options: { id?: number | null; name: string; price: number }[];
}

export class ShippingZoneService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
  ) {}

  /** The site's zones in order, with their options. */
  async list(): Promise<ShippingZone[]> {
    const rows = await this.db.shippingZone.findMany({
      where: { websiteId: this.websiteId },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      include: { options: { orderBy: [{ position: "asc" }, { id: "asc" }] } },
    });
    return rows.flatMap((row) => {
      const reach = reachFromStored({ kind: row.kind, country: row.country, codes: parseJsonArray<string>(row.codes) });
      return reach ? [{ id: row.id, name: row.name, reach, options: row.options.map(({ id, name, price }) => ({ id, name, price })) }] : [];
    });
  }

  /** Adds a zone (no `zoneId`) or replaces one of this site's; answers it as saved. */
  async save(input: ShippingZoneInput, zoneId?: number | null): Promise<ShippingZone> {
    const problem = shippingZoneProblem(input, isKnownCountry);
    if (problem) throw new InvalidInputError(problem);
    if (input.options.some((option) => option.name.trim() === "" || !Number.isSafeInteger(option.price) || option.price < 0)) {
      throw new InvalidInputError(checkoutMessages.shippingZoneInvalid);
    }
    const stored = storedReachOf(input.reach);
    const data = { name: input.name.trim(), kind: stored.kind, country: stored.country, codes: JSON.stringify(stored.codes) };
    const id = await this.db.$transaction(async (tx) => {
      const website = await tx.website.findUniqueOrThrow({ where: { id: this.websiteId }, select: { currency: true } });
      let zone;
      if (zoneId == null) {
        const position = await tx.shippingZone.count({ where: { websiteId: this.websiteId } });
        zone = await tx.shippingZone.create({ data: { ...data, websiteId: this.websiteId, position } });
      } else {
        const found = await tx.shippingZone.findFirst({ where: { id: zoneId, websiteId: this.websiteId }, select: { id: true } });
        if (!found) throw new NotFoundError(checkoutMessages.shippingZoneNotFound);
        zone = await tx.shippingZone.update({ where: { id: zoneId }, data });
      }
      const kept = input.options.flatMap((option) => (option.id ? [option.id] : []));
      await tx.shippingOption.deleteMany({ where: { zoneId: zone.id, id: { notIn: kept } } });
      for (const [position, option] of input.options.entries()) {
        const fields = { name: option.name.trim(), price: option.price, currency: website.currency, position };
        const updated = option.id ? await tx.shippingOption.updateMany({ where: { id: option.id, zoneId: zone.id }, data: fields }) : { count: 0 };
        if (updated.count === 0) await tx.shippingOption.create({ data: { ...fields, websiteId: this.websiteId, zoneId: zone.id } });
      }
      return zone.id;
    });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    return (await this.list()).find((zone) => zone.id === id)!;
  }

  /** Puts the site's zones in the given order (every zone once); the first reaches an address first between equally specific zones. */
  async reorder(zoneIds: readonly number[]): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const rows = await tx.shippingZone.findMany({ where: { websiteId: this.websiteId }, select: { id: true } });
      const known = new Set(rows.map((row) => row.id));
      if (zoneIds.length !== known.size || new Set(zoneIds).size !== zoneIds.length || !zoneIds.every((id) => known.has(id))) {
        throw new InvalidInputError(ownerMessages.storeZonesMismatch);
      }
      for (const [position, id] of zoneIds.entries()) await tx.shippingZone.update({ where: { id }, data: { position } });
    });
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
  }

  /** Removes a zone and its options. */
  async delete(zoneId: number): Promise<void> {
    const removed = await this.db.shippingZone.deleteMany({ where: { id: zoneId, websiteId: this.websiteId } });
    if (removed.count === 0) throw new NotFoundError(checkoutMessages.shippingZoneNotFound);
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
  }
}
