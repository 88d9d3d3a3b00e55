// The owner's products over GraphQL: every product (hidden ones too), products and variants CRUD,
// stock (raising it notifies waiters through the fair queue), merchandising. Each field names the
// permission it needs; scope-auth (builder.ts) enforces it.
import { ConflictError, InvalidInputError, NotFoundError, StockChangedError } from "../domain/errors.ts";
import { productFieldRules, scarcityThresholdInput, subscriptionPlanRules, variantFieldRules } from "../domain/catalog/inputs.ts";
import { BILLING_UNITS } from "../domain/catalog/subscription.ts";
import { messages } from "../domain/messages/storefront.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { builder, type InputFields } from "./builder.ts";
import { ErrorInterface } from "./errors.ts";
import { queryFromInfo } from "@pothos/plugin-prisma";
import { forwardPagesOnly } from "../domain/inputs.ts";
import { OWNER_PRODUCT_PAGE, OWNER_PRODUCT_SORTS } from "../services/catalog/owner-product-list.ts";
import { ProductConnection, ProductRef, ProductTypeEnum, ScarcitySettingsRef } from "./catalog.ts";
import { forwardConnection } from "./connections.ts";
import { OptionValueTranslationInput } from "./catalog-translations.ts";
import { idOf, rawId } from "./ids.ts";
import { deletedSuccess, successWith } from "./payloads.ts";
import type { ProductStorePage } from "../services/catalog/product-categories.ts";

builder.prismaObjectFields("Product", (t) => ({
  visible: t.exposeBoolean("visible", { description: "Hidden products are left out of the storefront." }),
  collectionId: t.exposeInt("collectionId", { nullable: true, description: "Owners: the store page (collection) the product is listed on; null for none." }),
  categoryIds: t.intList({
    description: "Owners: the categories of its store page the product is listed under.",
    select: { categories: { select: { categoryId: true }, orderBy: { categoryId: "asc" } } },
    resolve: (p) => p.categories.map((row) => row.categoryId),
  }),
}));

const ProductStorePageRef = builder.objectRef<ProductStorePage>("ProductStorePage").implement({
  description: "Owners: a store page a product can be listed on, with its categories (the product editor's choices).",
  fields: (t) => ({
    collectionId: t.exposeInt("collectionId"),
    title: t.exposeString("title"),
    urlId: t.exposeString("urlId"),
    categories: t.field({ type: [ProductStoreCategoryRef], resolve: (page) => page.categories }),
  }),
});

builder.prismaObjectFields("Variant", (t) => ({
  variantId: t.exposeInt("id", { description: "The raw variant id that the REST restock endpoints take." }),
}));

const ProductStoreCategoryRef = builder.objectRef<ProductStorePage["categories"][number]>("ProductStoreCategory").implement({
  fields: (t) => ({ categoryId: t.exposeInt("categoryId"), displayName: t.exposeString("displayName") }),
});

const variant = variantFieldRules;
const product = productFieldRules;

const variantFields = (t: InputFields) => ({
  sku: t.string({ validate: variant.sku }),
  attributes: t.field({ type: "JSONObject", description: 'Option name -> value, e.g. { Size: "M" }.', validate: variant.attributes }),
  price: t.int({ description: "Minor units.", validate: variant.price }),
  salePrice: t.int({ validate: variant.salePrice }),
  onSale: t.boolean(),
  unlimited: t.boolean(),
  qtyInStock: t.int({ validate: variant.qtyInStock }),
});

/** A variant of a new product (CreateProductInput.variants). */
const VariantInput = builder.inputType("VariantInput", { fields: variantFields });

const CreateVariantInput = builder.inputType("CreateVariantInput", {
  fields: (t) => ({ productId: t.id({ required: true }), ...variantFields(t) }),
});

const UpdateVariantInput = builder.inputType("UpdateVariantInput", {
  fields: (t) => ({ id: t.id({ required: true, description: "The variant's variantId or global id." }), ...variantFields(t) }),
});

const SetVariantStockInput = builder.inputType("SetVariantStockInput", {
  fields: (t) => ({
    id: t.id({ required: true, description: "The variant's variantId or global id." }),
    qtyInStock: t.int({ validate: variant.qtyInStock }),
    unlimited: t.boolean(),
    expectedQtyInStock: t.int({
      description:
        "The units the editor read: when the variant no longer has them (a checkout sold some), nothing is written and StockChangedError answers the stock now.",
    }),
    expectedUnlimited: t.boolean({ description: "Whether the variant was unlimited when read; checked like expectedQtyInStock." }),
  }),
});

const DeleteVariantInput = builder.inputType("DeleteVariantInput", {
  fields: (t) => ({ id: t.id({ required: true, description: "The variant's variantId or global id." }) }),
});

