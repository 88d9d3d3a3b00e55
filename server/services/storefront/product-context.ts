// A product as templates see it: the store item (recordType 11) with its structuredContent and the
// derived states of server/domain and its merchandising context entry (its JSON-LD: structured-data.ts).
import { formatMoney } from "../../domain/money.ts";
import {
  fromPrice,
  hasUnlimitedStock,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isScarce,
  isScarcityShownIn,
  isSoldOut,
  isVariantSoldOut,
  ProductType,
  type ScarcitySettings,
  type ScarcityView,
  totalStock,
} from "../../domain/catalog/product-state.ts";
import { productPath } from "../../domain/catalog/product-path.ts";
import { SCARCITY_QTY_PLACEHOLDER } from "../../domain/catalog/product-text.ts";
import { parseAttributes, parseFormFields, parseOptionOrdering, toProductFacts } from "../catalog/catalog.ts";
import { parseJsonArray, parseJsonObject } from "../support/json.ts";
import { absolute, DESCRIPTION_LENGTH, moneyObject, paragraphs, shorten } from "./context-format.ts";
import type { StorefrontProductRow } from "./storefront-rows.ts";
import { altTextOf, mediaUrl, systemDataVariants } from "../../domain/catalog/product-images.ts";
import { imageWidths } from "../catalog/product-images.ts";
import { optionValueLabel, type OptionValueTranslations } from "../../domain/catalog/product-translations.ts";

const STORE_ITEM = 11;
const IMAGE_RECORD = 2;

/** One uploaded image as the language's image record (assetUrl, originalSize, systemDataVariants…). */
function imageRecord(image: StorefrontProductRow["images"][number], productName: string) {
  const widths = imageWidths(image);
  return {
    id: String(image.id),
    recordType: IMAGE_RECORD,
    assetUrl: mediaUrl(image.key, image.filename),
    filename: image.filename,
    originalSize: `${image.width}x${image.height}`,
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    systemDataVariants: systemDataVariants(widths),
    altText: altTextOf(image.altText, productName),
  };
}

/**
 * The item's image fields from its uploaded images: the first is the main image (its assetUrl,
 * originalSize and systemDataVariants on the item, so `image-srcset` lists the widths that exist, and
 * `image` for responsive-image at its real size); all of them as `items`.
 */
function uploadedImages(row: StorefrontProductRow, baseUrl: string) {
  const records = row.images.map((image) => imageRecord(image, row.name));
  const main = records[0];
  const [width, height] = [row.images[0].width, row.images[0].height];
  return {
    assetUrl: main.assetUrl,
    originalSize: main.originalSize,
    systemDataVariants: main.systemDataVariants,
    mediaFocalPoint: main.mediaFocalPoint,
    mainImageId: main.id,
    mainImage: main,
    items: records,
    image: { src: main.assetUrl, width, height, alt: main.altText },
    socialImage: absolute(baseUrl, main.assetUrl),
  };
}
/** The view name under which merchandising widgets are switched on for product pages. */
const PRODUCT_PAGE_VIEW = "product-page";
/** Product images are square; their width and height for the image template. */
export const PRODUCT_IMAGE_SIZE = 1200;
/** The option name under which gift cards list their denominations. */
export const GIFT_CARD_OPTION = "Value";

interface VariantData {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  /** label: the value in the visitor's language, when the owner translated it (the value stays canonical). */
  optionValues: { optionName: string; value: string; label?: string }[];
  price: number;
  salePrice: number;
  onSale: boolean;
  priceMoney: ReturnType<typeof moneyObject>;
  salePriceMoney: ReturnType<typeof moneyObject>;
  unlimited: boolean;
  qtyInStock: number;
}

