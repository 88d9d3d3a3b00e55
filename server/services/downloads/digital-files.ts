// A digital product's files and links (issue 23): upload, add a link, rename, remove, and the stored
// file a grant serves. The only code that touches the DigitalFile rows and the downloads folder
// (MEDIA_DIR/<websiteId>/downloads/<storageKey>). That folder is outside /media/ (serveMedia only
// answers /media/<image key>/<name>, which looks up ProductImage rows), so a file is reachable only
// through a download grant's signed link. A file is written before its row, so a failure leaves
// nothing visible, and removed after its row.
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { ProductType } from "../../domain/catalog/product-state.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { downloadMessages } from "../../domain/messages/downloads.ts";
import {
  checkDigitalFile,
  cleanDigitalFileName,
  cleanDigitalLink,
  digitalFileRefused,
  DigitalFileRefusedError,
  MAX_DIGITAL_FILE_BYTES,
  MAX_DIGITAL_FILE_NAME_LENGTH,
  MAX_DIGITAL_FILES_PER_PRODUCT,
} from "../../domain/downloads/digital-files.ts";
import type { Db } from "../../db/client.ts";

export interface DigitalFileRow {
  id: number;
  productId: number;
  kind: string;
  name: string;
  storageKey: string | null;
  contentType: string | null;
  byteSize: number | null;
  url: string | null;
  position: number;
  createdAt: Date;
}

/** A site's downloads folder (inside its media folder, so the removed-site purge deletes it too). */
export const siteDownloadsFolder = (mediaDir: string, websiteId: string): string => join(mediaDir, websiteId, "downloads");

export class DigitalFilesService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    readonly mediaDir: string,
    readonly maxBytes: number = MAX_DIGITAL_FILE_BYTES,
  ) {}

  /** Refuses an upload addressed to another site's path (404, as for product images). */
  checkWebsite(websiteId: string): void {
    if (websiteId !== this.websiteId) throw new NotFoundError(checkoutMessages.routeNotFound);
  }

  /** Where a stored file's bytes are. */
  pathOf(storageKey: string): string {
    return join(siteDownloadsFolder(this.mediaDir, this.websiteId), storageKey);
  }

  list(productId: number): Promise<DigitalFileRow[]> {
    return this.db.digitalFile.findMany({ where: { websiteId: this.websiteId, productId }, orderBy: [{ position: "asc" }, { id: "asc" }] });
  }

  /** The digital product's next position; throws NotFound for another site's product or InvalidInput for a physical one. */
  async #nextPosition(productId: number): Promise<number> {
    const product = await this.db.product.findFirst({ where: { id: productId, websiteId: this.websiteId }, select: { productType: true } });
    if (!product) throw new NotFoundError(checkoutMessages.productNotFound);
    if (product.productType !== ProductType.DIGITAL) throw new InvalidInputError(downloadMessages.onlyDigitalProducts);
    const files = await this.db.digitalFile.findMany({ where: { websiteId: this.websiteId, productId }, select: { position: true } });
    if (files.length >= MAX_DIGITAL_FILES_PER_PRODUCT) throw digitalFileRefused("TOO_MANY_FILES", this.maxBytes);
    return files.reduce((max, file) => Math.max(max, file.position + 1), 0);
  }

  /** Stores an uploaded file; throws DigitalFileRefusedError (empty, too large, type, content) or InvalidInput (name). */
  async upload(productId: number, fileName: string, bytes: Buffer): Promise<DigitalFileRow> {
    const name = cleanDigitalFileName(fileName);
    if (name === null) throw new InvalidInputError(downloadMessages.nameInvalid(MAX_DIGITAL_FILE_NAME_LENGTH));
    const checked = checkDigitalFile(name, bytes, this.maxBytes);
    if (checked instanceof DigitalFileRefusedError) throw checked;
    const position = await this.#nextPosition(productId);
    const storageKey = randomBytes(18).toString("base64url");
    const path = this.pathOf(storageKey);
    await mkdir(siteDownloadsFolder(this.mediaDir, this.websiteId), { recursive: true });
    await writeFile(path, bytes, { flag: "wx" });
    try {
      return await this.db.digitalFile.create({
        data: { websiteId: this.websiteId, productId, kind: "FILE", name, storageKey, contentType: checked.contentType, byteSize: bytes.length, position },
      });
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  }

  /** Adds an external link; throws InvalidInput for a bad name or link. */
  async addLink(productId: number, linkName: string, url: string): Promise<DigitalFileRow> {
    const name = cleanDigitalFileName(linkName);
    if (name === null) throw new InvalidInputError(downloadMessages.nameInvalid(MAX_DIGITAL_FILE_NAME_LENGTH));
    const link = cleanDigitalLink(url);
    if (link === null) throw new InvalidInputError(downloadMessages.linkInvalid);
    const position = await this.#nextPosition(productId);
    return this.db.digitalFile.create({ data: { websiteId: this.websiteId, productId, kind: "LINK", name, url: link, position } });
  }

  async #file(fileId: number): Promise<DigitalFileRow> {
    const file = await this.db.digitalFile.findFirst({ where: { id: fileId, websiteId: this.websiteId } });
    if (!file) throw new NotFoundError(downloadMessages.fileNotFound);
    return file;
  }

  /** Renames a file or link (a file keeps its extension's type: the name is what the shopper downloads). */
  async rename(fileId: number, newName: string): Promise<DigitalFileRow> {
    const name = cleanDigitalFileName(newName);
    if (name === null) throw new InvalidInputError(downloadMessages.nameInvalid(MAX_DIGITAL_FILE_NAME_LENGTH));
    const file = await this.#file(fileId);
    return this.db.digitalFile.update({ where: { id: file.id }, data: { name } });
  }

  /** Removes a file or link, and the grants to it (docs/decisions.md "Digital goods deliver"); then its bytes. */
  async remove(fileId: number): Promise<DigitalFileRow> {
    const file = await this.#file(fileId);
    await this.db.digitalFile.delete({ where: { id: file.id } });
    if (file.storageKey) await rm(this.pathOf(file.storageKey), { force: true });
    return file;
  }
}
