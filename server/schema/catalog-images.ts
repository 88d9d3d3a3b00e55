// Product images over GraphQL (issue 9): `Product.images` in order (the first is the main image) with
// their URLs, sizes and srcset, and the owner's mutations: alt text, order, delete (products.write).
// Uploading is the REST POST of rest/product-images.ts (a file is not a GraphQL argument).
import { InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { altTextOf, imageSrcset, mediaUrl, PRODUCT_IMAGES_PATH, systemDataVariants } from "../domain/catalog/product-images.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { ownerMessages } from "../domain/messages/owner.ts";
import { imageWidths } from "../services/catalog/product-images.ts";
import { builder } from "./builder.ts";
import { idOf, nodeRowId, rawId } from "./ids.ts";

builder.prismaNode("ProductImage", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id: nodeRowId(id), websiteId: ctx.services.websiteId }),
  description: "An uploaded product image: the cleaned original and its resized widths (WebP), served under /media/.",
  fields: (t) => ({
    imageId: t.exposeInt("id", { description: "The raw image id." }),
    url: t.string({
      description: "The image's URL; add ?format=<N>w for a width of `widths` or ?format=original.",
      select: { key: true, filename: true },
      resolve: (image) => mediaUrl(image.key, image.filename),
    }),
    altText: t.exposeString("altText", { description: "The owner's alt text; empty: `alt` is the product's name." }),
    alt: t.string({
      description: "What the image says to a screen reader: the alt text, else the product's name (at most 250 characters).",
      select: { altText: true, product: { select: { name: true } } },
      resolve: (image) => altTextOf(image.altText, image.product.name),
    }),
    width: t.exposeInt("width", { description: "The original's width in pixels (after auto-orientation)." }),
    height: t.exposeInt("height"),
    contentType: t.exposeString("contentType", { description: "The original's type; the resized widths are image/webp." }),
    position: t.exposeInt("position", { description: "0-based place among the product's images." }),
    widths: t.intList({
      description: "The srcset widths made (100, 300, 500, 750, 1000, 1500, 2500 up to the image's own width; never upscaled).",
      select: { widths: true },
      resolve: (image) => imageWidths(image),
    }),
    systemDataVariants: t.string({
      description: "The widths as the template language lists them: '100w,300w,…'.",
      select: { widths: true },
      resolve: (image) => systemDataVariants(imageWidths(image)),
    }),
    srcset: t.string({
      description: "An <img srcset>: each width made, then the original at its own width when it is wider.",
      select: { key: true, filename: true, widths: true, width: true },
      resolve: (image) => imageSrcset(mediaUrl(image.key, image.filename), imageWidths(image), image.width),
    }),
    thumbnailUrl: t.string({
      description: "A small version for lists: the 300w (or the original when the image is narrower).",
      select: { key: true, filename: true, widths: true },
      resolve: (image) => `${mediaUrl(image.key, image.filename)}?format=${imageWidths(image).includes(300) ? "300w" : "original"}`,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.prismaObjectField("Product", "images", (t) =>
  t.relation("images", {
    description: "The product's uploaded images in order; the first is the main image (imageUrl is the older single image).",
    query: { orderBy: [{ position: "asc" }, { id: "asc" }] },
  }),
);

builder.prismaObjectFields("Product", (t) => ({
  imageUploadPath: t.string({
    description: "Owners: where to POST an image file for this product (raw body; ?filename=&altText=), with products.write.",
    resolve: (product, _args, ctx) =>
      PRODUCT_IMAGES_PATH.replace(":websiteId", encodeURIComponent(ctx.services.websiteId)).replace(":productId", String(product.id)),
  }),
}));

const productIdOf = (id: string | number) => rawId(id, "Product", checkoutMessages.productNotFound);
const imageIdOf = (id: string | number) => rawId(id, "ProductImage", ownerMessages.imageNotFound);

const UpdateProductImageInput = builder.inputType("UpdateProductImageInput", {
  fields: (t) => ({
    imageId: t.id({ required: true, description: "The image's imageId or global id." }),
    altText: t.string({ required: true, description: "At most 250 characters; empty: the product's name is used." }),
  }),
});

const ReorderProductImagesInput = builder.inputType("ReorderProductImagesInput", {
  fields: (t) => ({
    productId: t.id({ required: true }),
    imageIds: t.idList({ required: true, description: "Every image of the product, each once, in the new order." }),
  }),
});

const DeleteProductImageInput = builder.inputType("DeleteProductImageInput", {
  fields: (t) => ({ imageId: t.id({ required: true, description: "The image's imageId or global id." }) }),
});

const UpdateProductImageSuccess = builder.objectRef<{ imageId: number; productId: number }>("UpdateProductImageSuccess").implement({
  fields: (t) => ({
    image: t.prismaField({ type: "ProductImage", resolve: (query, success, _args, ctx) => ctx.services.productImages.image(query, success.imageId) }),
    product: t.prismaField({ type: "Product", resolve: (query, success, _args, ctx) => ctx.services.productImages.product(query, success.productId) }),
  }),
});

const ReorderProductImagesSuccess = builder.objectRef<{ productId: number }>("ReorderProductImagesSuccess").implement({
  fields: (t) => ({
    product: t.prismaField({ type: "Product", resolve: (query, success, _args, ctx) => ctx.services.productImages.product(query, success.productId) }),
  }),
});

const DeleteProductImageSuccess = builder.objectRef<{ id: number; productId: number }>("DeleteProductImageSuccess").implement({
  fields: (t) => ({
    deletedId: t.exposeInt("id", { description: "The raw id of the image deleted." }),
    product: t.prismaField({
      type: "Product",
      description: "The product with its remaining images.",
      resolve: (query, success, _args, ctx) => ctx.services.productImages.product(query, success.productId),
    }),
  }),
});

builder.mutationFields((t) => ({
  updateProductImage: t.withAuth({ permission: "products.write" }).field({
    type: UpdateProductImageSuccess,
    description: "Owners: an image's alt text.",
    errors: { types: [NotFoundError, InvalidInputError] },
    args: { input: t.arg({ type: UpdateProductImageInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const image = await ctx.services.productImages.updateAltText(imageIdOf(input.imageId), input.altText);
      return { imageId: image.id, productId: image.productId };
    },
  }),
  reorderProductImages: t.withAuth({ permission: "products.write" }).field({
    type: ReorderProductImagesSuccess,
    description: "Owners: puts a product's images in a new order (the first becomes the main image).",
    errors: { types: [NotFoundError, InvalidInputError] },
    args: { input: t.arg({ type: ReorderProductImagesInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const productId = productIdOf(input.productId);
      const imageIds = input.imageIds.map((id) => {
        const value = idOf(id, "ProductImage");
        if (value === null) throw new InvalidInputError(ownerMessages.imageOrderInvalid);
        return value;
      });
      await ctx.services.productImages.reorder(productId, imageIds);
      return { productId };
    },
  }),
  deleteProductImage: t.withAuth({ permission: "products.write" }).field({
    type: DeleteProductImageSuccess,
    description: "Owners: deletes an image and all its sizes; the images after it move up.",
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: DeleteProductImageInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.productImages.delete(imageIdOf(input.imageId)),
  }),
}));
