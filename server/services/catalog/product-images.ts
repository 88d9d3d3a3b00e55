// Product images (issue 9): upload, alt text, order, delete, and the files the storefront asks for.
// The only code that touches the ProductImage rows and the media folder (MEDIA_DIR/<websiteId>/<key>/):
//   original.<ext>  the upload auto-oriented, metadata stripped, in its own format (?format=original)
//   <N>w.webp       each srcset width not wider than the image (?format=<N>w)
// An upload is checked by its bytes (domain/catalog/product-images.ts), decoded with sharp under a pixel
// limit, written to its folder, then recorded; the row is what makes the files visible, so a failure in
// between leaves nothing served (and the folder is removed). One image is processed at a time per
// process, which bounds the memory a burst of uploads can take.
import { randomBytes } from "node:crypto";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createRequire } from "node:module";
import type SharpModule from "sharp";
import { InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import {
  cleanAltText,
  IMAGE_TYPES,
  imageRefused,
  ImageRefusedError,
  isSameImageSet,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGES_PER_PRODUCT,
  mediaFilename,
  mediaUrl,
  imageSrcset,
  RESIZED_TYPE,
  sniffImageType,
  variantFor,
  widthsFor,
  type ImageType,
} from "../../domain/catalog/product-images.ts";
import type { Db, Prisma } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";

/** sharp (libvips, about 19 MB resident) is loaded with the first upload, not by every server start (issue 13). */
const loadSharp = () => createRequire(import.meta.url)("sharp") as typeof SharpModule;
import { parseJsonArray } from "../support/json.ts";

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxBytes: MAX_IMAGE_BYTES, maxPixels: MAX_IMAGE_PIXELS };

/** Resized widths: WebP at this quality (docs/decisions.md "Product images"). */
const WEBP_QUALITY = 80;

export interface ProductImageRow {
  id: number;
  productId: number;
  key: string;
  filename: string;
  position: number;
  altText: string;
  width: number;
  height: number;
  contentType: string;
  byteSize: number;
  widths: string;
  createdAt: Date;
}

/** A file to send for a media URL. */
export interface MediaFile {
  path: string;
  contentType: string;
  size: number;
  /** Strong: the image's key and the variant never change (a new upload gets a new key). */
  etag: string;
}

export const imageWidths = (row: Pick<ProductImageRow, "widths">) => parseJsonArray<number>(row.widths);

/** An image as the REST upload answers it (GraphQL's ProductImage has the same fields). */
export function describeImage(row: ProductImageRow) {
  const url = mediaUrl(row.key, row.filename);
  const widths = imageWidths(row);
  return {
    imageId: row.id,
    productId: row.productId,
    url,
    altText: row.altText,
    width: row.width,
    height: row.height,
    contentType: row.contentType,
    position: row.position,
    widths,
    srcset: imageSrcset(url, widths, row.width),
  };
}

interface Processed {
  type: ImageType;
  width: number;
  height: number;
  original: Buffer;
  resized: { width: number; bytes: Buffer }[];
}

/** A site's media folder: each of its images is a folder in it (the removed-site purge deletes it whole). */
export const siteMediaFolder = (mediaDir: string, websiteId: string): string => join(mediaDir, websiteId);

export class ProductImagesService {
  /** The image being processed now: the next waits for it. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly pubsub: StorePubSub,
    readonly mediaDir: string,
    limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
  ) {
    this.limits = { ...limits };
  }

  /** The upload limits (a copy: tests may lower them on one store). */
  readonly limits: ImageLimits;

