// Catalogue types: Product, Variant, gift-card denominations, subscription plans, merchandising and
// the additional-fields form. Derived fields select exactly the columns their rule needs and call the
// rule in server/domain, so the state is defined once.
import { messagesFor } from "../domain/messages/localized.ts";
import { pageBounds } from "../domain/inputs.ts";
import { LISTING_PAGE_SIZE, listingPageInput } from "../domain/catalog/listing.ts";
import { formatMoney } from "../domain/money.ts";
import {
  fromPrice,
  hasUnlimitedStock,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isOutOfStock,
  isSoldOut,
  priceDisplay,
  productTypeNames,
  ProductType,
  totalStock,
  type PriceDisplay,
  type ScarcitySettings,
} from "../domain/catalog/product-state.ts";
import { productPath } from "../domain/catalog/product-path.ts";
import { addButtonLabel } from "../domain/catalog/product-text.ts";
import { isQuantityInputShown } from "../domain/cart/quantity.ts";
import { describePlan } from "../domain/catalog/subscription.ts";
import { type VariantOption, variantOptions } from "../domain/catalog/variant-selection.ts";
import { optionValueLabel, type OptionValueTranslations, parseOptionValueTranslations } from "../domain/catalog/product-translations.ts";
import { parseAttributes, parseOptionOrdering, PRODUCT_SORTS, productFactsSelect, toProductFacts, type ProductSort } from "../services/catalog/catalog.ts";
import { parseJsonArray, parseJsonObject } from "../services/support/json.ts";
import type { GraphQLContext } from "../context.ts";
import { builder } from "./builder.ts";
import { nodeRowId } from "./ids.ts";
import { MoneyRef } from "./money.ts";

const heldByRequest = new WeakMap<GraphQLContext, Promise<Map<number, number>>>();
/** Units held for payments in flight (issue 22), read once per request whatever the number of products. */
function heldNow(ctx: GraphQLContext): Promise<Map<number, number>> {
  let held = heldByRequest.get(ctx);
  if (!held) heldByRequest.set(ctx, (held = ctx.services.stockHolds.heldNow()));
  return held;
}

export const ProductTypeEnum = builder.enumType("ProductType", {
  values: Object.fromEntries(Object.entries(productTypeNames).map(([value, name]) => [name, { value: Number(value) }])) as Record<
    (typeof productTypeNames)[keyof typeof productTypeNames],
    { value: number }
  >,
});

export const AttributeRef = builder.objectRef<{ name: string; value: string }>("VariantAttribute").implement({
  description: "One option of a variant, e.g. Size: M.",
  fields: (t) => ({ name: t.exposeString("name"), value: t.exposeString("value") }),
});

const VariantOptionChoiceRef = builder.objectRef<{ value: string; label: string }>("VariantOptionChoice").implement({
  description: "One value of an option selector: the canonical value (what a cart entry takes) and the text shown.",
  fields: (t) => ({
    value: t.exposeString("value", { description: "The variant's attribute value, e.g. Large; selection and the cart use it." }),
    label: t.exposeString("label", { description: "In the visitor's language when the owner translated the value (e.g. Grand), else the value." }),
  }),
});

const VariantOptionRef = builder.objectRef<VariantOption & { translations?: OptionValueTranslations }>("VariantOption").implement({
  description: "A selector on the product page: an option name and its values, in the product's option order.",
  fields: (t) => ({
    name: t.exposeString("name"),
    values: t.exposeStringList("values"),
    choices: t.field({
      type: [VariantOptionChoiceRef],
      description: "The values with the text a selector shows for each (translated for the visitor's language).",
      resolve: (option) => option.values.map((value) => ({ value, label: optionValueLabel(option.translations, option.name, value) })),
    }),
    selectText: t.string({
      description: "'Select {variantName}' (gift cards: 'Select Value').",
      resolve: (option, _args, ctx) => messagesFor(ctx.locale).selectVariantName(option.name),
    }),
  }),
});

