// The demo store's products (spec demo-store.md, "Products") as the domain rules see them, plus a
// variant builder for hand-made cases. Prices are minor units, USD.
import { ProductType, type ProductFacts, type VariantFacts } from "../../../server/domain/catalog/product-state.ts";

export const { PHYSICAL, DIGITAL, SERVICE, GIFT_CARD, PAYWALL } = ProductType;
/** A product type the rules do not know. */
export const UNKNOWN = -1;
export const usd = (value: number) => ({ value, currency: "USD" });

/** A limited, full-price variant unless told otherwise. */
export function variant(facts: Partial<VariantFacts> = {}): VariantFacts {
  return { price: 1000, salePrice: 0, onSale: false, unlimited: false, qtyInStock: 0, ...facts };
}

export const unlimited = (facts: Partial<VariantFacts> = {}) => variant({ unlimited: true, ...facts });
export const inStock = (qtyInStock: number, facts: Partial<VariantFacts> = {}) => variant({ qtyInStock, ...facts });

export function product(productType: number, variants: VariantFacts[], extra: Partial<ProductFacts> = {}): ProductFacts {
  return { productType, currency: "USD", variants, ...extra };
}

/** Linen shirt variants in the seed's order (colours outer, sizes inner), with their attributes. */
export const linenShirtVariants = [
  { attributes: { Size: "S", Color: "White" }, ...variant({ price: 4500, qtyInStock: 10 }) },
  { attributes: { Size: "M", Color: "White" }, ...variant({ price: 4500, qtyInStock: 1 }) },
  { attributes: { Size: "L", Color: "White" }, ...variant({ price: 4500, qtyInStock: 0 }) },
  { attributes: { Size: "S", Color: "Blue" }, ...variant({ price: 4500, unlimited: true }) },
  { attributes: { Size: "M", Color: "Blue" }, ...variant({ price: 4500, qtyInStock: 5 }) },
  { attributes: { Size: "L", Color: "Blue" }, ...variant({ price: 4500, onSale: true, salePrice: 3900, qtyInStock: 2 }) },
];

export const canvasToteVariants = [
  { attributes: { Color: "Natural" }, ...variant({ price: 2500, qtyInStock: 0 }) },
  { attributes: { Color: "Black" }, ...variant({ price: 2500, qtyInStock: 0 }) },
];

export const cityPosterVariants = [
  { attributes: { Size: "Small" }, ...variant({ price: 2000, unlimited: true }) },
  { attributes: { Size: "Large" }, ...variant({ price: 3500, unlimited: true }) },
];

export const demo = {
  linenShirt: product(ProductType.PHYSICAL, linenShirtVariants),
  ceramicMug: product(ProductType.PHYSICAL, [variant({ price: 1800, qtyInStock: 3 })]),
  canvasTote: product(ProductType.PHYSICAL, canvasToteVariants),
  // Digital products carry price, sale price and onSale on the product itself.
  recipeEbook: product(ProductType.DIGITAL, [], { price: 1200, salePrice: 900, onSale: true }),
  designConsultation: product(ProductType.SERVICE, [unlimited({ price: 6000 })]),
  // Denominations act as unlimited variants that are never on sale (services/catalog/catalog.ts).
  giftCard: product(
    ProductType.GIFT_CARD,
    [2500, 5000, 10000].map((price) => unlimited({ price })),
  ),
  coffeeClub: product(ProductType.PHYSICAL, [unlimited({ price: 2000 })]),
  engravedPen: product(ProductType.PHYSICAL, [variant({ price: 3200, qtyInStock: 4 })]),
  cityPoster: product(ProductType.PHYSICAL, cityPosterVariants),
} satisfies Record<string, ProductFacts>;