function variantsOf(row: StorefrontProductRow, ordering: string[], translations: OptionValueTranslations): VariantData[] {
  if (row.productType === ProductType.GIFT_CARD) {
    return row.giftCardDenominations.map((denomination) => {
      const label = formatMoney({ value: denomination.amount, currency: denomination.currency });
      return {
        id: String(denomination.id),
        sku: denomination.sku,
        attributes: { [GIFT_CARD_OPTION]: label },
        optionValues: [{ optionName: GIFT_CARD_OPTION, value: label }],
        price: denomination.amount,
        salePrice: 0,
        onSale: false,
        priceMoney: moneyObject(denomination.amount, denomination.currency),
        salePriceMoney: moneyObject(0, denomination.currency),
        unlimited: true,
        qtyInStock: 0,
      };
    });
  }
  return row.variants.map((variant) => {
    const attributes = parseAttributes(variant.attributes);
    return {
      id: String(variant.id),
      sku: variant.sku,
      attributes,
      optionValues: ordering
        .filter((name) => name in attributes)
        .map((name) => {
          const label = optionValueLabel(translations, name, attributes[name]);
          return { optionName: name, value: attributes[name], ...(label !== attributes[name] ? { label } : {}) };
        }),
      price: variant.price,
      salePrice: variant.salePrice,
      onSale: variant.onSale,
      priceMoney: moneyObject(variant.price, variant.currency),
      salePriceMoney: moneyObject(variant.salePrice, variant.currency),
      unlimited: variant.unlimited,
      qtyInStock: variant.qtyInStock,
    };
  });
}

function formData(row: StorefrontProductRow) {
  const form = row.additionalFieldsForm;
  return form ? { id: String(form.id), key: form.key, name: form.name, fields: parseFormFields(form.fields) } : null;
}

/** The item's image fields: the uploaded images, else the seeded single imageUrl (square), else none. */
function imageFieldsOf(row: StorefrontProductRow, baseUrl: string): { socialImage?: string } & Record<string, unknown> {
  if (row.images.length > 0) return uploadedImages(row, baseUrl);
  if (!row.imageUrl) return {};
  return {
    assetUrl: row.imageUrl,
    originalSize: `${PRODUCT_IMAGE_SIZE}x${PRODUCT_IMAGE_SIZE}`,
    image: { src: row.imageUrl, width: PRODUCT_IMAGE_SIZE, height: PRODUCT_IMAGE_SIZE, alt: row.name },
    socialImage: absolute(baseUrl, row.imageUrl),
  };
}

/** A product as the language's store item (recordType 11). */
export function productItem(row: StorefrontProductRow, baseUrl: string, translations: OptionValueTranslations = {}) {
  const facts = toProductFacts(row);
  const ordering = row.productType === ProductType.GIFT_CARD ? [GIFT_CARD_OPTION] : parseOptionOrdering(row.variantOptionOrdering);
  const form = formData(row);
  const structuredContent: Record<string, unknown> = {
    productType: row.productType,
    isSubscribable: row.isSubscribable,
    useCustomAddButtonText: row.useCustomAddButtonText,
    ...(row.customAddButtonText ? { customAddButtonText: row.customAddButtonText } : {}),
    ...(form ? { additionalFieldsFormId: form.id, additionalFieldsForm: form } : {}),
  };
  if (row.productType === ProductType.DIGITAL) {
    Object.assign(structuredContent, {
      priceMoney: moneyObject(row.price ?? 0, row.currency),
      salePriceMoney: moneyObject(row.salePrice ?? 0, row.currency),
      onSale: row.onSale,
    });
  } else {
    Object.assign(structuredContent, { variantOptionOrdering: ordering, variants: variantsOf(row, ordering, translations) });
    if (Object.keys(translations).length > 0) structuredContent.optionValueTranslations = translations;
  }
  if (row.subscriptionPlan) {
    structuredContent.subscriptionPlan = {
      billingPeriod: { value: row.subscriptionPlan.billingPeriodValue, unit: row.subscriptionPlan.billingPeriodUnit },
      numBillingCycles: row.subscriptionPlan.numBillingCycles,
    };
  }
  const url = productPath(row.slug);
  const from = fromPrice(facts);
  return {
    id: String(row.id),
    collectionId: row.collectionId === null ? null : String(row.collectionId),
    recordType: STORE_ITEM,
    recordTypeLabel: "store-item",
    title: row.name,
    urlId: row.slug,
    fullUrl: url,
    body: paragraphs(row.description),
    excerpt: paragraphs(shorten(row.description, DESCRIPTION_LENGTH)),
    addedOn: row.createdAt.getTime(),
    updatedOn: row.updatedAt.getTime(),
    ...imageFieldsOf(row, baseUrl),
    structuredContent,
    // The store's derived states (server/domain, as GraphQL has them).
    soldOut: isSoldOut(facts),
    onSale: isOnSale(facts),
    variedPrices: hasVariedPrices(facts),
    hasVariants: hasVariants(facts),
    unlimitedStock: hasUnlimitedStock(facts),
    totalStock: totalStock(facts),
    fromPrice: moneyObject(from.value, from.currency),
  };
}