const PriceDisplayRef = builder.objectRef<PriceDisplay>("PriceDisplay").implement({
  description: "What the price block shows: 'from' price for varied prices, sale price when on sale, and the normal price.",
  fields: (t) => ({
    fromPrice: t.field({ type: MoneyRef, nullable: true, resolve: (display) => display.fromPrice }),
    salePrice: t.field({ type: MoneyRef, nullable: true, resolve: (display) => display.salePrice }),
    normalPrice: t.field({ type: MoneyRef, resolve: (display) => display.normalPrice }),
    // The same as display text, one level up: grids ask for 20 at a time and the cost limit counts depth.
    formattedFromPrice: t.string({
      nullable: true,
      resolve: (display, _args, ctx) => display.fromPrice && formatMoney(display.fromPrice, ctx.locale ?? undefined),
    }),
    formattedSalePrice: t.string({
      nullable: true,
      resolve: (display, _args, ctx) => display.salePrice && formatMoney(display.salePrice, ctx.locale ?? undefined),
    }),
    formattedNormalPrice: t.string({ resolve: (display, _args, ctx) => formatMoney(display.normalPrice, ctx.locale ?? undefined) }),
  }),
});

const attributeList = (json: string) => Object.entries(parseAttributes(json)).map(([name, value]) => ({ name, value }));

builder.prismaNode("Variant", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id: nodeRowId(id), product: { websiteId: ctx.services.websiteId } }),
  nullable: true,
  select: { id: true },
  fields: (t) => ({
    sku: t.exposeString("sku"),
    attributes: t.field({
      type: [AttributeRef],
      description: "Option name and value pairs, e.g. Size: M, Color: Blue.",
      select: { attributes: true },
      resolve: (variant) => attributeList(variant.attributes),
    }),
    optionValues: t.stringList({ select: { attributes: true }, resolve: (variant) => Object.values(parseAttributes(variant.attributes)) }),
    price: t.field({ type: MoneyRef, select: { price: true, currency: true }, resolve: (v) => ({ value: v.price, currency: v.currency }) }),
    salePrice: t.field({ type: MoneyRef, select: { salePrice: true, currency: true }, resolve: (v) => ({ value: v.salePrice, currency: v.currency }) }),
    onSale: t.exposeBoolean("onSale"),
    unlimited: t.exposeBoolean("unlimited"),
    qtyInStock: t.exposeInt("qtyInStock"),
    soldOut: t.boolean({
      description: "A limited variant with no stock left, other shoppers' payments in flight holding units (issue 22).",
      select: { id: true, unlimited: true, qtyInStock: true },
      resolve: async (variant, _args, ctx) => isOutOfStock({ ...variant, heldByOthers: (await heldNow(ctx)).get(variant.id) ?? 0 }),
    }),
  }),
});

builder.prismaObject("GiftCardDenomination", {
  select: { id: true },
  fields: (t) => ({
    sku: t.exposeString("sku"),
    amount: t.field({ type: MoneyRef, select: { amount: true, currency: true }, resolve: (d) => ({ value: d.amount, currency: d.currency }) }),
  }),
});

const BillingPeriodRef = builder.objectRef<{ value: number; unit: string }>("BillingPeriod").implement({
  fields: (t) => ({ value: t.exposeInt("value"), unit: t.exposeString("unit", { description: "WEEK, MONTH or YEAR." }) }),
});

builder.prismaObject("SubscriptionPlan", {
  select: { id: true },
  fields: (t) => ({
    billingPeriod: t.field({
      type: BillingPeriodRef,
      select: { billingPeriodValue: true, billingPeriodUnit: true },
      resolve: (plan) => ({ value: plan.billingPeriodValue, unit: plan.billingPeriodUnit }),
    }),
    numBillingCycles: t.exposeInt("numBillingCycles", { description: "0 means indefinite." }),
  }),
});