const CreateProductInput = builder.inputType("CreateProductInput", {
  fields: (t) => ({
    name: t.string({ required: true, validate: product.name }),
    productType: t.field({ type: ProductTypeEnum, required: true }),
    slug: t.string({ validate: product.slug }),
    description: t.string({ validate: product.description }),
    collectionId: t.int({ description: "The store page the product is listed on (null: none)." }),
    categoryIds: t.intList({ description: "Categories of that store page the product is listed under (replaces the list)." }),
    imageUrl: t.string({ validate: product.imageUrl }),
    price: t.int({ description: "Digital products: their price in minor units.", validate: product.price }),
    salePrice: t.int({ validate: product.salePrice }),
    onSale: t.boolean(),
    visible: t.boolean(),
    variantOptionOrdering: t.stringList({ validate: product.variantOptionOrdering }),
    additionalFieldsFormId: t.int(),
    useCustomAddButtonText: t.boolean(),
    customAddButtonText: t.string({ validate: product.customAddButtonText }),
    denominations: t.intList({ description: "Gift cards: the denominations in minor units.", validate: product.denominations }),
    subscriptionPlan: t.field({ type: SubscriptionPlanInput, description: "Makes the product subscribable (physical and service products only)." }),
    variants: t.field({ type: [VariantInput] }),
  }),
});

const UpdateProductInput = builder.inputType("UpdateProductInput", {
  fields: (t) => ({
    id: t.id({ required: true, description: "The product's itemId or global id." }),
    name: t.string({ validate: product.name }),
    slug: t.string({ validate: product.slug }),
    description: t.string({ validate: product.description }),
    collectionId: t.int({ description: "The store page the product is listed on (null: none)." }),
    categoryIds: t.intList({ description: "Categories of that store page the product is listed under (replaces the list)." }),
    imageUrl: t.string({ validate: product.imageUrl }),
    price: t.int({ validate: product.price }),
    salePrice: t.int({ validate: product.salePrice }),
    onSale: t.boolean(),
    visible: t.boolean(),
    variantOptionOrdering: t.stringList({ validate: product.variantOptionOrdering }),
    additionalFieldsFormId: t.int(),
    useCustomAddButtonText: t.boolean(),
    customAddButtonText: t.string({ validate: product.customAddButtonText }),
    subscriptionPlan: t.field({
      type: SubscriptionPlanInput,
      description: "A plan makes the product subscribable (physical and service products only); null stops offering it.",
    }),
  }),
});

const BillingUnitEnum = builder.enumType("BillingUnit", { values: BILLING_UNITS });

const SubscriptionPlanInput = builder.inputType("SubscriptionPlanInput", {
  description: "Offered only for physical and service products (spec §5 Subscriptions).",
  fields: (t) => ({
    billingPeriodValue: t.int({ required: true, validate: subscriptionPlanRules.billingPeriodValue }),
    billingPeriodUnit: t.field({ type: BillingUnitEnum, required: true }),
    numBillingCycles: t.int({ description: "0 (the default) means indefinite.", validate: subscriptionPlanRules.numBillingCycles }),
  }),
});

const DeleteProductInput = builder.inputType("DeleteProductInput", {
  fields: (t) => ({ id: t.id({ required: true, description: "The product's itemId or global id." }) }),
});

const UpdateMerchandisingInput = builder.inputType("UpdateMerchandisingInput", {
  fields: (t) => ({
    productId: t.id({ required: true }),
    customSoldOutText: t.string(),
    scarcityEnabled: t.boolean(),
    scarcityText: t.string(),
    scarcityTemplateViews: t.stringList(),
    scarcityShownByDefault: t.boolean(),
    restockNotificationsEnabled: t.boolean(),
    restockNotificationViews: t.stringList(),
    restockNotificationMessages: t.field({ type: "JSONObject" }),
    mailingListSignUpEnabled: t.boolean(),
    mailingListOptInByDefault: t.boolean(),
  }),
});

/** GraphQL null means "leave as is" for optional inputs, except where null clears a value. */
const withoutNulls = <T extends object>(input: T, clearable: string[] = []) =>
  Object.fromEntries(Object.entries(input).filter(([name, value]) => value !== null || clearable.includes(name)));

/** The input without the id that names what it changes. */
const changesOf = <T extends object, K extends keyof T>(input: T, idField: K) => {
  const { [idField]: _id, ...changes } = input;
  return changes;
};

const productIdOf = (id: string | number) => rawId(id, "Product", checkoutMessages.productNotFound);
const variantIdOf = (id: string | number) => rawId(id, "Variant", messages.variantNotFound);

