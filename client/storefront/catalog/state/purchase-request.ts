// What an add sends, checked first with the rules the server re-checks with (spec §5): a gift card
// needs one of its denominations; otherwise the variant choice, the typed quantity and the stock left
// beyond what the cart already holds.
import { canAddQuantity } from "../../../../server/domain/cart/stock.ts";
import { parseQuantity } from "../../../../server/domain/cart/quantity.ts";
import { chooseDenomination } from "../../../../server/domain/catalog/gift-card.ts";
import type { VariantSelection } from "../../../../server/domain/catalog/variant-selection.ts";
import { messages } from "../../../../server/domain/messages/storefront.ts";

export interface PurchaseRequest {
  sku: string | null;
  quantity: number;
}

export type Preparation = { ok: true; request: PurchaseRequest } | { ok: false; message: string };

export interface StockedVariant {
  sku: string;
  qtyInStock: number;
  unlimited: boolean;
}

/** A gift card buys one card of the chosen denomination. */
export function prepareGiftCard(denominations: readonly { sku: string; amount: { value: number } }[], chosenSku: string): Preparation {
  const choice = chooseDenomination(
    denominations.map((option) => option.amount.value),
    denominations.find((option) => option.sku === chosenSku)?.amount.value,
  );
  return choice.ok ? { ok: true, request: { sku: chosenSku, quantity: 1 } } : { ok: false, message: choice.message };
}

/**
 * Any other product: `selection` is null when there is nothing to choose (no variant, or several
 * without options); `quantityText` is null when the quantity input is hidden (one is bought).
 */
export function prepareVariantPurchase<V extends StockedVariant>(args: {
  selection: VariantSelection<V> | null;
  quantityText: string | null;
  quantityInCart(sku: string): number;
}): Preparation {
  const { selection } = args;
  if (selection && !selection.ok) return { ok: false, message: selection.message };
  const parsed = args.quantityText === null ? { ok: true as const, quantity: 1 } : parseQuantity(args.quantityText);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const selected = selection?.variant ?? null;
  if (selected && !canAddQuantity(selected, args.quantityInCart(selected.sku), parsed.quantity)) return { ok: false, message: messages.notEnoughStock };
  return { ok: true, request: { sku: selected?.sku ?? null, quantity: parsed.quantity } };
}