export const ScarcitySettingsRef = builder.objectRef<ScarcitySettings>("ScarcitySettings").implement({
  description: "The store's scarcity settings: the threshold, and whether scarcity shows on product pages and in product blocks.",
  fields: (t) => ({
    threshold: t.exposeInt("threshold", { description: "'Only {qty} left!' shows for a limited variant with this many units or fewer." }),
    onProductPages: t.exposeBoolean("onProductPages"),
    inProductBlocks: t.exposeBoolean("inProductBlocks", { description: "Blocks listing products: the product grid, search results." }),
  }),
});

builder.prismaObject("Merchandising", {
  select: { productId: true },
  fields: (t) => ({
    customSoldOutText: t.exposeString("customSoldOutText", { nullable: true }),
    scarcityEnabled: t.exposeBoolean("scarcityEnabled"),
    scarcityText: t.exposeString("scarcityText", { nullable: true }),
    scarcityTemplateViews: t.stringList({ select: { scarcityTemplateViews: true }, resolve: (m) => parseJsonArray<string>(m.scarcityTemplateViews) }),
    scarcityShownByDefault: t.exposeBoolean("scarcityShownByDefault"),
    scarcitySettings: t.field({
      type: ScarcitySettingsRef,
      description: "The store's scarcity settings that apply to this product (the same for every product).",
      resolve: async (_m, _args, ctx) => (await ctx.services.settings.get()).scarcity,
    }),
    restockNotificationsEnabled: t.exposeBoolean("restockNotificationsEnabled"),
    restockNotificationViews: t.stringList({ select: { restockNotificationViews: true }, resolve: (m) => parseJsonArray<string>(m.restockNotificationViews) }),
    restockNotificationMessages: t.field({
      type: "JSONObject",
      select: { restockNotificationMessages: true },
      resolve: (m) => parseJsonObject(m.restockNotificationMessages),
    }),
    mailingListSignUpEnabled: t.exposeBoolean("mailingListSignUpEnabled"),
    mailingListOptInByDefault: t.exposeBoolean("mailingListOptInByDefault"),
  }),
});

// The visitor's translation of a product, if any (none is read for visitors without a chosen language).
const translationSelect = (locale: string) => ({ where: { locale }, take: 1, select: { name: true, description: true, optionValues: true } });
type Translated = { translations?: { name: string; description: string; optionValues: string }[] };

const variantsQuery = { orderBy: { position: "asc" } } as const;

