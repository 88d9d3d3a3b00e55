// The benchmark's catalogues: the demo store plus generated physical products, so that the site
// holds exactly `products` products and `variants` variants (the shapes: 50 / 163 like
// Vendure's sample catalogue, and 10,000 / 50,000). A seeded PRNG makes every run load the same
// rows; rows go in with createMany in batches (a few dozen statements for 50,000 variants).
import type { Db, Prisma } from "../server/db/client.ts";
import { syncIdSequences } from "../server/db/sequences.ts";
import { fromPrice, ProductType } from "../server/domain/catalog/product-state.ts";

export interface CatalogueShape {
  name: string;
  products: number;
  variants: number;
}

export const CATALOGUES: Record<string, CatalogueShape> = {
  small: { name: "small", products: 50, variants: 163 },
  large: { name: "large", products: 10_000, variants: 50_000 },
};

/** What the scenarios need to know about the generated rows. */
export interface BenchTargets {
  /** A product in the middle of the catalogue, with several variants (product by slug). */
  pageSlug: string;
  /** A product whose variant has stock for every add and checkout of a run. */
  cartItemId: string;
  cartSku: string;
  /** A word that some generated names hold (search). */
  searchWord: string;
}

/** mulberry32: a small deterministic PRNG (same seed, same catalogue). */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  "Classic",
  "Soft",
  "Vintage",
  "Modern",
  "Rustic",
  "Bright",
  "Quiet",
  "Bold",
  "Daily",
  "Coastal",
  "Urban",
  "Alpine",
  "Golden",
  "Faded",
  "Crisp",
  "Woven",
  "Light",
  "Heavy",
  "Little",
  "Grand",
];
const MATERIALS = [
  "Linen",
  "Cotton",
  "Wool",
  "Leather",
  "Canvas",
  "Ceramic",
  "Oak",
  "Walnut",
  "Brass",
  "Copper",
  "Silk",
  "Denim",
  "Bamboo",
  "Stone",
  "Glass",
  "Velvet",
  "Hemp",
  "Cork",
  "Felt",
  "Steel",
];
const NOUNS = [
  "Shirt",
  "Mug",
  "Poster",
  "Blanket",
  "Lamp",
  "Tote",
  "Notebook",
  "Scarf",
  "Bowl",
  "Chair",
  "Apron",
  "Candle",
  "Cap",
  "Vase",
  "Wallet",
  "Jacket",
  "Plate",
  "Pillow",
  "Basket",
  "Clock",
];
const SIZES = ["XS", "S", "M", "L", "XL", "XXL"];
const COLOURS = ["Black", "White", "Blue", "Red", "Green", "Sand"];
/** Stock of the variant the cart scenarios buy: more than any run can take. */
const CART_STOCK = 100_000_000;
const BATCH = 500;

/** Loads the generated products after `seedDemoStore` (the demo rows count towards the shape). */
export async function loadCatalogue(db: Db, websiteId: string, shape: CatalogueShape, seed = 1): Promise<BenchTargets> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const existingProducts = await db.product.count({ where: { websiteId } });
  const existingVariants = await db.variant.count({ where: { product: { websiteId } } });
  const productCount = shape.products - existingProducts;
  const variantCount = shape.variants - existingVariants;
  if (productCount < 1 || variantCount < productCount || variantCount > productCount * SIZES.length * COLOURS.length) {
    throw new Error(`cannot make ${shape.products} products / ${shape.variants} variants on top of ${existingProducts} / ${existingVariants}`);
  }
  const collection = await db.collection.findFirst({ where: { websiteId }, select: { id: true } });
  const firstProductId = ((await db.product.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;
  let nextVariantId = ((await db.variant.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;

  // One variant each, the rest spread at random (at most 36: sizes x colours).
  const perProduct = Array.from({ length: productCount }, () => 1);
  for (let left = variantCount - productCount; left > 0;) {
    const index = Math.floor(random() * productCount);
    if (perProduct[index] < 6) {
      perProduct[index]++;
      left--;
    }
  }
  const cartIndex = 0;
  const pageIndex = Math.floor(productCount / 2);
  if (perProduct[cartIndex] < 1) perProduct[cartIndex] = 1;

  const products: Prisma.ProductCreateManyInput[] = [];
  const variants: Prisma.VariantCreateManyInput[] = [];
  let pageSlug = "";
  let cartSku = "";
  for (let index = 0; index < productCount; index++) {
    const id = firstProductId + index;
    const name = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${pick(NOUNS)}`;
    const slug = `${name.toLowerCase().replaceAll(" ", "-")}-${index}`;
    const basePrice = 500 + Math.floor(random() * 200) * 50;
    const colours = COLOURS.slice(0, Math.ceil(perProduct[index] / SIZES.length) || 1);
    const rows = [];
    for (let position = 0; position < perProduct[index]; position++) {
      const size = SIZES[position % SIZES.length];
      const colour = colours[Math.floor(position / SIZES.length)];
      const onSale = random() < 0.1;
      const unlimited = random() < 0.1;
      rows.push({
        id: nextVariantId++,
        productId: id,
        sku: `B${id}-${size}-${colour}`.toUpperCase(),
        attributes: JSON.stringify(colours.length > 1 ? { Size: size, Color: colour } : { Size: size }),
        price: basePrice + position * 100,
        salePrice: onSale ? basePrice + position * 100 - 200 : 0,
        onSale,
        unlimited: index === cartIndex ? false : unlimited,
        qtyInStock: index === cartIndex ? CART_STOCK : Math.floor(random() * 40),
        position,
      });
    }
    const facts = { productType: ProductType.PHYSICAL, currency: "USD", price: null, salePrice: null, onSale: false, variants: rows };
    products.push({
      id,
      websiteId,
      collectionId: collection?.id ?? null,
      slug,
      name,
      description: `${name}: made for the benchmark.`,
      productType: ProductType.PHYSICAL,
      variantOptionOrdering: JSON.stringify(colours.length > 1 ? ["Size", "Color"] : ["Size"]),
      sortPrice: fromPrice(facts).value,
      createdAt: new Date(Date.UTC(2026, 1, 1) + index * 60_000),
    });
    variants.push(...rows);
    if (index === pageIndex) pageSlug = slug;
    if (index === cartIndex) cartSku = rows[0].sku;
  }
  for (let start = 0; start < products.length; start += BATCH) await db.product.createMany({ data: products.slice(start, start + BATCH) });
  for (let start = 0; start < variants.length; start += BATCH) await db.variant.createMany({ data: variants.slice(start, start + BATCH) });
  await syncIdSequences(db, ["Product", "Variant"]);
  return { pageSlug, cartItemId: String(firstProductId + cartIndex), cartSku, searchWord: "linen" };
}
