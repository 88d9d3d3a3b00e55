// The owner's translations of a product (issue 12 item 4; option values: issue 23 part 6): read on
// Product.translations with products.read; saved by setProductTranslation (catalog-owner.ts).
import type { OptionValueTranslation } from "../domain/catalog/product-translations.ts";
import type { ProductTranslationView } from "../services/catalog/product-translations.ts";
import { builder } from "./builder.ts";

const OptionValueTranslationRef = builder.objectRef<OptionValueTranslation>("OptionValueTranslation").implement({
  description: "One option value in another language, e.g. Size: Large -> Grand.",
  fields: (t) => ({
    optionName: t.exposeString("optionName"),
    value: t.exposeString("value", { description: "The canonical value, as the variants have it." }),
    translation: t.exposeString("translation"),
  }),
});

const ProductTranslationRef = builder.objectRef<ProductTranslationView>("ProductTranslation").implement({
  description: "A product's name, description and option values in one of the site's other languages.",
  fields: (t) => ({
    locale: t.exposeString("locale"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    optionValues: t.field({ type: [OptionValueTranslationRef], description: "In the product's option order.", resolve: (row) => row.optionValues }),
  }),
});

export const OptionValueTranslationInput = builder.inputType("OptionValueTranslationInput", {
  fields: (t) => ({
    optionName: t.string({ required: true }),
    value: t.string({ required: true, description: "One of the option's values, as the variants have it." }),
    translation: t.string({ required: true, description: "Empty: the value shows untranslated." }),
  }),
});

builder.prismaObjectFields("Product", (t) => ({
  translations: t.withAuth({ permission: "products.read" }).field({
    type: [ProductTranslationRef],
    // Null for whoever lacks products.read (Product is a public type: tests/schema/public-types.test.ts).
    nullable: true,
    description: "Owners: the product's translations, by language (setProductTranslation); null without products.read.",
    select: { id: true },
    resolve: (product, _args, ctx) => ctx.services.ownerProducts.translations(product.id),
  }),
}));