const listed = (json: string) => parseJsonArray<string>(json).includes(PRODUCT_PAGE_VIEW);

/** How a page shows scarcity: the store's settings, and whether the page is the product's own or a block of products. */
export interface ScarcityDisplay {
  settings: ScarcitySettings;
  view: ScarcityView;
}

/**
 * The productMerchandisingContext entry of a product (§14.7, §14.8), or null when it has none. Its
 * scarce variants follow the store's threshold, and there are none where the store hides scarcity.
 */
export function merchandisingOf(row: StorefrontProductRow, scarcity: ScarcityDisplay) {
  const merchandising = row.merchandising;
  if (!merchandising) return null;
  const facts = toProductFacts(row);
  const multiple = hasVariants(facts);
  const scarcityViews =
    merchandising.scarcityEnabled && listed(merchandising.scarcityTemplateViews) && isScarcityShownIn(scarcity.settings, scarcity.view)
      ? row.variants.flatMap((variant) =>
          isScarce(variant, scarcity.settings.threshold)
            ? [{ attributes: multiple ? parseAttributes(variant.attributes) : null, qtyInStock: variant.qtyInStock }]
            : [],
        )
      : [];
  // One form per sold-out variant, shown by the storefront script for the chosen variant; when the
  // whole product is sold out the first is shown from the start, so the page offers it without script.
  const soldOutVariants = row.variants.filter((variant) => isVariantSoldOut(row.productType, variant));
  const restockViews =
    merchandising.restockNotificationsEnabled && listed(merchandising.restockNotificationViews)
      ? soldOutVariants.map((variant, index) => ({ variantId: String(variant.id), hiddenByDefault: !(isSoldOut(facts) && index === 0) }))
      : [];
  return {
    customSoldOutText: merchandising.customSoldOutText,
    scarcityEnabled: merchandising.scarcityEnabled,
    // The store writes {qty}; the language's message has the argument qtyInStock, and ICU quoting
    // would eat a lone apostrophe ("Don't" → "Dont").
    scarcityText: (merchandising.scarcityText ?? "").replace(/'/g, "''").split(SCARCITY_QTY_PLACEHOLDER).join("{qtyInStock}"),
    scarcityTemplateViews: scarcityViews,
    scarcityShownByDefault: merchandising.scarcityShownByDefault,
    restockNotificationViews: restockViews,
    restockNotificationMessages: parseJsonObject(merchandising.restockNotificationMessages),
    mailingListSignUpEnabled: merchandising.mailingListSignUpEnabled,
    mailingListOptInByDefault: merchandising.mailingListOptInByDefault,
  };
}

export function merchandisingContext(rows: readonly StorefrontProductRow[], scarcity: ScarcityDisplay) {
  return Object.fromEntries(
    rows.flatMap((row) => {
      const entry = merchandisingOf(row, scarcity);
      return entry ? [[String(row.id), entry]] : [];
    }),
  );
}
