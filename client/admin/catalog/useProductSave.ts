// Saving the product editor's draft: the owner mutations in turn (product, each variant, its stock,
// the merchandising), each refusal as a Refused naming the field it concerns. A stock change is sent
// with the stock the editor read, so units sold meanwhile are never written over.
import type { MutableRefObject } from "react";
import type { Disposable, MutationParameters } from "relay-runtime";
import { errorMessage } from "../../shared/relay/errors.ts";
import type { CommitConfig } from "../../shared/relay/input-mutation.ts";
import { useCreateProductMutation } from "./CreateProductMutation.ts";
import { useCreateVariantMutation } from "./CreateVariantMutation.ts";
import { useDeleteVariantMutation } from "./DeleteVariantMutation.ts";
import { useSetVariantStockMutation } from "./SetVariantStockMutation.ts";
import { useUpdateMerchandisingMutation } from "./UpdateMerchandisingMutation.ts";
import { useUpdateProductMutation } from "./UpdateProductMutation.ts";
import { useUpdateVariantMutation } from "./UpdateVariantMutation.ts";
import {
  canOfferSubscription,
  denominationAmounts,
  fieldId,
  hasStock,
  hasVariantRows,
  merchandisingFields,
  productFields,
  stockChanged,
  subscriptionPlanInput,
  variantChanged,
  variantFields,
  variantStock,
  type ProductDraft,
  type VariantDraft,
} from "./state/product-draft.ts";

type Commit<M extends MutationParameters & { variables: { input: object } }> = (config: CommitConfig<M>) => Disposable;
type Result = { readonly __typename: string; readonly message?: string | null };

/** A mutation as a promise of its payload (its one field); a GraphQL-level failure rejects. */
function run<M extends MutationParameters & { variables: { input: object } }>(commit: Commit<M>, input: M["variables"]["input"]): Promise<Result> {
  return new Promise((resolve, reject) => {
    commit({
      variables: input,
      onCompleted: (response, errors) => {
        if (errors?.length) reject(Object.assign(new Error(errors[0].message), { source: { errors } }));
        else resolve(Object.values(response as Record<string, Result>)[0]);
      },
      onError: reject,
    });
  });
}

/** A refusal to show: the server's message, and the field it concerns when there is one. */
export class Refused extends Error {
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

const ok = (result: Result, field: string | null = null) => {
  if (!result.__typename.endsWith("Success")) throw new Refused(errorMessage(result), field);
  return result;
};

/** The editor's save steps over `draft`; `saved` is the draft as last saved (what changes are measured against). */
export function useProductSave(
  draft: ProductDraft,
  setDraft: (change: ProductDraft | ((draft: ProductDraft) => ProductDraft)) => void,
  saved: MutableRefObject<ProductDraft | null>,
) {
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  const [createVariant] = useCreateVariantMutation();
  const [updateVariant] = useUpdateVariantMutation();
  const [deleteVariant] = useDeleteVariantMutation();
  const [setVariantStock] = useSetVariantStockMutation();
  const [updateMerchandising] = useUpdateMerchandisingMutation();

  /** Deletes a saved variant and forgets it. */
  async function deleteSavedVariant(variant: VariantDraft) {
    ok(await run(deleteVariant, { id: String(variant.variantId) }));
    setDraft((current) => ({ ...current, variants: current.variants.filter((row) => row.key !== variant.key) }));
    if (saved.current) saved.current = { ...saved.current, variants: saved.current.variants.filter((row) => row.variantId !== variant.variantId) };
  }

  async function saveNew(): Promise<string> {
    const type = draft.productType;
    const result = ok(
      await run(createProduct, {
        ...productFields(draft),
        productType: type,
        ...(type === "GIFT_CARD" ? { denominations: denominationAmounts(draft) } : {}),
        ...(hasVariantRows(type) ? { variants: draft.variants.map((variant) => ({ ...variantFields(draft, variant), ...variantStock(draft, variant) })) } : {}),
        ...(subscriptionPlanInput(draft) ? { subscriptionPlan: subscriptionPlanInput(draft) } : {}),
      }),
    ) as Result & { product?: { itemId: string } };
    const itemId = result.product!.itemId;
    // Merchandising (scarcity, sold-out text, restock) is for products that can sell out.
    if (hasStock(type)) ok(await run(updateMerchandising, { productId: itemId, ...merchandisingFields(draft) }));
    return itemId;
  }

  async function saveExisting(itemId: string): Promise<string> {
    const before = saved.current!;
    const optionsChanged = JSON.stringify(before.options) !== JSON.stringify(draft.options);
    ok(
      await run(updateProduct, {
        id: itemId,
        ...productFields(draft),
        slug: draft.slug.trim(),
        ...(canOfferSubscription(draft.productType) ? { subscriptionPlan: subscriptionPlanInput(draft) } : {}),
      }),
      fieldId.slug,
    );
    let variants = draft.variants;
    for (const variant of draft.variants) {
      const field = (name: string) => fieldId.variant(variant.key, name);
      if (variant.variantId === null) {
        const created = ok(
          await run(createVariant, { productId: itemId, ...variantFields(draft, variant), ...variantStock(draft, variant) }),
          field("sku"),
        ) as Result & {
          variant?: { variantId: number };
        };
        const stock = variantStock(draft, variant);
        variants = variants.map((row) =>
          row.key === variant.key
            ? { ...row, variantId: created.variant!.variantId, readStock: { qtyInStock: stock.qtyInStock, unlimited: stock.unlimited } }
            : row,
        );
        continue;
      }
      const previous = before.variants.find((row) => row.variantId === variant.variantId);
      if (!previous || optionsChanged || variantChanged(previous, variant)) {
        ok(await run(updateVariant, { id: String(variant.variantId), ...variantFields(draft, variant) }), field("sku"));
      }
      if (stockChanged(variant, draft.productType)) {
        const stock = variantStock(draft, variant);
        const result = await run(setVariantStock, {
          id: String(variant.variantId),
          ...stock,
          expectedQtyInStock: variant.readStock!.qtyInStock,
          expectedUnlimited: variant.readStock!.unlimited,
        });
        if (result.__typename === "StockChangedError") {
          const current = result as Result & { currentQtyInStock?: number; currentUnlimited?: boolean };
          // What the store has now becomes what the next save is checked against.
          variants = variants.map((row) =>
            row.key === variant.key ? { ...row, readStock: { qtyInStock: current.currentQtyInStock ?? 0, unlimited: current.currentUnlimited ?? false } } : row,
          );
          setDraft((currentDraft) => ({ ...currentDraft, variants }));
          throw new Refused(errorMessage(result), field("stock"));
        }
        ok(result, field("stock"));
        variants = variants.map((row) => (row.key === variant.key ? { ...row, readStock: { qtyInStock: stock.qtyInStock, unlimited: stock.unlimited } } : row));
      }
    }
    if (hasStock(draft.productType)) ok(await run(updateMerchandising, { productId: itemId, ...merchandisingFields(draft) }));
    const next = { ...draft, variants };
    saved.current = next;
    setDraft(next);
    return itemId;
  }

  return { saveNew, saveExisting, deleteSavedVariant };
}
