// Digital delivery over GraphQL (issue 23). Owners (products.read/write): a digital product's files and
// links (`Product.digitalFiles`, the upload path, add a link, rename, remove) and the store's download
// settings; orders.write renews an order's links. Shoppers: `Order.downloads`, for whoever may read the
// order (its unguessable id), with each link's path, expiry and count. Uploading is the REST POST of
// rest/digital-files.ts (a file is not a GraphQL argument).
import { DIGITAL_FILES_PATH } from "../domain/downloads/digital-files.ts";
import { InvalidInputError, NotFoundError } from "../domain/errors.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { downloadMessages } from "../domain/messages/downloads.ts";
import type { DigitalFileRow } from "../services/downloads/digital-files.ts";
import type { DownloadView } from "../services/downloads/download-grants.ts";
import { builder } from "./builder.ts";
import { OrderRef } from "./checkout.ts";
import { rawId } from "./ids.ts";

const DigitalFileKind = builder.enumType("DigitalFileKind", { values: ["FILE", "LINK"] as const });
const DownloadStateEnum = builder.enumType("DownloadState", {
  description: "Whether a download link delivers now: AVAILABLE, EXPIRED, LIMIT_REACHED, or STOPPED (the order was cancelled or refunded).",
  values: ["AVAILABLE", "EXPIRED", "LIMIT_REACHED", "STOPPED"] as const,
});

const DigitalFileRef = builder.objectRef<DigitalFileRow>("DigitalFile").implement({
  description: "Owners: a file or external link a digital product delivers.",
  fields: (t) => ({
    fileId: t.exposeInt("id", { description: "The raw id." }),
    kind: t.field({ type: DigitalFileKind, resolve: (file) => file.kind as "FILE" | "LINK" }),
    name: t.exposeString("name", { description: "What the shopper sees and downloads as." }),
    contentType: t.exposeString("contentType", { nullable: true }),
    byteSize: t.exposeInt("byteSize", { nullable: true }),
    url: t.exposeString("url", { nullable: true, description: "A link's address (never shown to shoppers: they get a signed link)." }),
    position: t.exposeInt("position"),
  }),
});

