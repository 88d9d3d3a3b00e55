// The owner's store settings over GraphQL (issue 10 §2): one `ownerStoreSettings` object (with a
// fixed `id`, so every mutation's answer updates the admin's screen in place) and the mutations that
// change it: settings, shipping zones (save, delete, order), tax rules and coupons. Reading needs
// commerce.read, changing commerce.write. Field errors answer as FormInvalidError.fieldErrors.
import { FormInvalidError, InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { SUPPORTED_CURRENCIES } from "../domain/money.ts";
import { PAY_LATER_ACCOUNT_COUNTRIES } from "../domain/cart/installments.ts";
import type { ShippingZone, ZoneReach } from "../domain/checkout/shipping-zones.ts";
import { COUPON_KINDS, type CouponKind } from "../domain/store/store-settings.ts";
import type { CouponView, StoreView } from "../services/store/store-admin.ts";
import type { StoreSettings } from "../services/store/store-settings.ts";
import { builder } from "./builder.ts";
import { MoneyRef } from "./money.ts";
import { successWith } from "./payloads.ts";

type Settings = StoreSettings;

const ZoneKindEnum = builder.enumType("ShippingZoneKind", { values: ["COUNTRIES", "REGIONS", "REST_OF_WORLD"] as const });
const CouponKindEnum = builder.enumType("CouponKind", { values: COUPON_KINDS });

const OwnerShippingOptionRef = builder.objectRef<{ id: number; name: string; price: number; currency: string }>("OwnerShippingOption").implement({
  fields: (t) => ({
    optionId: t.exposeInt("id"),
    name: t.exposeString("name"),
    price: t.field({ type: MoneyRef, resolve: (option) => ({ value: option.price, currency: option.currency }) }),
  }),
});

const kindOf = (reach: ZoneReach): "COUNTRIES" | "REGIONS" | "REST_OF_WORLD" =>
  reach.kind === "countries" ? "COUNTRIES" : reach.kind === "regions" ? "REGIONS" : "REST_OF_WORLD";

const OwnerShippingZoneRef = builder.objectRef<ShippingZone & { currency: string }>("OwnerShippingZone").implement({
  fields: (t) => ({
    zoneId: t.exposeInt("id"),
    name: t.exposeString("name"),
    kind: t.field({ type: ZoneKindEnum, resolve: (zone) => kindOf(zone.reach) }),
    country: t.string({
      description: "REGIONS: the regions' country; else empty.",
      resolve: (zone) => (zone.reach.kind === "regions" ? zone.reach.country : ""),
    }),
    codes: t.stringList({
      description: "COUNTRIES: country codes; REGIONS: region codes.",
      resolve: (zone) => (zone.reach.kind === "countries" ? [...zone.reach.countries] : zone.reach.kind === "regions" ? [...zone.reach.regions] : []),
    }),
    options: t.field({ type: [OwnerShippingOptionRef], resolve: (zone) => zone.options.map((option) => ({ ...option, currency: zone.currency })) }),
  }),
});

const OwnerTaxRuleRef = builder.objectRef<Settings["taxRules"][number]>("OwnerTaxRule").implement({
  fields: (t) => ({
    taxRuleId: t.exposeInt("id"),
    name: t.exposeString("name"),
    country: t.exposeString("country"),
    region: t.exposeString("region", { description: "Empty: the whole country." }),
    rateMillipercent: t.exposeInt("rateMillipercent", { description: "Thousandths of a percent: 8875 = 8.875 %." }),
  }),
});

const OwnerCouponRef = builder.objectRef<CouponView>("OwnerCoupon").implement({
  fields: (t) => ({
    couponId: t.exposeInt("id"),
    code: t.exposeString("code"),
    kind: t.field({ type: CouponKindEnum, resolve: (coupon) => (coupon.kind === "AMOUNT" ? "AMOUNT" : "PERCENT") }),
    percentOffMillipercent: t.exposeInt("percentOffMillipercent"),
    amountOff: t.field({ type: MoneyRef, resolve: (coupon) => ({ value: coupon.amountOff, currency: coupon.currency }) }),
    minimumSubtotal: t.field({ type: MoneyRef, resolve: (coupon) => ({ value: coupon.minimumSubtotal, currency: coupon.currency }) }),
    startsAt: t.field({ type: "DateTime", nullable: true, resolve: (coupon) => coupon.startsAt }),
    expiresAt: t.field({ type: "DateTime", nullable: true, resolve: (coupon) => coupon.expiresAt }),
    usageLimit: t.exposeInt("usageLimit", { nullable: true }),
    timesUsed: t.exposeInt("timesUsed"),
    active: t.exposeBoolean("active"),
  }),
});

const OwnerStoreRef = builder.objectRef<StoreView>("OwnerStore").implement({
  fields: (t) => ({
    collectionId: t.exposeInt("id"),
    urlId: t.exposeString("urlId"),
    title: t.exposeString("title"),
    url: t.string({ description: "The store's page on the storefront.", resolve: (store) => `/${encodeURIComponent(store.urlId)}` }),
  }),
});

const OwnerStoreSettingsRef = builder.objectRef<Settings>("OwnerStoreSettings").implement({
  description: "Owners: the store's settings, shipping zones, tax rules, coupons and stores.",
  fields: (t) => ({
    id: t.id({
      description: "Fixed per site: a mutation's answer replaces the screen's copy.",
      resolve: (settings) => `OwnerStoreSettings:${settings.websiteId}`,
    }),
    currency: t.exposeString("currency"),
    supportedCurrencies: t.stringList({ resolve: () => [...SUPPORTED_CURRENCIES] }),
    checkoutMinimum: t.field({ type: MoneyRef, resolve: (settings) => ({ value: settings.checkoutMinimumSubtotal, currency: settings.currency }) }),
    expressCheckout: t.exposeBoolean("expressCheckout"),
    multipleQuantityAllowedForServices: t.exposeBoolean("multipleQuantityAllowedForServices"),
    payLaterEnabled: t.boolean({ resolve: (settings) => settings.payLater.enabled }),
    payLaterMinimum: t.field({ type: MoneyRef, resolve: (settings) => ({ value: settings.payLater.min, currency: settings.currency }) }),
    payLaterMaximum: t.field({ type: MoneyRef, resolve: (settings) => ({ value: settings.payLater.max, currency: settings.currency }) }),
    payLaterAccountCountry: t.string({ resolve: (settings) => settings.payLater.accountCountry }),
    payLaterAccountCountries: t.stringList({ resolve: () => [...PAY_LATER_ACCOUNT_COUNTRIES] }),
    captchaSiteKey: t.exposeString("captchaSiteKey", { nullable: true }),
    shippingZones: t.field({
      type: [OwnerShippingZoneRef],
      resolve: async (settings, _args, ctx) => (await ctx.services.shippingZones.list()).map((zone) => ({ ...zone, currency: settings.currency })),
    }),
    taxRules: t.field({ type: [OwnerTaxRuleRef], resolve: (settings) => settings.taxRules }),
    coupons: t.field({ type: [OwnerCouponRef], resolve: (_settings, _args, ctx) => ctx.services.storeAdmin.coupons() }),
    stores: t.field({ type: [OwnerStoreRef], resolve: (_settings, _args, ctx) => ctx.services.storeAdmin.stores() }),
  }),
});

builder.queryField("ownerStoreSettings", (t) =>
  t.withAuth({ permission: "commerce.read" }).field({
    type: OwnerStoreSettingsRef,
    description: "Owners: the store's settings, shipping zones, tax rules, coupons and stores.",
    resolve: (_root, _args, ctx) => ctx.services.settings.get(),
  }),
);

const UpdateStoreSettingsInput = builder.inputType("UpdateStoreSettingsInput", {
  fields: (t) => ({
    currency: t.string({ required: true }),
    checkoutMinimum: t.int({ required: true, description: "Minor units of `currency`." }),
    expressCheckout: t.boolean({ required: true }),
    multipleQuantityAllowedForServices: t.boolean({ required: true }),
    payLaterEnabled: t.boolean({ required: true }),
    payLaterMinimum: t.int({ required: true }),
    payLaterMaximum: t.int({ required: true }),
    payLaterAccountCountry: t.string({ required: true }),
  }),
});

const ShippingOptionInput = builder.inputType("OwnerShippingOptionInput", {
  fields: (t) => ({ optionId: t.int(), name: t.string({ required: true }), price: t.int({ required: true, description: "Minor units." }) }),
});

const SaveShippingZoneInput = builder.inputType("SaveShippingZoneInput", {
  fields: (t) => ({
    zoneId: t.int({ description: "Absent: a new zone." }),
    name: t.string({ required: true }),
    kind: t.field({ type: ZoneKindEnum, required: true }),
    country: t.string(),
    codes: t.stringList(),
    options: t.field({ type: [ShippingOptionInput], required: true }),
  }),
});

const SaveTaxRuleInput = builder.inputType("SaveTaxRuleInput", {
  fields: (t) => ({
    taxRuleId: t.int({ description: "Absent: a new rule." }),
    name: t.string({ required: true }),
    country: t.string({ required: true }),
    region: t.string(),
    rateMillipercent: t.int({ required: true }),
  }),
});

const SaveCouponInput = builder.inputType("SaveCouponInput", {
  fields: (t) => ({
    couponId: t.int({ description: "Absent: a new coupon." }),
    code: t.string({ required: true }),
    kind: t.field({ type: CouponKindEnum, required: true }),
    percentOffMillipercent: t.int(),
    amountOff: t.int(),
    minimumSubtotal: t.int(),
    startsAt: t.field({ type: "DateTime" }),
    expiresAt: t.field({ type: "DateTime" }),
    usageLimit: t.int(),
    active: t.boolean({ required: true }),
  }),
});

const idInput = (name: string, field: string) =>
  builder.inputType(name, { fields: (t) => ({ [field]: t.int({ required: true }) }) as Record<string, ReturnType<typeof t.int>> });
const DeleteShippingZoneInput = idInput("DeleteShippingZoneInput", "zoneId");
const DeleteTaxRuleInput = idInput("DeleteTaxRuleInput", "taxRuleId");
const DeleteCouponInput = idInput("DeleteCouponInput", "couponId");
const ReorderShippingZonesInput = builder.inputType("ReorderShippingZonesInput", {
  fields: (t) => ({ zoneIds: t.intList({ required: true, description: "Every zone once, in the new order." }) }),
});

const success = (name: string) => successWith(name, "storeSettings", OwnerStoreSettingsRef);
const answer = async (ctx: { services: { settings: { get(): Promise<Settings> } } }) => ({ storeSettings: await ctx.services.settings.get() });

const reachOf = (input: { kind: "COUNTRIES" | "REGIONS" | "REST_OF_WORLD"; country?: string | null; codes?: string[] | null }): ZoneReach => {
  const codes = (input.codes ?? []).map((code) => code.trim().toUpperCase()).filter(Boolean);
  if (input.kind === "COUNTRIES") return { kind: "countries", countries: codes };
  if (input.kind === "REGIONS") return { kind: "regions", country: (input.country ?? "").trim().toUpperCase(), regions: codes };
  return { kind: "restOfWorld" };
};

builder.mutationFields((t) => ({
  updateStoreSettings: t.withAuth({ permission: "commerce.write" }).field({
    type: success("UpdateStoreSettingsSuccess"),
    description: "Owners: currency (prices keep their figure in the new currency), checkout minimum, express checkout, services' quantity, pay-later.",
    errors: { types: [FormInvalidError] },
    args: { input: t.arg({ type: UpdateStoreSettingsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.storeAdmin.update(input);
      return answer(ctx);
    },
  }),
  saveShippingZone: t.withAuth({ permission: "commerce.write" }).field({
    type: success("SaveShippingZoneSuccess"),
    description: "Owners: adds a shipping zone or replaces one, with its options in order.",
    errors: { types: [InvalidInputError, NotFoundError] },
    args: { input: t.arg({ type: SaveShippingZoneInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.shippingZones.save(
        { name: input.name, reach: reachOf(input), options: input.options.map((option) => ({ id: option.optionId, name: option.name, price: option.price })) },
        input.zoneId,
      );
      return answer(ctx);
    },
  }),
  deleteShippingZone: t.withAuth({ permission: "commerce.write" }).field({
    type: success("DeleteShippingZoneSuccess"),
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: DeleteShippingZoneInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.shippingZones.delete(input.zoneId as number);
      return answer(ctx);
    },
  }),
  reorderShippingZones: t.withAuth({ permission: "commerce.write" }).field({
    type: success("ReorderShippingZonesSuccess"),
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: ReorderShippingZonesInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.shippingZones.reorder(input.zoneIds);
      return answer(ctx);
    },
  }),
  saveTaxRule: t.withAuth({ permission: "commerce.write" }).field({
    type: success("SaveTaxRuleSuccess"),
    errors: { types: [FormInvalidError, NotFoundError] },
    args: { input: t.arg({ type: SaveTaxRuleInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { taxRuleId, region, ...rule } = input;
      await ctx.services.storeAdmin.saveTaxRule({ ...rule, region: region ?? "" }, taxRuleId ?? null);
      return answer(ctx);
    },
  }),
  deleteTaxRule: t.withAuth({ permission: "commerce.write" }).field({
    type: success("DeleteTaxRuleSuccess"),
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: DeleteTaxRuleInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.storeAdmin.deleteTaxRule(input.taxRuleId as number);
      return answer(ctx);
    },
  }),
  saveCoupon: t.withAuth({ permission: "commerce.write" }).field({
    type: success("SaveCouponSuccess"),
    description: "Owners: adds a coupon or changes one (percentage or fixed amount off, validity dates, usage limit, active).",
    errors: { types: [FormInvalidError, NotFoundError] },
    args: { input: t.arg({ type: SaveCouponInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.storeAdmin.saveCoupon(
        {
          code: input.code,
          kind: input.kind as CouponKind,
          percentOffMillipercent: input.percentOffMillipercent ?? 0,
          amountOff: input.amountOff ?? 0,
          minimumSubtotal: input.minimumSubtotal ?? 0,
          startsAt: input.startsAt ?? null,
          expiresAt: input.expiresAt ?? null,
          usageLimit: input.usageLimit ?? null,
          active: input.active,
        },
        input.couponId ?? null,
      );
      return answer(ctx);
    },
  }),
  deleteCoupon: t.withAuth({ permission: "commerce.write" }).field({
    type: success("DeleteCouponSuccess"),
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: DeleteCouponInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await ctx.services.storeAdmin.deleteCoupon(input.couponId as number);
      return answer(ctx);
    },
  }),
}));