/** `<Mutation>Success { product }`: an owner's product change answers the product as it is now. */
function productSuccess(name: string) {
  return builder.objectRef<{ productId: number }>(name).implement({
    fields: (t) => ({
      product: t.prismaField({ type: "Product", resolve: (query, success, _args, ctx) => ctx.services.ownerProducts.product(query, success.productId) }),
    }),
  });
}

/** `<Mutation>Success { variant notified }`: a variant change, and the waiters it notified. */
function variantSuccess(name: string) {
  return builder.objectRef<{ id: number; notified: number }>(name).implement({
    fields: (t) => ({
      variant: t.prismaField({ type: "Variant", resolve: (query, change, _args, ctx) => ctx.services.ownerProducts.variant(query, change.id) }),
      notified: t.exposeInt("notified", { description: "Waiters notified because stock arrived (one per unit, in sign-up order)." }),
    }),
  });
}

const productErrors = [InvalidInputError, NotFoundError, ConflictError];

builder.objectType(StockChangedError, {
  name: "StockChangedError",
  description: "The stock changed since the editor read it (units sold meanwhile); nothing was written. Shows the stock now.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof StockChangedError,
  fields: (t) => ({
    currentQtyInStock: t.exposeInt("currentQtyInStock"),
    currentUnlimited: t.exposeBoolean("currentUnlimited"),
  }),
});

const OwnerProductSortEnum = builder.enumType("OwnerProductSort", {
  description: "STOCK: the units of limited variants; a product with unlimited stock counts as more than any number (docs/decisions.md).",
  values: OWNER_PRODUCT_SORTS,
});

const UpdateScarcitySettingsInput = builder.inputType("UpdateScarcitySettingsInput", {
  fields: (t) => ({
    threshold: t.int({ description: "Scarcity shows for a limited variant with this many units or fewer.", validate: scarcityThresholdInput }),
    onProductPages: t.boolean(),
    inProductBlocks: t.boolean(),
  }),
});

builder.queryFields((t) => ({
  ownerProduct: t.withAuth({ permission: "products.read" }).prismaField({
    type: "Product",
    nullable: true,
    description: "Owners: one product of the site by its itemId or global id, hidden ones too; null when there is none.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => {
      const productId = idOf(args.id, "Product");
      return productId === null ? null : ctx.services.ownerProducts.findProduct(query, productId);
    },
  }),
  productStorePages: t.withAuth({ permission: "products.read" }).field({
    type: [ProductStorePageRef],
    description: "Owners: the store pages a product can be listed on, each with its categories (the product editor's choices).",
    resolve: (_root, _args, ctx) => ctx.services.ownerProducts.storePages(),
  }),
  scarcitySettings: t.withAuth({ permission: "products.read" }).field({
    type: ScarcitySettingsRef,
    description: "Owners: the store's scarcity settings (the inventory panel's).",
    resolve: (_root, _args, ctx) => ctx.services.ownerProducts.scarcitySettings(),
  }),
  ownerProducts: t.withAuth({ permission: "products.read" }).connection(
    {
      type: ProductRef,
      description: `Owners: every product of the site, hidden ones too, ${OWNER_PRODUCT_PAGE.default} per page by default (at most ${OWNER_PRODUCT_PAGE.max}); pages forward by keyset, so the order holds across pages.`,
      args: {
        search: t.arg.string({ description: "Part of the product's name or of a variant's SKU, in any case." }),
        type: t.arg({ type: ProductTypeEnum, description: "Only products of this type." }),
        visible: t.arg.boolean({ description: "Only visible (true) or hidden (false) products." }),
        sort: t.arg({ type: OwnerProductSortEnum, defaultValue: "NAME_ASC" }),
      },
      validate: forwardPagesOnly,
      resolve: async (_root, args, ctx, info) => {
        const query = queryFromInfo({ context: ctx, info, typeName: "Product", path: ["edges", "node"] });
        const page = await ctx.services.ownerProducts.list(query, {
          search: args.search,
          type: args.type,
          visible: args.visible,
          sort: args.sort,
          first: args.first,
          after: args.after,
        });
        const cursors = new Map(page.items.map((item) => [item.product, item.cursor]));
        return forwardConnection({ items: page.items.map((item) => item.product), hasNextPage: page.hasNextPage }, (product) => cursors.get(product)!);
      },
    },
    ProductConnection,
  ),
}));

const SetProductTranslationInput = builder.inputType("SetProductTranslationInput", {
  fields: (t) => ({
    productId: t.id({ required: true }),
    locale: t.string({ required: true, description: "One of the site's languages other than the default." }),
    name: t.string({ required: true, description: "Empty with an empty description: removes the translation." }),
    description: t.string({ description: "Defaults to empty." }),
    optionValues: t.field({
      type: [OptionValueTranslationInput],
      description: "The option values' translations, all of them (empty ones left out); absent: the saved ones stay.",
    }),
  }),
});