export const DownloadRef = builder.objectRef<DownloadView>("Download").implement({
  description: "One paid digital line's file or link: a signed link that expires and counts its downloads.",
  fields: (t) => ({
    name: t.exposeString("name"),
    kind: t.field({ type: DigitalFileKind, resolve: (download) => download.kind as "FILE" | "LINK" }),
    url: t.exposeString("path", { description: "The link (/downloads/<token>), on the store's own address." }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    downloadCount: t.exposeInt("downloadCount"),
    downloadLimit: t.exposeInt("downloadLimit"),
    state: t.field({ type: DownloadStateEnum, resolve: (download) => download.state }),
  }),
});

const DownloadSettingsRef = builder.objectRef<{ expiryHours: number; downloadLimit: number }>("DownloadSettings").implement({
  description: "How long a store's download links last after the order (or a renewal), and how many downloads each allows.",
  fields: (t) => ({ expiryHours: t.exposeInt("expiryHours"), downloadLimit: t.exposeInt("downloadLimit") }),
});

builder.prismaObjectFields("Product", (t) => ({
  digitalFiles: t.field({
    type: [DigitalFileRef],
    nullable: true,
    authScopes: { permission: "products.read" },
    description: "Owners (products.read): the files and links a digital product delivers, in order.",
    resolve: (product, _args, ctx) => ctx.services.downloads.files.list(product.id),
  }),
  digitalFileUploadPath: t.string({
    nullable: true,
    authScopes: { permission: "products.write" },
    description: "Owners: where to POST a file for this digital product (raw body; ?name=), with products.write.",
    resolve: (product, _args, ctx) =>
      DIGITAL_FILES_PATH.replace(":websiteId", encodeURIComponent(ctx.services.websiteId)).replace(":productId", String(product.id)),
  }),
}));

builder.objectField(OrderRef, "downloads", (t) =>
  t.field({
    type: [DownloadRef],
    description: "The order's downloads (its digital lines' files and links), for whoever may read the order.",
    resolve: (order, _args, ctx) => ctx.services.downloads.grants.forOrder(order.id),
  }),
);

const productIdOf = (id: string | number) => rawId(id, "Product", checkoutMessages.productNotFound);
const fileIdOf = (id: string | number) => {
  const value = typeof id === "number" ? id : /^\d{1,10}$/.test(id) ? Number(id) : null;
  if (value === null) throw new NotFoundError(downloadMessages.fileNotFound);
  return value;
};

const FileSuccess = (name: string) =>
  builder.objectRef<DigitalFileRow>(name).implement({
    fields: (t) => ({
      file: t.field({ type: DigitalFileRef, resolve: (file) => file }),
      files: t.field({
        type: [DigitalFileRef],
        description: "The product's files and links after the change.",
        resolve: (file, _args, ctx) => ctx.services.downloads.files.list(file.productId),
      }),
    }),
  });

builder.queryField("ownerDownloadSettings", (t) =>
  t.withAuth({ permission: "products.read" }).field({
    type: DownloadSettingsRef,
    description: "Owners: the store's download link expiry and download limit.",
    resolve: (_root, _args, ctx) => ctx.services.downloads.grants.settings(),
  }),
);

builder.mutationFields((t) => ({
  addDigitalLink: t.withAuth({ permission: "products.write" }).field({
    type: FileSuccess("AddDigitalLinkSuccess"),
    description: "Owners: a digital product delivers an external link (shoppers are redirected to it after the link's checks).",
    errors: { types: [NotFoundError, InvalidInputError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("AddDigitalLinkInput", {
          fields: (f) => ({ productId: f.id({ required: true }), name: f.string({ required: true }), url: f.string({ required: true }) }),
        }),
      }),
    },
    resolve: (_root, { input }, ctx) => ctx.services.downloads.files.addLink(productIdOf(input.productId), input.name, input.url),
  }),
  renameDigitalFile: t.withAuth({ permission: "products.write" }).field({
    type: FileSuccess("RenameDigitalFileSuccess"),
    description: "Owners: the name a file or link is shown and downloaded as.",
    errors: { types: [NotFoundError, InvalidInputError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("RenameDigitalFileInput", { fields: (f) => ({ fileId: f.id({ required: true }), name: f.string({ required: true }) }) }),
      }),
    },
    resolve: (_root, { input }, ctx) => ctx.services.downloads.files.rename(fileIdOf(input.fileId), input.name),
  }),
  removeDigitalFile: t.withAuth({ permission: "products.write" }).field({
    type: FileSuccess("RemoveDigitalFileSuccess"),
    description: "Owners: removes a file or link; the links of orders that had it stop working.",
    errors: { types: [NotFoundError] },
    args: {
      input: t.arg({ required: true, type: builder.inputType("RemoveDigitalFileInput", { fields: (f) => ({ fileId: f.id({ required: true }) }) }) }),
    },
    resolve: (_root, { input }, ctx) => ctx.services.downloads.files.remove(fileIdOf(input.fileId)),
  }),
  updateDownloadSettings: t.withAuth({ permission: "products.write" }).field({
    type: builder.objectRef<{ settings: { expiryHours: number; downloadLimit: number } }>("UpdateDownloadSettingsSuccess").implement({
      fields: (f) => ({ settings: f.field({ type: DownloadSettingsRef, resolve: (success) => success.settings }) }),
    }),
    description: "Owners: how long new (and renewed) download links last, 1 to 8760 hours, and how many downloads they allow, 1 to 100.",
    errors: { types: [InvalidInputError] },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType("UpdateDownloadSettingsInput", {
          fields: (f) => ({ expiryHours: f.int({ required: true }), downloadLimit: f.int({ required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => ({ settings: await ctx.services.downloads.grants.updateSettings(input) }),
  }),
  renewOrderDownloads: t.withAuth({ permission: "orders.write" }).field({
    type: builder.objectRef<{ orderId: string; downloads: DownloadView[] }>("RenewOrderDownloadsSuccess").implement({
      fields: (f) => ({
        orderId: f.exposeString("orderId"),
        downloads: f.field({ type: [DownloadRef], resolve: (success) => success.downloads }),
      }),
    }),
    description: "Owners: an order's download links work again for the store's expiry from now, their counts starting over (the links do not change).",
    errors: { types: [NotFoundError, InvalidInputError] },
    args: {
      input: t.arg({ required: true, type: builder.inputType("RenewOrderDownloadsInput", { fields: (f) => ({ orderId: f.string({ required: true }) }) }) }),
    },
    resolve: async (_root, { input }, ctx) => ({ orderId: input.orderId, downloads: await ctx.services.downloads.grants.renew(input.orderId) }),
  }),
}));
