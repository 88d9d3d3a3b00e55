// Texts a product page derives from the product and its merchandising: the add button's label and
// the scarcity text. GraphQL, the page context and the client call these, so they cannot drift.
import { messages } from "../messages/storefront.ts";
import { DEFAULT_SCARCITY_SETTINGS, isScarce, isScarcityShownIn, type ScarcitySettings, type ScarcityView, type VariantFacts } from "./product-state.ts";

/** What the add button's label depends on (a Prisma Product row satisfies it). */
export interface AddButtonFacts {
  useCustomAddButtonText: boolean;
  customAddButtonText?: string | null;
  isSubscribable: boolean;
}

/** The add button's label: the custom text when switched on and not blank, else 'Subscribe' or 'Add To Cart'. */
export function addButtonLabel(product: AddButtonFacts, text: Pick<typeof messages, "subscribe" | "addToCart"> = messages): string {
  if (product.useCustomAddButtonText && product.customAddButtonText?.trim()) return product.customAddButtonText;
  return product.isSubscribable ? text.subscribe : text.addToCart;
}

/** The placeholder an owner writes in the scarcity text for the units left ('Only {qty} left!'). */
export const SCARCITY_QTY_PLACEHOLDER = "{qty}";

/** What the scarcity text depends on (a Prisma Merchandising row satisfies it). */
export interface ScarcityFacts {
  scarcityEnabled: boolean;
  scarcityText?: string | null;
}

/**
 * The scarcity text for a variant ('Only 2 left!') in a view, or null when it does not show: the
 * store's setting off for that view, the product's scarcity off, no text, or the variant not scarce
 * (unlimited, sold out, or above the store's threshold).
 */
export function scarcityText(
  merchandising: ScarcityFacts | null | undefined,
  variant: Pick<VariantFacts, "unlimited" | "qtyInStock"> | null,
  settings: ScarcitySettings = DEFAULT_SCARCITY_SETTINGS,
  view: ScarcityView = "product-page",
): string | null {
  if (!isScarcityShownIn(settings, view)) return null;
  if (!merchandising?.scarcityEnabled || !merchandising.scarcityText || !variant || !isScarce(variant, settings.threshold)) return null;
  return merchandising.scarcityText.split(SCARCITY_QTY_PLACEHOLDER).join(String(variant.qtyInStock));
}
