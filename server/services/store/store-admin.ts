// The owner's store settings (issue 10 §2): currency, checkout minimum, express checkout, multiple
// quantity for services, pay-later, tax rules and coupons (shipping zones: checkout/shipping-zones.ts).
// Field errors come from domain/store/store-settings.ts as a FormInvalidError. Every change publishes
// settingsChanged (drops the cached store settings, cart views and GraphQL results in every process);
// a currency change also publishes catalogChanged, as every price is re-expressed in the new currency.
import { isKnownCountry } from "../../domain/checkout/countries.ts";
import { FormInvalidError, NotFoundError } from "../../domain/errors.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { currencyDecimals } from "../../domain/money.ts";
import {
  couponInputProblems,
  rescaleAmount,
  storeSettingsProblems,
  taxRuleProblems,
  type CouponInput,
  type StoreSettingsInput,
  type TaxRuleInput,
} from "../../domain/store/store-settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import type { ProductDefinitions } from "../catalog/product-definitions.ts";
import { isUniqueViolation } from "../support/unique-violation.ts";
import type { StoreSettingsService } from "./store-settings.ts";

export interface CouponView {
  id: number;
  code: string;
  kind: string;
  percentOffMillipercent: number;
  amountOff: number;
  minimumSubtotal: number;
  currency: string;
  startsAt: Date | null;
  expiresAt: Date | null;
  usageLimit: number | null;
  timesUsed: number;
  active: boolean;
}

export interface StoreView {
  id: number;
  urlId: string;
  title: string;
}

