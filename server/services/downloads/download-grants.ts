// Download grants (issue 23): made when an order is placed (one per paid digital line and file),
// shown to the shopper, renewed by the owner, and opened by a download link. A link is
// /downloads/<grant id>.<HMAC-SHA256 of "<websiteId>:<grant id>" with the site's linkSecret>, so a link
// is worthless on another site (another secret, and grants are read by websiteId), and the same link
// keeps working after a renewal. Whether a link delivers is decided when it is used, from the grant and
// its order's state (domain/downloads/download-grants.ts): no job expires or stops anything.
import { createHmac, randomBytes } from "node:crypto";
import { stat } from "node:fs/promises";
import type { Db, Tx } from "../../db/client.ts";
import { ProductType } from "../../domain/catalog/product-state.ts";
import { InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import {
  DEFAULT_DOWNLOAD_EXPIRY_HOURS,
  DEFAULT_DOWNLOAD_LIMIT,
  downloadPath,
  grantExpiry,
  grantState,
  isValidDownloadSettings,
  MAX_DOWNLOAD_EXPIRY_HOURS,
  MAX_DOWNLOAD_LIMIT,
  parseDownloadToken,
  stopsDownloads,
  type DownloadSettingsInput,
  type GrantState,
} from "../../domain/downloads/download-grants.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import { downloadMessages } from "../../domain/messages/downloads.ts";
import { sameSecret } from "../support/ids.ts";
import type { DigitalFilesService } from "./digital-files.ts";

type Client = Db | Tx;

export interface DownloadSettingsView extends DownloadSettingsInput {
  linkSecret: string;
}

/** The site's download settings, made (with a new link secret) the first time they are needed. */
export async function loadDownloadSettings(db: Client, websiteId: string): Promise<DownloadSettingsView> {
  const found = await db.downloadSettings.findUnique({ where: { websiteId } });
  if (found) return found;
  return db.downloadSettings.upsert({
    where: { websiteId },
    create: { websiteId, linkSecret: randomBytes(32).toString("base64url"), expiryHours: DEFAULT_DOWNLOAD_EXPIRY_HOURS, downloadLimit: DEFAULT_DOWNLOAD_LIMIT },
    update: {},
  });
}

const signature = (secret: string, websiteId: string, grantId: string) =>
  createHmac("sha256", secret).update(`${websiteId}:${grantId}`).digest("base64url").slice(0, 32);

/** A grant's link token. */
export const downloadToken = (settings: Pick<DownloadSettingsView, "linkSecret">, websiteId: string, grantId: string): string =>
  `${grantId}.${signature(settings.linkSecret, websiteId, grantId)}`;

/** A download the confirmation email lists. */
export interface EmailDownload {
  name: string;
  url: string;
}

export interface GrantedDownloads {
  downloads: EmailDownload[];
  expiryHours: number;
  downloadLimit: number;
}

/**
 * Grants the order's digital lines their files and links, inside the order's transaction (place-order.ts
 * calls it for test-mode checkouts, settled payments and renewals alike); answers the links for the
 * confirmation email. Lines of products without files get nothing.
 */
export async function grantDownloads(tx: Tx, websiteId: string, orderId: string, at: Date, publicUrl: string): Promise<GrantedDownloads> {
  const items = await tx.orderItem.findMany({
    where: { orderId, productType: ProductType.DIGITAL },
    select: { id: true, productId: true },
    orderBy: { id: "asc" },
  });
  if (items.length === 0) return { downloads: [], expiryHours: 0, downloadLimit: 0 };
  const files = await tx.digitalFile.findMany({
    where: { websiteId, productId: { in: items.map((item) => item.productId) } },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
  if (files.length === 0) return { downloads: [], expiryHours: 0, downloadLimit: 0 };
  const settings = await loadDownloadSettings(tx, websiteId);
  const expiresAt = grantExpiry(at, settings.expiryHours);
  const downloads: EmailDownload[] = [];
  for (const item of items) {
    for (const file of files.filter((candidate) => candidate.productId === item.productId)) {
      const id = randomBytes(16).toString("base64url");
      await tx.downloadGrant.create({
        data: { id, websiteId, orderId, orderItemId: item.id, digitalFileId: file.id, expiresAt, downloadLimit: settings.downloadLimit, createdAt: at },
      });
      downloads.push({ name: file.name, url: `${publicUrl}${downloadPath(downloadToken(settings, websiteId, id))}` });
    }
  }
  return { downloads, expiryHours: settings.expiryHours, downloadLimit: settings.downloadLimit };
}

/** A grant as the shopper and the owner see it. */
export interface DownloadView {
  id: string;
  orderItemId: number;
  name: string;
  kind: string;
  /** The link's path (/downloads/<token>). */
  path: string;
  expiresAt: Date;
  downloadCount: number;
  downloadLimit: number;
  state: GrantState;
}

/** What a download link delivers, or why it does not. */
export type OpenedDownload =
  | { kind: "FILE"; path: string; size: number; contentType: string; name: string }
  | { kind: "LINK"; url: string }
  | { kind: "REFUSED"; state: Exclude<GrantState, "AVAILABLE"> | "NOT_FOUND"; storeName: string; orderNumber: number | null; downloadLimit: number };

export class DownloadGrantService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly files: DigitalFilesService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  settings(): Promise<DownloadSettingsView> {
    return loadDownloadSettings(this.db, this.websiteId);
  }

  /** Sets how long links last and how many downloads they allow (new grants; renewals). */
  async updateSettings(input: DownloadSettingsInput): Promise<DownloadSettingsView> {
    if (!isValidDownloadSettings(input)) throw new InvalidInputError(downloadMessages.settingsInvalid(MAX_DOWNLOAD_EXPIRY_HOURS, MAX_DOWNLOAD_LIMIT));
    await this.settings();
    return this.db.downloadSettings.update({
      where: { websiteId: this.websiteId },
      data: { expiryHours: input.expiryHours, downloadLimit: input.downloadLimit },
    });
  }

  /** An order's downloads, in line and file order (the caller decided who may see the order). */
  async forOrder(orderId: string): Promise<DownloadView[]> {
    const [grants, settings] = await Promise.all([
      this.db.downloadGrant.findMany({
        where: { websiteId: this.websiteId, orderId },
        include: { digitalFile: { select: { name: true, kind: true, position: true } }, order: { select: { state: true } } },
        orderBy: [{ orderItemId: "asc" }, { digitalFile: { position: "asc" } }, { digitalFileId: "asc" }],
      }),
      this.settings(),
    ]);
    const now = this.now();
    return grants.map((grant) => ({
      id: grant.id,
      orderItemId: grant.orderItemId,
      name: grant.digitalFile.name,
      kind: grant.digitalFile.kind,
      path: downloadPath(downloadToken(settings, this.websiteId, grant.id)),
      expiresAt: grant.expiresAt,
      downloadCount: grant.downloadCount,
      downloadLimit: grant.downloadLimit,
      state: grantState({ ...grant, orderState: grant.order.state }, now),
    }));
  }

  /**
   * The owner renews an order's links: each lasts the store's expiry again from now and its count
   * starts over (the links themselves do not change). Throws NotFound for another site's order,
   * InvalidInput for an order without downloads or one cancelled or refunded.
   */
  async renew(orderId: string): Promise<DownloadView[]> {
    const order = await this.db.order.findFirst({ where: { id: orderId, websiteId: this.websiteId }, select: { state: true } });
    if (!order) throw new NotFoundError(ownerMessages.orderNotFound);
    if (stopsDownloads(order.state)) throw new InvalidInputError(downloadMessages.ordersLinksStopped);
    const settings = await this.settings();
    const now = this.now();
    const { count } = await this.db.downloadGrant.updateMany({
      where: { websiteId: this.websiteId, orderId },
      data: { expiresAt: grantExpiry(now, settings.expiryHours), downloadLimit: settings.downloadLimit, downloadCount: 0, renewedAt: now },
    });
    if (count === 0) throw new InvalidInputError(downloadMessages.noGrants);
    return this.forOrder(orderId);
  }

  /**
   * Opens a link: checks its signature, its order's state, its expiry and its count. With `counts`
   * (a GET starting at byte 0) the download is counted, conditionally, so two at once cannot both take
   * the last one. The file's size is read from the disk.
   */
  async open(token: string, { counts }: { counts: boolean }): Promise<OpenedDownload> {
    const website = await this.db.website.findUnique({ where: { id: this.websiteId }, select: { title: true } });
    const storeName = website?.title ?? "";
    const notFound: OpenedDownload = { kind: "REFUSED", state: "NOT_FOUND", storeName, orderNumber: null, downloadLimit: 0 };
    const parsed = parseDownloadToken(token);
    if (!parsed) return notFound;
    const settings = await this.settings();
    if (!sameSecret(parsed.signature, signature(settings.linkSecret, this.websiteId, parsed.grantId))) return notFound;
    const grant = await this.db.downloadGrant.findFirst({
      where: { id: parsed.grantId, websiteId: this.websiteId },
      include: { digitalFile: true, order: { select: { state: true, orderNumber: true } } },
    });
    if (!grant) return notFound;
    const refused = (state: Exclude<GrantState, "AVAILABLE">): OpenedDownload => ({
      kind: "REFUSED",
      state,
      storeName,
      orderNumber: grant.order.orderNumber,
      downloadLimit: grant.downloadLimit,
    });
    const state = grantState({ ...grant, orderState: grant.order.state }, this.now());
    if (state !== "AVAILABLE") return refused(state);
    if (counts) {
      const { count } = await this.db.downloadGrant.updateMany({
        where: { id: grant.id, websiteId: this.websiteId, downloadCount: { lt: grant.downloadLimit } },
        data: { downloadCount: { increment: 1 }, lastDownloadAt: this.now() },
      });
      if (count === 0) return refused("LIMIT_REACHED");
    }
    const file = grant.digitalFile;
    if (file.kind === "LINK" && file.url) return { kind: "LINK", url: file.url };
    if (!file.storageKey) return notFound;
    const path = this.files.pathOf(file.storageKey);
    const size = await stat(path).then(
      (info) => info.size,
      () => null,
    );
    if (size === null) return notFound;
    return { kind: "FILE", path, size, contentType: file.contentType ?? "application/octet-stream", name: file.name };
  }
}
