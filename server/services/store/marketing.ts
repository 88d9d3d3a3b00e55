// Marketing hooks (issue 10 item 7): the ads pixel id (issue 11's purchase event reads it) and the
// products feed. The feed's URLs carry a random token (192 bits): whoever has the URL reads the feed,
// nobody can guess it, and a new token (regenerateFeedToken) retires the old URLs at once (404).
import { timingSafeEqual } from "node:crypto";
import { feedCsv, feedItems, feedXml, type FeedProduct } from "../../domain/catalog/product-feed.ts";
import { mediaUrl } from "../../domain/catalog/product-images.ts";
import { productPath } from "../../domain/catalog/product-path.ts";
import type { Db } from "../../db/client.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import { newSecret } from "../support/ids.ts";

export interface MarketingView {
  pixelId: string | null;
  /** Absolute URLs of the feed. */
  feedXmlUrl: string;
  feedCsvUrl: string;
}

export const FEED_PATH_PATTERN = /^\/feeds\/([A-Za-z0-9_-]{1,100})\/products\.(xml|csv)$/;
export const feedPath = (token: string, format: "xml" | "csv") => `/feeds/${token}/products.${format}`;

export class MarketingService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly publicUrl: string,
    /** Told of a pixel id save (settingsChanged): the storefront's cached tracking settings carry it. */
    private readonly pubsub: StorePubSub | null = null,
  ) {}

  /** The settings row, made with a first feed token when the site has none. */
  async #settings() {
    const existing = await this.db.marketingSettings.findUnique({ where: { websiteId: this.websiteId } });
    if (existing) return existing;
    return this.db.marketingSettings.upsert({
      where: { websiteId: this.websiteId },
      create: { websiteId: this.websiteId, feedToken: newSecret() },
      update: {},
    });
  }

  #view(settings: { pixelId: string | null; feedToken: string }): MarketingView {
    return {
      pixelId: settings.pixelId,
      feedXmlUrl: this.publicUrl + feedPath(settings.feedToken, "xml"),
      feedCsvUrl: this.publicUrl + feedPath(settings.feedToken, "csv"),
    };
  }

  async get(): Promise<MarketingView> {
    return this.#view(await this.#settings());
  }

  /** Saves the pixel id (already checked by domain/store/marketing.ts); "" clears it. */
  async setPixelId(pixelId: string): Promise<MarketingView> {
    await this.#settings();
    const saved = await this.db.marketingSettings.update({ where: { websiteId: this.websiteId }, data: { pixelId: pixelId || null } });
    await this.pubsub?.publish("settingsChanged", { websiteId: this.websiteId });
    return this.#view(saved);
  }

  /** A new feed token: the old URLs answer 404 from now on. */
  async regenerateFeedToken(): Promise<MarketingView> {
    await this.#settings();
    const saved = await this.db.marketingSettings.update({ where: { websiteId: this.websiteId }, data: { feedToken: newSecret() } });
    return this.#view(saved);
  }

  /** The feed for a token, or null when the token is not the site's current one. */
  async feed(token: string, format: "xml" | "csv"): Promise<string | null> {
    const settings = await this.db.marketingSettings.findUnique({ where: { websiteId: this.websiteId }, select: { feedToken: true } });
    if (!settings || !sameToken(settings.feedToken, token)) return null;
    const [website, rows] = await Promise.all([
      this.db.website.findUnique({ where: { id: this.websiteId }, select: { title: true } }),
      this.db.product.findMany({
        where: { websiteId: this.websiteId, visible: true },
        orderBy: [{ name: "asc" }, { id: "asc" }],
        select: {
          id: true,
          slug: true,
          name: true,
          description: true,
          productType: true,
          currency: true,
          price: true,
          salePrice: true,
          onSale: true,
          imageUrl: true,
          variants: {
            orderBy: [{ position: "asc" }, { id: "asc" }],
            select: { id: true, sku: true, price: true, salePrice: true, onSale: true, unlimited: true, qtyInStock: true },
          },
          images: { orderBy: [{ position: "asc" }, { id: "asc" }], take: 1, select: { key: true, filename: true } },
        },
      }),
    ]);
    const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : this.publicUrl + (url.startsWith("/") ? url : `/${url}`));
    const products: FeedProduct[] = rows.map(({ images, imageUrl, ...row }) => ({
      ...row,
      // An uploaded image first (services/catalog/product-images.ts), else the product's own image URL.
      imageUrl: images[0] ? absolute(mediaUrl(images[0].key, images[0].filename)) : imageUrl ? absolute(imageUrl) : null,
    }));
    const items = feedItems(products, (slug) => this.publicUrl + productPath(slug));
    return format === "xml" ? feedXml(items, { title: website?.title ?? "", link: this.publicUrl + "/" }) : feedCsv(items);
  }
}

function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
