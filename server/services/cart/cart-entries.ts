// What a cart line is made of, checked before it is written: the unit chosen (a variant, a gift-card
// denomination or the product itself), the quantity, the form answers; and adding units to a cart
// within the stock (CartService's addEntry and the subscription checkout share it).
import { canAddQuantity, quantityInCart, type StockResult } from "../../domain/cart/stock.ts";
import { chooseDenomination } from "../../domain/catalog/gift-card.ts";
import { FormInvalidError, InvalidInputError, InvalidQuantityError, NotEnoughStockError, NotFoundError, VariantSelectionError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages/storefront.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ProductType } from "../../domain/catalog/product-state.ts";
import { MAX_QUANTITY, parseQuantity } from "../../domain/cart/quantity.ts";
import { selectVariant } from "../../domain/catalog/variant-selection.ts";
import { validateForm } from "../../domain/forms/validate.ts";
import type { Tx } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import type { CartRow } from "./cart-transaction.ts";
import { heldByOthersSql, variantStock, type HoldScope } from "./stock-holds.ts";
import { newId } from "../support/ids.ts";
import { canonicalJson } from "../support/json.ts";
import type { ProductDefinition } from "../catalog/product-definitions.ts";
import { formMessages } from "../../domain/messages/forms.ts";

const isScalar = (value: unknown): value is string | number | boolean => typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/**
 * Form answers as stored: field id -> text. An answer is a value, a list of values (multi-part
 * fields, checkboxes) or a map of values (likert), the shapes the spec's answer kinds have; lists and
 * maps are kept as JSON text. Anything deeper is not an answer.
 */
export function normaliseAnswers(answers: Record<string, unknown> | null | undefined): Record<string, string> | null {
  if (answers === null || answers === undefined) return null;
  if (typeof answers !== "object" || Array.isArray(answers)) throw new InvalidInputError(formMessages.formFieldsUnparseable);
  const normalised: Record<string, string> = {};
  for (const [fieldId, value] of Object.entries(answers)) {
    if (value === null || value === undefined) continue;
    if (isScalar(value)) normalised[fieldId] = String(value);
    else if (Array.isArray(value) && value.every(isScalar)) normalised[fieldId] = JSON.stringify(value);
    else if (typeof value === "object" && !Array.isArray(value) && Object.values(value).every(isScalar)) normalised[fieldId] = JSON.stringify(value);
    else throw new InvalidInputError(formMessages.formFieldsUnparseable);
  }
  return normalised;
}

export function requireQuantity(input: unknown): number {
  const parsed = parseQuantity(input ?? 1);
  if (!parsed.ok) throw new InvalidQuantityError(parsed.message);
  return parsed.quantity;
}

/** What a cart entry is a unit of: a variant, a gift-card denomination, or the product itself. */
export interface ChosenUnit {
  variantId: number | null;
  denominationId: number | null;
}

/** The unit a stock check counts: the variant, or the gift-card denomination (a product has one kind). */
const unitIdOf = (unit: ChosenUnit) => unit.variantId ?? unit.denominationId;
const asUnitQuantity = (entry: { productId: number; variantId: number | null; denominationId: number | null; quantity: number }) => ({
  productId: entry.productId,
  unit: unitIdOf(entry),
  quantity: entry.quantity,
});

/** The unit the shopper chose by sku or by options (AddEntryInput's), or VariantSelectionError. */
export function chooseUnit(product: ProductDefinition, input: { sku?: string | null; options?: Record<string, string> | null }): ChosenUnit {
  if (product.productType === ProductType.GIFT_CARD) {
    const bySku = product.denominations.find((denomination) => denomination.sku === input.sku);
    const choice = chooseDenomination(
      product.denominations.map((denomination) => denomination.amount),
      bySku?.amount,
    );
    if (!choice.ok || !bySku) throw new VariantSelectionError("DENOMINATION_REQUIRED", choice.ok ? messages.selectDenomination : choice.message);
    return { variantId: null, denominationId: bySku.id };
  }
  if (product.productType === ProductType.DIGITAL) {
    // A digital product has no variants to choose: a sku names something that does not exist.
    if (input.sku) throw new VariantSelectionError("VARIANT_UNAVAILABLE", messages.variantUnavailable);
    return { variantId: null, denominationId: null };
  }
  let variant;
  if (input.sku) {
    variant = product.variants.find((candidate) => candidate.sku === input.sku);
    if (!variant) throw new VariantSelectionError("VARIANT_UNAVAILABLE", messages.variantUnavailable);
  } else {
    if (product.variants.length === 0) throw new VariantSelectionError("VARIANT_UNAVAILABLE", messages.variantUnavailable);
    const selection = selectVariant(product.variantOptionOrdering, product.variants, input.options ?? {});
    if (!selection.ok) throw new VariantSelectionError(selection.code, selection.message);
    variant = selection.variant;
  }
  return { variantId: variant.id, denominationId: null };
}