export const ProductRef = builder.prismaNode("Product", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id: nodeRowId(id), websiteId: ctx.services.websiteId }),
  nullable: true,
  select: { id: true },
  fields: (t) => ({
    itemId: t.exposeID("id", { description: "The raw product id that the REST endpoints take." }),
    slug: t.exposeString("slug"),
    name: t.string({
      description: "In the visitor's language when the owner translated it (setProductTranslation).",
      select: (_args, ctx) => (ctx.locale ? { name: true, translations: translationSelect(ctx.locale) } : { name: true }),
      resolve: (p) => (p as Translated).translations?.[0]?.name ?? p.name,
    }),
    description: t.string({
      select: (_args, ctx) => (ctx.locale ? { description: true, translations: translationSelect(ctx.locale) } : { description: true }),
      resolve: (p) => (p as Translated).translations?.[0]?.description ?? p.description,
    }),
    imageUrl: t.exposeString("imageUrl", { nullable: true }),
    url: t.string({ description: "The product page's path.", select: { slug: true }, resolve: (p) => productPath(p.slug) }),
    productType: t.field({ type: ProductTypeEnum, select: { productType: true }, resolve: (p) => p.productType }),
    soldOut: t.boolean({ select: productFactsSelect, resolve: async (p, _args, ctx) => isSoldOut(toProductFacts(p, await heldNow(ctx))) }),
    onSale: t.boolean({ select: productFactsSelect, resolve: (p) => isOnSale(toProductFacts(p)) }),
    variedPrices: t.boolean({ select: productFactsSelect, resolve: (p) => hasVariedPrices(toProductFacts(p)) }),
    unlimitedStock: t.boolean({ select: productFactsSelect, resolve: (p) => hasUnlimitedStock(toProductFacts(p)) }),
    hasVariants: t.boolean({
      description: "More than one variant: the page shows variant selectors.",
      select: productFactsSelect,
      resolve: (p) => hasVariants(toProductFacts(p)),
    }),
    totalStock: t.int({
      nullable: true,
      description: "Units left across variants (less those held for payments in flight); null when unlimited.",
      select: productFactsSelect,
      resolve: async (p, _args, ctx) => totalStock(toProductFacts(p, await heldNow(ctx))),
    }),
    price: t.field({
      type: MoneyRef,
      description: "The from price: the lowest price of a variant (its sale price when on sale); a digital product's own price.",
      select: productFactsSelect,
      resolve: (p) => fromPrice(toProductFacts(p)),
    }),
    priceDisplay: t.field({ type: PriceDisplayRef, select: productFactsSelect, resolve: (p) => priceDisplay(toProductFacts(p)) }),
    priceMoney: t.field({
      type: MoneyRef,
      nullable: true,
      description: "Digital products only: the product's own price.",
      select: { productType: true, price: true, currency: true },
      resolve: (p) => (p.productType === ProductType.DIGITAL && p.price !== null ? { value: p.price, currency: p.currency } : null),
    }),
    salePriceMoney: t.field({
      type: MoneyRef,
      nullable: true,
      description: "Digital products only: the product's own sale price.",
      select: { productType: true, salePrice: true, currency: true },
      resolve: (p) => (p.productType === ProductType.DIGITAL && p.salePrice !== null ? { value: p.salePrice, currency: p.currency } : null),
    }),
    isSubscribable: t.exposeBoolean("isSubscribable"),
    subscriptionPlan: t.relation("subscriptionPlan", { nullable: true }),
    subscriptionPriceText: t.string({
      nullable: true,
      description: "Subscribable products: the plan's wording with a {price} placeholder ('{price} every month'), or 'Unavailable'.",
      select: {
        ...productFactsSelect,
        isSubscribable: true,
        subscriptionPlan: { select: { billingPeriodValue: true, billingPeriodUnit: true, numBillingCycles: true } },
      },
      resolve: (p) => {
        if (!p.isSubscribable) return null;
        const plan = p.subscriptionPlan;
        return describePlan(
          {
            billingPeriod: plan ? { value: plan.billingPeriodValue, unit: plan.billingPeriodUnit } : null,
            numBillingCycles: plan?.numBillingCycles ?? 0,
          },
          { variedPrices: hasVariedPrices(toProductFacts(p)) },
        );
      },
    }),
    variants: t.relation("variants", { query: variantsQuery }),
    giftCardDenominations: t.relation("giftCardDenominations", { query: { orderBy: { position: "asc" } } }),
    variantOptionOrdering: t.stringList({ select: { variantOptionOrdering: true }, resolve: (p) => parseOptionOrdering(p.variantOptionOrdering) }),
    variantOptions: t.field({
      type: [VariantOptionRef],
      description: "The option selectors, in variantOptionOrdering; empty unless the product has more than one variant.",
      select: (_args, ctx) => ({
        ...productFactsSelect,
        variantOptionOrdering: true,
        variants: { select: { ...productFactsSelect.variants.select, attributes: true }, orderBy: { position: "asc" } },
        ...(ctx.locale ? { translations: translationSelect(ctx.locale) } : {}),
      }),
      resolve: (p) => {
        if (!hasVariants(toProductFacts(p))) return [];
        const variants = p.variants.map((variant) => ({ attributes: parseAttributes(variant.attributes) }));
        const translations = parseOptionValueTranslations((p as Translated).translations?.[0]?.optionValues);
        return variantOptions(parseOptionOrdering(p.variantOptionOrdering), variants).map((option) => ({ ...option, translations }));
      },
    }),
    quantityInputShown: t.boolean({
      description: "Whether the page shows a quantity input (spec §5 Quantity).",
      select: { ...productFactsSelect, isSubscribable: true },
      resolve: async (p, _args, ctx) => {
        const settings = await ctx.services.settings.get();
        return isQuantityInputShown({ ...toProductFacts(p), isSubscribable: p.isSubscribable }, settings);
      },
    }),
    useCustomAddButtonText: t.exposeBoolean("useCustomAddButtonText"),
    customAddButtonText: t.exposeString("customAddButtonText", { nullable: true }),
    addButtonText: t.string({
      description: "The add button's label: the custom text when set, else 'Subscribe' or 'Add To Cart'.",
      select: { useCustomAddButtonText: true, customAddButtonText: true, isSubscribable: true },
      resolve: (p, _args, ctx) => addButtonLabel(p, messagesFor(ctx.locale)),
    }),
    additionalFieldsForm: t.relation("additionalFieldsForm", { nullable: true }),
    merchandising: t.relation("merchandising", { nullable: true }),
  }),
});

