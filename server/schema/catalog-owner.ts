// The owner's products over GraphQL: every product (hidden ones too), products and variants CRUD,
// stock (raising it notifies waiters through the fair queue), merchandising. Each field names the
// permission it needs; scope-auth (builder.ts) enforces it.
import { ConflictError, InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { messages } from "../domain/messages.ts";
import { parseItemId } from "../services/catalog/catalog.ts";
import { builder } from "./builder.ts";
import { DeletedRef } from "./forms.ts";
import { rawId } from "./ids.ts";
import { ProductTypeEnum } from "./catalog.ts";

builder.prismaObjectFields("Product", (t) => ({
  visible: t.exposeBoolean("visible", { description: "Hidden products are left out of the storefront." }),
}));

builder.prismaObjectFields("Variant", (t) => ({
  variantId: t.exposeInt("id", { description: "The raw variant id that the REST restock endpoints take." }),
}));

const VariantInput = builder.inputType("VariantInput", {
  fields: (t) => ({
    sku: t.string(),
    attributes: t.field({ type: "JSONObject", description: 'Option name -> value, e.g. { Size: "M" }.' }),
    price: t.int({ description: "Minor units." }),
    salePrice: t.int(),
    onSale: t.boolean(),
    unlimited: t.boolean(),
    qtyInStock: t.int(),
  }),
});

const CreateProductInput = builder.inputType("CreateProductInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    productType: t.field({ type: ProductTypeEnum, required: true }),
    slug: t.string(),
    description: t.string(),
    collectionId: t.int(),
    imageUrl: t.string(),
    price: t.int({ description: "Digital products: their price in minor units." }),
    salePrice: t.int(),
    onSale: t.boolean(),
    visible: t.boolean(),
    variantOptionOrdering: t.stringList(),
    additionalFieldsFormId: t.int(),
    useCustomAddButtonText: t.boolean(),
    customAddButtonText: t.string(),
    denominations: t.intList({ description: "Gift cards: the denominations in minor units." }),
    variants: t.field({ type: [VariantInput] }),
  }),
});

const UpdateProductInput = builder.inputType("UpdateProductInput", {
  fields: (t) => ({
    name: t.string(),
    slug: t.string(),
    description: t.string(),
    collectionId: t.int(),
    imageUrl: t.string(),
    price: t.int(),
    salePrice: t.int(),
    onSale: t.boolean(),
    visible: t.boolean(),
    variantOptionOrdering: t.stringList(),
    additionalFieldsFormId: t.int(),
    useCustomAddButtonText: t.boolean(),
    customAddButtonText: t.string(),
  }),
});

const MerchandisingInput = builder.inputType("MerchandisingInput", {
  fields: (t) => ({
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

const productIdOf = (id: string | number) => parseItemId(id);
const variantIdOf = (id: string | number) => rawId(id, "Variant", messages.variantNotFound);

const VariantChangeRef = builder.objectRef<{ id: number; notified: number }>("VariantChange");
VariantChangeRef.implement({
  fields: (t) => ({
    variant: t.prismaField({
      type: "Variant",
      resolve: (query, change, _args, ctx) => ctx.prisma.variant.findUniqueOrThrow({ ...query, where: { id: change.id } }),
    }),
    notified: t.exposeInt("notified", { description: "Waiters notified because stock arrived (one per unit, in sign-up order)." }),
  }),
});

const productErrors = [InvalidInputError, NotFoundError, ConflictError];

builder.queryFields((t) => ({
  ownerProducts: t.withAuth({ permission: "products.read" }).prismaConnection({
    type: "Product",
    cursor: "id",
    defaultSize: 20,
    maxSize: 100,
    description: "Owners: every product of the site by name, hidden ones too.",
    resolve: (query, _root, _args, ctx) => ctx.services.ownerProducts.list(query),
  }),
}));

builder.mutationFields((t) => ({
  createProduct: t.withAuth({ permission: "products.write" }).prismaField({
    type: "Product",
    errors: { types: productErrors },
    args: { input: t.arg({ type: CreateProductInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { id } = await ctx.services.ownerProducts.createProduct({
        ...withoutNulls(input),
        variants: input.variants?.map((variant) => withoutNulls(variant)),
      });
      return ctx.prisma.product.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  updateProduct: t.withAuth({ permission: "products.write" }).prismaField({
    type: "Product",
    errors: { types: productErrors },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateProductInput, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await ctx.services.ownerProducts.updateProduct(
        productIdOf(args.id),
        withoutNulls(args.input, ["collectionId", "additionalFieldsFormId", "imageUrl", "customAddButtonText", "price", "salePrice"]),
      );
      return ctx.prisma.product.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  deleteProduct: t.withAuth({ permission: "products.write" }).field({
    type: DeletedRef,
    errors: { types: [NotFoundError] },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.ownerProducts.deleteProduct(productIdOf(args.id)),
  }),
  createVariant: t.withAuth({ permission: "products.write" }).field({
    type: VariantChangeRef,
    errors: { types: productErrors },
    args: { productId: t.arg.id({ required: true }), input: t.arg({ type: VariantInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.ownerProducts.createVariant(productIdOf(args.productId), withoutNulls(args.input)),
  }),
  updateVariant: t.withAuth({ permission: "products.write" }).field({
    type: VariantChangeRef,
    description: "Owners: changes a variant; a stock rise notifies one waiter per unit that arrived.",
    errors: { types: productErrors },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: VariantInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.ownerProducts.updateVariant(variantIdOf(args.id), withoutNulls(args.input)),
  }),
  setVariantStock: t.withAuth({ permission: "products.write" }).field({
    type: VariantChangeRef,
    description: "Owners: a variant's stock (units, or unlimited); a rise notifies one waiter per unit that arrived.",
    errors: { types: productErrors },
    args: { id: t.arg.id({ required: true }), qtyInStock: t.arg.int(), unlimited: t.arg.boolean() },
    resolve: (_root, args, ctx) =>
      ctx.services.ownerProducts.setStock(variantIdOf(args.id), { qtyInStock: args.qtyInStock ?? undefined, unlimited: args.unlimited ?? undefined }),
  }),
  deleteVariant: t.withAuth({ permission: "products.write" }).field({
    type: DeletedRef,
    errors: { types: [NotFoundError] },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.ownerProducts.deleteVariant(variantIdOf(args.id)),
  }),
  updateMerchandising: t.withAuth({ permission: "products.write" }).prismaField({
    type: "Product",
    description: "Owners: the product's merchandising (sold-out text, scarcity, restock notifications, mailing-list sign-up).",
    errors: { types: productErrors },
    args: { productId: t.arg.id({ required: true }), input: t.arg({ type: MerchandisingInput, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { productId } = await ctx.services.ownerProducts.updateMerchandising(
        productIdOf(args.productId),
        withoutNulls(args.input, ["customSoldOutText", "scarcityText"]),
      );
      return ctx.prisma.product.findUniqueOrThrow({ ...query, where: { id: productId } });
    },
  }),
}));
