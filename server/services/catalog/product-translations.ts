// The owner's translations of a product (issue 12 item 4; option values: issue 23 part 6): its name,
// description and option values in each of the site's languages other than the default. The owner's
// products service (owner-products.ts) calls these and announces the change.
import { InvalidInputError, NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ownerMessages } from "../../domain/messages/owner.ts";
import {
  checkOptionValueTranslations,
  MAX_TRANSLATED_DESCRIPTION,
  MAX_TRANSLATED_NAME,
  type OptionValueTranslation,
  optionValueTranslationList,
  parseOptionValueTranslations,
} from "../../domain/catalog/product-translations.ts";
import { type VariantOption, variantOptions } from "../../domain/catalog/variant-selection.ts";
import { canonicalLocale } from "../../domain/site/languages.ts";
import type { Db } from "../../db/client.ts";
import { parseAttributes, parseOptionOrdering } from "./catalog.ts";

export interface ProductTranslationInput {
  locale: string;
  name: string;
  description: string;
  /** Null or absent: the saved option value translations stay as they are. */
  optionValues?: readonly OptionValueTranslation[] | null;
}

export interface ProductTranslationView {
  locale: string;
  name: string;
  description: string;
  optionValues: OptionValueTranslation[];
}

const optionsSelect = { variantOptionOrdering: true, variants: { select: { attributes: true }, orderBy: { position: "asc" } } } as const;

function optionsOf(product: { variantOptionOrdering: string; variants: { attributes: string }[] }): VariantOption[] {
  const variants = product.variants.map((variant) => ({ attributes: parseAttributes(variant.attributes) }));
  return variantOptions(parseOptionOrdering(product.variantOptionOrdering), variants);
}

/**
 * Saves a product's translation into a non-default language of the site; an empty name, description
 * and option values remove it. Throws NotFound for another site's product, InvalidInput otherwise.
 */
export async function saveProductTranslation(db: Db, websiteId: string, productId: number, input: ProductTranslationInput): Promise<void> {
  const product = await db.product.findFirst({ where: { id: productId, websiteId }, select: optionsSelect });
  if (!product) throw new NotFoundError(checkoutMessages.productNotFound);
  const [website, offered] = await Promise.all([
    db.website.findUniqueOrThrow({ where: { id: websiteId }, select: { defaultLanguage: true } }),
    db.siteLanguage.findMany({ where: { websiteId }, select: { code: true } }),
  ]);
  const locale = canonicalLocale(input.locale);
  if (!locale || locale === website.defaultLanguage || !offered.some((row) => row.code === locale))
    throw new InvalidInputError(ownerMessages.translationLanguageNotOffered);
  const name = input.name.trim();
  const description = input.description.trim();
  if (name.length > MAX_TRANSLATED_NAME || description.length > MAX_TRANSLATED_DESCRIPTION) throw new InvalidInputError(ownerMessages.translationTooLong);
  let optionValues: string | undefined;
  if (input.optionValues) {
    const checked = checkOptionValueTranslations(input.optionValues, optionsOf(product));
    if (!checked.ok) throw new InvalidInputError(checked.problem);
    if (!name && Object.keys(checked.translations).length > 0) throw new InvalidInputError(ownerMessages.translationNameRequired);
    optionValues = JSON.stringify(checked.translations);
  }
  if (!name && description) throw new InvalidInputError(ownerMessages.translationNameRequired);
  if (!name) {
    await db.productTranslation.deleteMany({ where: { productId, locale } });
    return;
  }
  await db.productTranslation.upsert({
    where: { productId_locale: { productId, locale } },
    create: { productId, locale, name, description, optionValues: optionValues ?? "{}" },
    update: { name, description, ...(optionValues !== undefined ? { optionValues } : {}) },
  });
}

/** A product's translations, by language, each option value in the product's option order. */
export async function productTranslations(db: Db, websiteId: string, productId: number): Promise<ProductTranslationView[]> {
  const product = await db.product.findFirst({
    where: { id: productId, websiteId },
    select: { ...optionsSelect, translations: { orderBy: { locale: "asc" }, select: { locale: true, name: true, description: true, optionValues: true } } },
  });
  if (!product) return [];
  const options = optionsOf(product);
  return product.translations.map((row) => ({
    locale: row.locale,
    name: row.name,
    description: row.description,
    optionValues: optionValueTranslationList(parseOptionValueTranslations(row.optionValues), options),
  }));
}