/** The unit's stock as of now in this transaction (never from a cache), less other carts' holds. */
async function currentStock(tx: Tx, unit: ChosenUnit, holds: HoldScope): Promise<StockResult> {
  if (unit.variantId === null) return { unlimited: true, qtyInStock: 0 };
  const variant = await variantStock(tx, unit.variantId, holds);
  if (!variant) throw new VariantSelectionError("VARIANT_UNAVAILABLE", messages.variantUnavailable);
  return variant;
}

export function checkAnswers(product: ProductDefinition, answers: Record<string, string> | null): Record<string, string> | null {
  if (!product.formFields) return null;
  const validation = validateForm(product.formFields, answers ?? {});
  if (!validation.ok) throw new FormInvalidError(validation.fieldErrors);
  return answers ?? {};
}

/** Adds units to the cart (merging with an identical entry); returns the cart's entries after it. */
export async function addUnits(
  tx: Tx,
  cart: CartRow,
  productId: number,
  unit: ChosenUnit,
  quantity: number,
  answers: Record<string, string> | null,
  delivery: { recipientEmail: string; message: string | null } | null,
  now: Date,
) {
  const entries = cart.entries;
  const sameUnit = entries.filter(
    (entry) => entry.productId === productId && entry.variantId === unit.variantId && entry.denominationId === unit.denominationId,
  );
  const inCart = quantityInCart(entries.map(asUnitQuantity), productId, unitIdOf(unit));
  const answersText = answers === null ? null : canonicalJson(answers);
  const existing = sameUnit.find(
    (entry) =>
      entry.additionalFields === answersText &&
      entry.giftRecipientEmail === (delivery?.recipientEmail ?? null) &&
      entry.giftMessage === (delivery?.message ?? null),
  );
  const q = sql(tx);
  const holds = { websiteId: cart.websiteId, now, exceptCartId: cart.id };
  if (existing) {
    if (existing.quantity + quantity > MAX_QUANTITY) {
      // The stock refusal comes first, as it always has.
      if (!canAddQuantity(await currentStock(tx, unit, holds), inCart, quantity)) throw new NotEnoughStockError();
      throw new InvalidQuantityError(messages.quantityOutOfRange);
    }
    // One statement: the entry grows only while the variant still has the units (canAddQuantity's
    // rule, checked by the database against its stock now; the cart row lock keeps `inCart` true).
    const updated = await q
      .updateTable("CartEntry")
      .set({ quantity: existing.quantity + quantity })
      .where("id", "=", existing.id)
      .$if(unit.variantId !== null, (update) =>
        update.where(({ exists, selectFrom }) =>
          exists(
            selectFrom("Variant")
              .select("Variant.id")
              .where("Variant.id", "=", unit.variantId!)
              .where((variant) =>
                variant.or([
                  variant("Variant.unlimited", "=", true),
                  variant(variant("Variant.qtyInStock", "-", heldByOthersSql(variant, holds)), ">=", inCart + quantity),
                ]),
              ),
          ),
        ),
      )
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      // Refused: say why with the domain's own check on the stock as it is now.
      if (!canAddQuantity(await currentStock(tx, unit, holds), inCart, quantity)) throw new NotEnoughStockError();
      throw new NotFoundError(checkoutMessages.entryNotFound);
    }
    return { entries: entries.map((entry) => (entry.id === updated.id ? updated : entry)), entryId: existing.id };
  }
  if (!canAddQuantity(await currentStock(tx, unit, holds), inCart, quantity)) throw new NotEnoughStockError();
  const created = await q
    .insertInto("CartEntry")
    .values({
      id: newId(),
      cartId: cart.id,
      productId,
      variantId: unit.variantId,
      denominationId: unit.denominationId,
      quantity,
      additionalFields: answersText,
      giftRecipientEmail: delivery?.recipientEmail ?? null,
      giftMessage: delivery?.message ?? null,
      position: entries.length === 0 ? 0 : entries[entries.length - 1].position + 1,
      createdAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { entries: [...entries, created], entryId: created.id };
}