builder.mutationFields((t) => ({
  setProductTranslation: t.withAuth({ permission: "products.write" }).field({
    type: productSuccess("SetProductTranslationSuccess"),
    errors: { types: productErrors },
    description: "Owners: a product's name, description and option values in one of the site's languages; visitors who chose it read them.",
    args: { input: t.arg({ type: SetProductTranslationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const productId = productIdOf(input.productId);
      await ctx.services.ownerProducts.setTranslation(productId, {
        locale: input.locale,
        name: input.name,
        description: input.description ?? "",
        optionValues: input.optionValues,
      });
      return { productId };
    },
  }),
  createProduct: t.withAuth({ permission: "products.write" }).field({
    type: productSuccess("CreateProductSuccess"),
    errors: { types: productErrors },
    args: { input: t.arg({ type: CreateProductInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { id } = await ctx.services.ownerProducts.createProduct({
        ...withoutNulls(input),
        variants: input.variants?.map((variant) => withoutNulls(variant)),
      });
      return { productId: id };
    },
  }),
  updateProduct: t.withAuth({ permission: "products.write" }).field({
    type: productSuccess("UpdateProductSuccess"),
    errors: { types: productErrors },
    args: { input: t.arg({ type: UpdateProductInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { id } = await ctx.services.ownerProducts.updateProduct(
        productIdOf(input.id),
        withoutNulls(changesOf(input, "id"), [
          "collectionId",
          "additionalFieldsFormId",
          "imageUrl",
          "customAddButtonText",
          "price",
          "salePrice",
          "subscriptionPlan",
        ]),
      );
      return { productId: id };
    },
  }),
  deleteProduct: t.withAuth({ permission: "products.write" }).field({
    type: deletedSuccess("DeleteProductSuccess"),
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: DeleteProductInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.ownerProducts.deleteProduct(productIdOf(input.id)),
  }),
  createVariant: t.withAuth({ permission: "products.write" }).field({
    type: variantSuccess("CreateVariantSuccess"),
    errors: { types: productErrors },
    args: { input: t.arg({ type: CreateVariantInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.ownerProducts.createVariant(productIdOf(input.productId), withoutNulls(changesOf(input, "productId"))),
  }),
  updateVariant: t.withAuth({ permission: "products.write" }).field({
    type: variantSuccess("UpdateVariantSuccess"),
    description: "Owners: changes a variant; a stock rise notifies one waiter per unit that arrived.",
    errors: { types: productErrors },
    args: { input: t.arg({ type: UpdateVariantInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.ownerProducts.updateVariant(variantIdOf(input.id), withoutNulls(changesOf(input, "id"))),
  }),
  setVariantStock: t.withAuth({ permission: "products.write" }).field({
    type: variantSuccess("SetVariantStockSuccess"),
    description: "Owners: a variant's stock (units, or unlimited); a rise notifies one waiter per unit that arrived.",
    errors: { types: [...productErrors, StockChangedError] },
    args: { input: t.arg({ type: SetVariantStockInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.services.ownerProducts.setStock(
        variantIdOf(input.id),
        { qtyInStock: input.qtyInStock ?? undefined, unlimited: input.unlimited ?? undefined },
        { qtyInStock: input.expectedQtyInStock ?? undefined, unlimited: input.expectedUnlimited ?? undefined },
      ),
  }),
  deleteVariant: t.withAuth({ permission: "products.write" }).field({
    type: deletedSuccess("DeleteVariantSuccess"),
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: DeleteVariantInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.ownerProducts.deleteVariant(variantIdOf(input.id)),
  }),
  updateScarcitySettings: t.withAuth({ permission: "products.write" }).field({
    type: successWith("UpdateScarcitySettingsSuccess", "scarcitySettings", ScarcitySettingsRef),
    description: "Owners: the store's scarcity threshold and where scarcity shows (product pages, product blocks).",
    errors: { types: [InvalidInputError] },
    args: { input: t.arg({ type: UpdateScarcitySettingsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ scarcitySettings: await ctx.services.ownerProducts.updateScarcitySettings(withoutNulls(input)) }),
  }),
  updateMerchandising: t.withAuth({ permission: "products.write" }).field({
    type: productSuccess("UpdateMerchandisingSuccess"),
    description: "Owners: the product's merchandising (sold-out text, scarcity, restock notifications, mailing-list sign-up).",
    errors: { types: productErrors },
    args: { input: t.arg({ type: UpdateMerchandisingInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.services.ownerProducts.updateMerchandising(
        productIdOf(input.productId),
        withoutNulls(changesOf(input, "productId"), ["customSoldOutText", "scarcityText"]),
      ),
  }),
}));