const MAX_PAGE_SIZE = 100;
/** The page bounds, and a numbered page only from the start (not with a cursor), from 1 to MAX_LISTING_PAGE. */
const listingPageArgs = pageBounds(MAX_PAGE_SIZE).and(listingPageInput);

const ProductSortEnum = builder.enumType("ProductSort", { values: Object.keys(PRODUCT_SORTS) as ProductSort[] });

/** One connection type for every list of products (the storefront's and the owner's). */
export const ProductConnection = builder.connectionObject(
  {
    type: ProductRef,
    name: "ProductConnection",
    fields: (t) => ({
      totalCount: t.int({
        nullable: true,
        description: "How many products the list holds over every page (the storefront's `products`); null where a list does not count them.",
        resolve: (connection) => {
          const { totalCount } = connection as { totalCount?: number | (() => number | Promise<number>) };
          return typeof totalCount === "function" ? totalCount() : (totalCount ?? null);
        },
      }),
    }),
  },
  { name: "ProductEdge" },
);

builder.queryFields((t) => ({
  product: t.prismaField({
    type: "Product",
    nullable: true,
    description: "The product whose page is /shop/p/{slug}.",
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, { slug }, ctx) => ctx.services.catalog.productBySlug(query, slug),
  }),
  products: t.prismaConnection(
    {
      type: "Product",
      cursor: "id",
      defaultSize: LISTING_PAGE_SIZE,
      maxSize: MAX_PAGE_SIZE,
      description: `The store's visible products, ${LISTING_PAGE_SIZE} per page by default (at most ${MAX_PAGE_SIZE}): after a cursor, or a numbered \`page\`.`,
      args: {
        type: t.arg({ type: ProductTypeEnum, description: "Only products of this type." }),
        sort: t.arg({ type: ProductSortEnum, defaultValue: "NAME_ASC" }),
        search: t.arg.string({ description: "Only products whose name contains this text." }),
        collection: t.arg.string({ description: "Only the products of the store (product collection) with this URL id." }),
        category: t.arg.int({ description: "Only the products listed under this category of the store page (its id)." }),
        page: t.arg.int({
          description: `A numbered page (1-based) of \`first\` products, instead of \`after\` (the storefront's ?page=); past the last page the list is empty.`,
        }),
      },
      validate: listingPageArgs,
      totalCount: (_connection, args, ctx) => ctx.services.catalog.countVisibleProducts(args),
      resolve: (query, _root, args, ctx) => ctx.services.catalog.visibleProducts(query, args),
    },
    ProductConnection,
  ),
}));