export class StoreAdminService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
    private readonly settings: StoreSettingsService,
    private readonly definitions: ProductDefinitions,
  ) {}

  #changed(catalogToo = false): void {
    this.settings.invalidate();
    this.pubsub.publish("settingsChanged", { websiteId: this.websiteId });
    if (catalogToo) {
      this.definitions.invalidate(null);
      this.pubsub.publish("catalogChanged", { productIds: null });
    }
  }

  /** Saves the store's settings; a new currency re-expresses every stored price in it (rescaleAmount). */
  async update(input: StoreSettingsInput): Promise<void> {
    const errors = storeSettingsProblems(input);
    if (errors.length > 0) throw new FormInvalidError(errors);
    const currencyChanged = await this.db.$transaction(async (tx) => {
      const website = await tx.website.findUniqueOrThrow({ where: { id: this.websiteId }, select: { currency: true } });
      const changed = website.currency !== input.currency;
      if (changed) await this.#changeCurrency(tx, website.currency, input.currency);
      await tx.website.update({
        where: { id: this.websiteId },
        data: {
          currency: input.currency,
          checkoutMinimumSubtotal: input.checkoutMinimum,
          expressCheckout: input.expressCheckout,
          multipleQuantityAllowedForServices: input.multipleQuantityAllowedForServices,
          payLaterEnabled: input.payLaterEnabled,
          payLaterMin: input.payLaterMinimum,
          payLaterMax: input.payLaterMaximum,
          paymentAccountCountry: input.payLaterAccountCountry,
        },
      });
      return changed;
    });
    this.#changed(currencyChanged);
  }

  /**
   * Every price of the store (products, variants, gift-card denominations, shipping options, coupons,
   * open carts) in the new currency, keeping its major-unit figure. Orders keep theirs: they are history.
   * The minimum and pay-later bounds come with the same save, already in the new currency.
   */
  async #changeCurrency(tx: Tx, from: string, to: string): Promise<void> {
    const scale = (value: number) => rescaleAmount(value, currencyDecimals(from), currencyDecimals(to));
    const where = { websiteId: this.websiteId };
    const rescaled = scale(100) !== 100;
    if (rescaled) {
      for (const row of await tx.product.findMany({ where, select: { id: true, price: true, salePrice: true, sortPrice: true } })) {
        await tx.product.update({
          where: { id: row.id },
          data: {
            price: row.price === null ? null : scale(row.price),
            salePrice: row.salePrice === null ? null : scale(row.salePrice),
            sortPrice: scale(row.sortPrice),
          },
        });
      }
      for (const row of await tx.variant.findMany({ where: { product: where }, select: { id: true, price: true, salePrice: true } })) {
        await tx.variant.update({ where: { id: row.id }, data: { price: scale(row.price), salePrice: scale(row.salePrice) } });
      }
      for (const row of await tx.giftCardDenomination.findMany({ where: { product: where }, select: { id: true, amount: true } })) {
        await tx.giftCardDenomination.update({ where: { id: row.id }, data: { amount: scale(row.amount) } });
      }
      for (const row of await tx.shippingOption.findMany({ where, select: { id: true, price: true } })) {
        await tx.shippingOption.update({ where: { id: row.id }, data: { price: scale(row.price) } });
      }
      for (const row of await tx.coupon.findMany({ where, select: { id: true, amountOff: true, minimumSubtotal: true } })) {
        await tx.coupon.update({ where: { id: row.id }, data: { amountOff: scale(row.amountOff), minimumSubtotal: scale(row.minimumSubtotal) } });
      }
    }
    await tx.product.updateMany({ where, data: { currency: to } });
    await tx.variant.updateMany({ where: { product: where }, data: { currency: to } });
    await tx.giftCardDenomination.updateMany({ where: { product: where }, data: { currency: to } });
    await tx.shippingOption.updateMany({ where, data: { currency: to } });
    await tx.coupon.updateMany({ where, data: { currency: to } });
    await tx.cart.updateMany({ where: { ...where, isPurchased: false }, data: { currency: to } });
  }

  /** The store's tax rules, in the order they were made. */
  taxRules() {
    return this.db.taxRule.findMany({ where: { websiteId: this.websiteId }, orderBy: { id: "asc" } });
  }

  /** Adds a tax rule (no id) or changes one of this site's. */
  async saveTaxRule(input: TaxRuleInput, taxRuleId: number | null): Promise<void> {
    const rule = { ...input, name: input.name.trim(), country: input.country.trim().toUpperCase(), region: input.region.trim().toUpperCase() };
    const errors = taxRuleProblems(rule, isKnownCountry);
    if (errors.length > 0) throw new FormInvalidError(errors);
    if (taxRuleId === null) {
      await this.db.taxRule.create({ data: { ...rule, websiteId: this.websiteId } });
    } else {
      const updated = await this.db.taxRule.updateMany({ where: { id: taxRuleId, websiteId: this.websiteId }, data: rule });
      if (updated.count === 0) throw new NotFoundError(ownerMessages.storeTaxRuleNotFound);
    }
    this.#changed();
  }

  async deleteTaxRule(taxRuleId: number): Promise<void> {
    const removed = await this.db.taxRule.deleteMany({ where: { id: taxRuleId, websiteId: this.websiteId } });
    if (removed.count === 0) throw new NotFoundError(ownerMessages.storeTaxRuleNotFound);
    this.#changed();
  }

  /** The store's coupons, newest first. */
  coupons(): Promise<CouponView[]> {
    return this.db.coupon.findMany({ where: { websiteId: this.websiteId }, orderBy: { id: "desc" } });
  }

  /** Adds a coupon (no id) or changes one of this site's; its amounts are in the store's currency. */
  async saveCoupon(input: CouponInput, couponId: number | null): Promise<void> {
    const coupon = { ...input, code: input.code.trim() };
    const errors = couponInputProblems(coupon);
    if (errors.length > 0) throw new FormInvalidError(errors);
    const { currency } = await this.settings.get();
    const data = {
      code: coupon.code,
      kind: coupon.kind,
      percentOffMillipercent: coupon.kind === "PERCENT" ? coupon.percentOffMillipercent : 0,
      amountOff: coupon.kind === "AMOUNT" ? coupon.amountOff : 0,
      minimumSubtotal: coupon.minimumSubtotal,
      currency,
      startsAt: coupon.startsAt,
      expiresAt: coupon.expiresAt,
      usageLimit: coupon.usageLimit,
      active: coupon.active,
    };
    try {
      if (couponId === null) {
        await this.db.coupon.create({ data: { ...data, websiteId: this.websiteId } });
      } else {
        const updated = await this.db.coupon.updateMany({ where: { id: couponId, websiteId: this.websiteId }, data });
        if (updated.count === 0) throw new NotFoundError(ownerMessages.storeCouponNotFound);
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw new FormInvalidError([{ fieldId: "code", message: ownerMessages.storeCouponCodeTaken }]);
      throw error;
    }
    this.#changed();
  }

  async deleteCoupon(couponId: number): Promise<void> {
    const removed = await this.db.coupon.deleteMany({ where: { id: couponId, websiteId: this.websiteId } });
    if (removed.count === 0) throw new NotFoundError(ownerMessages.storeCouponNotFound);
    this.#changed();
  }

  /** The site's stores (product collections), oldest first; each has its page at /{urlId}. */
  stores(): Promise<StoreView[]> {
    return this.db.collection.findMany({
      where: { websiteId: this.websiteId, type: 13 },
      orderBy: { id: "asc" },
      select: { id: true, urlId: true, title: true },
    });
  }
}