  #folder(key: string) {
    return join(siteMediaFolder(this.mediaDir, this.websiteId), key);
  }

  #changed(productId: number) {
    this.pubsub.publish("catalogChanged", { productIds: [productId] });
  }

  /** A REST path's site must be this one (another site's path names nothing here). */
  checkWebsite(websiteId: string): void {
    if (websiteId !== this.websiteId) throw new NotFoundError(checkoutMessages.routeNotFound);
  }

  async #product(productId: number) {
    const product = await this.db.product.findFirst({ where: { id: productId, websiteId: this.websiteId }, select: { id: true } });
    if (!product) throw new NotFoundError(checkoutMessages.productNotFound);
    return product;
  }

  async #image(imageId: number) {
    const image = await this.db.productImage.findFirst({ where: { id: imageId, websiteId: this.websiteId } });
    if (!image) throw new NotFoundError(ownerMessages.imageNotFound);
    return image;
  }

  /** The product's images in order (the first is the main one). */
  list(productId: number): Promise<ProductImageRow[]> {
    return this.db.productImage.findMany({ where: { productId, websiteId: this.websiteId }, orderBy: [{ position: "asc" }, { id: "asc" }] });
  }

  /** The product for a GraphQL answer (Pothos passes `query`: the selection the client asked for). */
  product<Q extends Omit<Prisma.ProductFindFirstArgs, "where">>(query: Q, productId: number) {
    return this.db.product.findFirstOrThrow({ ...query, where: { id: productId, websiteId: this.websiteId } });
  }

  /** The image for a GraphQL answer. */
  image<Q extends Omit<Prisma.ProductImageFindFirstArgs, "where">>(query: Q, imageId: number) {
    return this.db.productImage.findFirstOrThrow({ ...query, where: { id: imageId, websiteId: this.websiteId } });
  }

  describe(row: ProductImageRow) {
    return describeImage(row);
  }

  get(imageId: number): Promise<ProductImageRow> {
    return this.#image(imageId);
  }

  /** Adds an image at the end of the product's images; refuses what is not an image the store takes. */
  async upload(productId: number, bytes: Buffer, options: { filename?: string | null; altText?: string | null } = {}): Promise<ProductImageRow> {
    if (bytes.length === 0) throw imageRefused("EMPTY", this.limits);
    if (bytes.length > this.limits.maxBytes) throw imageRefused("TOO_LARGE", this.limits);
    const type = sniffImageType(bytes);
    if (!type) throw imageRefused("UNSUPPORTED_TYPE", this.limits);
    const altText = cleanAltText(options.altText ?? "");
    if (altText === null) throw new InvalidInputError(ownerMessages.imageAltTextTooLong);
    await this.#product(productId);
    if ((await this.db.productImage.count({ where: { productId } })) >= MAX_IMAGES_PER_PRODUCT) throw imageRefused("TOO_MANY_IMAGES", this.limits);

    const processed = await this.#serially(() => this.#process(bytes, type));
    const key = randomBytes(12).toString("hex");
    const folder = this.#folder(key);
    await mkdir(folder, { recursive: true });
    try {
      await writeFile(join(folder, `original.${IMAGE_TYPES[type]}`), processed.original);
      for (const { width, bytes: file } of processed.resized) await writeFile(join(folder, `${width}w.webp`), file);
      const image = await this.db.$transaction(async (tx) => {
        const last = await tx.productImage.aggregate({ where: { productId }, _max: { position: true } });
        return tx.productImage.create({
          data: {
            websiteId: this.websiteId,
            productId,
            key,
            filename: mediaFilename(options.filename ?? null, type),
            position: (last._max.position ?? -1) + 1,
            altText,
            width: processed.width,
            height: processed.height,
            contentType: type,
            byteSize: processed.original.length,
            widths: JSON.stringify(processed.resized.map(({ width }) => width)),
          },
        });
      });
      this.#changed(productId);
      return image;
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw error;
    }
  }

  #serially<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(work, work);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** Decodes under the pixel limit, auto-orients, strips metadata and makes each width (never upscaled). */
  async #process(bytes: Buffer, type: ImageType): Promise<Processed> {
    const animated = type === "image/gif" || type === "image/webp";
    const sharp = loadSharp();
    const input = () => sharp(bytes, { limitInputPixels: this.limits.maxPixels, animated }).autoOrient();
    try {
      const metadata = await sharp(bytes, { limitInputPixels: this.limits.maxPixels, animated }).metadata();
      // An animation's height is all its frames stacked; each frame is pageHeight high.
      const frameHeight = metadata.pageHeight ?? metadata.height;
      const rotated = (metadata.orientation ?? 1) >= 5;
      const width = rotated ? frameHeight : metadata.width;
      const height = rotated ? metadata.width : frameHeight;
      if (!width || !height) throw imageRefused("UNREADABLE", this.limits);
      const original = await input()
        .toFormat(IMAGE_TYPES[type] === "jpg" ? "jpeg" : IMAGE_TYPES[type], type === "image/jpeg" ? { quality: 90, mozjpeg: true } : {})
        .toBuffer();
      const resized: Processed["resized"] = [];
      for (const target of widthsFor(width)) {
        resized.push({ width: target, bytes: await input().resize({ width: target, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer() });
      }
      return { type, width, height, original, resized };
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw imageRefused("TOO_MANY_PIXELS", this.limits);
      if (error instanceof ImageRefusedError) throw error;
      throw imageRefused("UNREADABLE", this.limits);
    }
  }

  /** Changes an image's alt text (empty: the product's name is used). */
  async updateAltText(imageId: number, altText: string): Promise<ProductImageRow> {
    const text = cleanAltText(altText);
    if (text === null) throw new InvalidInputError(ownerMessages.imageAltTextTooLong);
    const image = await this.#image(imageId);
    const updated = await this.db.productImage.update({ where: { id: image.id }, data: { altText: text } });
    this.#changed(image.productId);
    return updated;
  }

  /** Puts the product's images in the order given; the list names each of them exactly once. */
  async reorder(productId: number, imageIds: number[]): Promise<ProductImageRow[]> {
    await this.#product(productId);
    await this.db.$transaction(async (tx) => {
      const current = await tx.productImage.findMany({ where: { productId }, select: { id: true } });
      if (
        !isSameImageSet(
          current.map(({ id }) => id),
          imageIds,
        )
      )
        throw new InvalidInputError(ownerMessages.imageOrderInvalid);
      for (const [position, id] of imageIds.entries()) await tx.productImage.update({ where: { id }, data: { position } });
    });
    this.#changed(productId);
    return this.list(productId);
  }

  /** Deletes an image and its files; the images after it move up. */
  async delete(imageId: number): Promise<{ id: number; productId: number }> {
    const image = await this.#image(imageId);
    await this.db.$transaction(async (tx) => {
      await tx.productImage.delete({ where: { id: image.id } });
      const rest = await tx.productImage.findMany({
        where: { productId: image.productId },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { id: true },
      });
      for (const [position, { id }] of rest.entries()) await tx.productImage.update({ where: { id }, data: { position } });
    });
    await rm(this.#folder(image.key), { recursive: true, force: true });
    this.#changed(image.productId);
    return { id: image.id, productId: image.productId };
  }

  /** The file for `/media/<key>/<filename>?format=…`, or null when it names nothing. */
  async media(key: string, filename: string, format: string | null): Promise<MediaFile | null> {
    if (!/^[0-9a-f]{24}$/.test(key)) return null;
    const image = await this.db.productImage.findFirst({ where: { key, websiteId: this.websiteId } });
    if (!image || image.filename !== filename) return null;
    const variant = variantFor(format, imageWidths(image));
    if (variant === null) return null;
    const original = variant === "original";
    const path = join(this.#folder(key), original ? `original.${IMAGE_TYPES[image.contentType as ImageType]}` : `${variant}w.webp`);
    const size = await stat(path).then(
      (file) => file.size,
      () => null,
    );
    if (size === null) return null;
    return { path, contentType: original ? image.contentType : RESIZED_TYPE, size, etag: `"${key}-${original ? "original" : `${variant}w`}"` };
  }
}
