// The products feed for ads platforms (issue 10 item 7): one item per purchasable variant of every
// visible physical, digital or service product, as Google Merchant Center reads it (RSS 2.0 with the
// g: namespace) and as a CSV with the same columns. Gift cards and paywall access are not listed (ads
// platforms refuse them). Variants of one product share `item_group_id`. Pure: the service loads rows.
import { formatAmount, money } from "../money.ts";
import { isVariantSoldOut, ProductType } from "./product-state.ts";

export interface FeedProduct {
  id: number;
  slug: string;
  name: string;
  description: string;
  productType: number;
  currency: string;
  /** Digital products carry their price on the product. */
  price: number | null;
  salePrice: number | null;
  onSale: boolean;
  /** The product's main image, an absolute URL, or null. */
  imageUrl: string | null;
  variants: { id: number; sku: string; price: number; salePrice: number; onSale: boolean; unlimited: boolean; qtyInStock: number }[];
}

export interface FeedItem {
  id: string;
  itemGroupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  availability: "in_stock" | "out_of_stock";
  /** "18.00 USD", as Google's price attribute reads it. */
  price: string;
  /** Empty when not on sale. */
  salePrice: string;
}

export const FEED_COLUMNS = ["id", "item_group_id", "title", "description", "link", "image_link", "availability", "price", "sale_price"] as const;

const LISTED_TYPES: readonly number[] = [ProductType.PHYSICAL, ProductType.DIGITAL, ProductType.SERVICE];

const merchantPrice = (value: number, currency: string) => `${formatAmount(money(value, currency))} ${currency}`;

/** Plain text of a description that may hold HTML, on one line. */
const plain = (text: string) =>
  text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The feed's items; `productUrl` makes a product page's absolute URL from its slug. */
export function feedItems(products: readonly FeedProduct[], productUrl: (slug: string) => string): FeedItem[] {
  return products
    .filter((product) => LISTED_TYPES.includes(product.productType))
    .flatMap((product) => {
      const base = {
        title: product.name,
        description: plain(product.description) || product.name,
        link: productUrl(product.slug),
        imageLink: product.imageUrl ?? "",
      };
      if (product.productType === ProductType.DIGITAL) {
        const price = product.price ?? product.variants[0]?.price ?? 0;
        return [
          {
            ...base,
            id: `P${product.id}`,
            itemGroupId: null,
            availability: "in_stock" as const,
            price: merchantPrice(price, product.currency),
            salePrice: product.onSale && product.salePrice !== null ? merchantPrice(product.salePrice, product.currency) : "",
          },
        ];
      }
      const grouped = product.variants.length > 1;
      return product.variants.map((variant) => ({
        ...base,
        id: variant.sku || `V${variant.id}`,
        itemGroupId: grouped ? `P${product.id}` : null,
        availability: isVariantSoldOut(product.productType, variant) ? ("out_of_stock" as const) : ("in_stock" as const),
        price: merchantPrice(variant.price, product.currency),
        salePrice: variant.onSale ? merchantPrice(variant.salePrice, product.currency) : "",
      }));
    });
}

/** Text as XML character data or an attribute value: markup characters escaped, characters XML 1.0 cannot hold dropped. */
export const xmlEscape = (text: string) =>
  text
    // Characters XML 1.0 cannot hold at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** Google Merchant Center's RSS 2.0 feed. */
export function feedXml(items: readonly FeedItem[], channel: { title: string; link: string }): string {
  const tag = (name: string, value: string) => (value ? `      <${name}>${xmlEscape(value)}</${name}>\n` : "");
  const entries = items.map(
    (item) =>
      "    <item>\n" +
      tag("g:id", item.id) +
      tag("g:item_group_id", item.itemGroupId ?? "") +
      tag("title", item.title) +
      tag("description", item.description) +
      tag("link", item.link) +
      tag("g:image_link", item.imageLink) +
      tag("g:availability", item.availability) +
      tag("g:price", item.price) +
      tag("g:sale_price", item.salePrice) +
      "    </item>\n",
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n' +
    "  <channel>\n" +
    `    <title>${xmlEscape(channel.title)}</title>\n` +
    `    <link>${xmlEscape(channel.link)}</link>\n` +
    `    <description>${xmlEscape(channel.title)}</description>\n` +
    entries.join("") +
    "  </channel>\n</rss>\n"
  );
}

/** RFC 4180 CSV; a cell that a spreadsheet would read as a formula is prefixed with a quote. */
export function feedCsv(items: readonly FeedItem[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const rows = items.map((item) =>
    [item.id, item.itemGroupId ?? "", item.title, item.description, item.link, item.imageLink, item.availability, item.price, item.salePrice]
      .map(cell)
      .join(","),
  );
  return [FEED_COLUMNS.join(","), ...rows].join("\r\n") + "\r\n";
}
