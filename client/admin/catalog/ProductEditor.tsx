// The product editor (issue 9, screen 2): every field of the spec for the five product types, the
// variants with their options and stock, the subscription plan (physical and service only), the
// additional-fields form, the add button's text and the merchandising. Fields are checked with the
// server's rules before anything is sent; messages show next to the fields and the first invalid
// field takes focus. A save runs the owner mutations in turn; a stock change is checked against the
// stock the editor read, so units sold meanwhile are never written over.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { ProductEditor_product$data, ProductEditor_product$key } from "../../__generated__/ProductEditor_product.graphql.ts";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { describeFailure } from "../../shared/relay/errors.ts";
import { DenominationsSection, DigitalPricingSection, ProductDetailsSection, SubscriptionSection } from "./ProductDetailsSections.tsx";
import type { ProductTypeName } from "./ProductFacts.tsx";
import { CheckoutSection, MerchandisingSection } from "./ProductSellingSections.tsx";
import { Refused, useProductSave } from "./useProductSave.ts";
import { VariantsEditor } from "./VariantsEditor.tsx";
import { DigitalFilesEditor } from "./DigitalFilesEditor.tsx";
import { ProductStorePageSection } from "./ProductStorePageSection.tsx";
import type { ProductStorePageSection_query$key } from "../../__generated__/ProductStorePageSection_query.graphql.ts";
import { ProductTranslationsEditor } from "./ProductTranslationsEditor.tsx";
import {
  amountText,
  emptyDraft,
  hasStock,
  hasVariantRows,
  newKey,
  validateDraft,
  type FieldErrors,
  type OptionDraft,
  type ProductDraft,
  type VariantDraft,
} from "./state/product-draft.ts";

export const productEditorFragment = graphql`
  fragment ProductEditor_product on Product {
    id
    itemId
    name
    slug
    description
    productType
    visible
    collectionId
    categoryIds
    isSubscribable
    subscriptionPlan {
      billingPeriod {
        value
        unit
      }
      numBillingCycles
    }
    priceMoney {
      value
      currency
    }
    salePriceMoney {
      value
    }
    onSale
    variantOptionOrdering
    variants {
      id
      ...VariantFields_stock @relay(mask: false)
      price {
        value
        currency
      }
      salePrice {
        value
      }
      onSale
    }
    giftCardDenominations {
      amount {
        value
        currency
      }
    }
    additionalFieldsForm {
      formId
      name
    }
    useCustomAddButtonText
    customAddButtonText
    merchandising {
      customSoldOutText
      scarcityEnabled
      scarcityText
      restockNotificationsEnabled
      restockNotificationMessages
      mailingListSignUpEnabled
      mailingListOptInByDefault
    }
  }
`;

/** The draft a saved product loads into. */
export function draftOf(product: ProductEditor_product$data, currency: string): ProductDraft {
  const type = product.productType as ProductTypeName;
  const names = product.variantOptionOrdering.length
    ? [...product.variantOptionOrdering]
    : [...new Set(product.variants.flatMap((variant) => variant.attributes.map((attribute) => attribute.name)))];
  const options: OptionDraft[] = names.map((name) => ({ key: newKey("o"), name }));
  const messagesOf = (product.merchandising?.restockNotificationMessages ?? {}) as Record<string, string>;
  const plan = product.subscriptionPlan;
  return {
    ...emptyDraft(type, currency),
    itemId: product.itemId,
    name: product.name,
    slug: product.slug,
    description: product.description,
    visible: product.visible,
    collectionId: product.collectionId === null || product.collectionId === undefined ? "" : String(product.collectionId),
    categoryIds: [...product.categoryIds],
    price: amountText(product.priceMoney?.value, currency),
    salePrice: product.salePriceMoney?.value ? amountText(product.salePriceMoney.value, currency) : "",
    onSale: type === "DIGITAL" && product.onSale,
    options,
    variants: product.variants.map((variant) => ({
      key: newKey("v"),
      variantId: variant.variantId,
      sku: variant.sku,
      values: Object.fromEntries(options.map((option) => [option.key, variant.attributes.find((attribute) => attribute.name === option.name)?.value ?? ""])),
      price: amountText(variant.price.value, currency),
      salePrice: variant.salePrice.value ? amountText(variant.salePrice.value, currency) : "",
      onSale: variant.onSale,
      unlimited: variant.unlimited,
      stock: String(variant.qtyInStock),
      readStock: { qtyInStock: variant.qtyInStock, unlimited: variant.unlimited },
    })),
    denominations: product.giftCardDenominations.map((denomination) => amountText(denomination.amount.value, currency)).join("\n"),
    subscribable: product.isSubscribable && plan !== null && plan !== undefined,
    billingValue: String(plan?.billingPeriod?.value ?? 1),
    billingUnit: (plan?.billingPeriod?.unit as ProductDraft["billingUnit"]) ?? "MONTH",
    billingCycles: String(plan?.numBillingCycles ?? 0),
    additionalFieldsFormId: product.additionalFieldsForm ? String(product.additionalFieldsForm.formId) : "",
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText ?? "",
    scarcityEnabled: product.merchandising?.scarcityEnabled ?? false,
    scarcityText: product.merchandising?.scarcityText ?? "",
    customSoldOutText: product.merchandising?.customSoldOutText ?? "",
    restockEnabled: product.merchandising?.restockNotificationsEnabled ?? false,
    restockMessages: { ...messagesOf },
    mailingListEnabled: product.merchandising?.mailingListSignUpEnabled ?? false,
    mailingListOptIn: product.merchandising?.mailingListOptInByDefault ?? false,
  };
}

export interface ProductEditorProps {
  /** The product to edit; null: a new product. */
  product: ProductEditor_product$key | null;
  currency: string;
  /** The type a new product starts as. */
  initialType?: ProductTypeName;
  readOnly: boolean;
  /** After a save: a new product's itemId, or the edited product's. */
  onSaved: (itemId: string, created: boolean) => void;
  /** Where the product images editor goes (the lead wires ProductImagesEditor in). */
  images?: ReactNode;
  /** The delete button (the screen owns deleting). */
  deleteAction?: ReactNode;
  /** The store pages and categories the product can be listed on (ProductStorePageSection's fragment). */
  storePages: ProductStorePageSection_query$key | null;
}

export function ProductEditor(props: ProductEditorProps) {
  const product = useFragment(productEditorFragment, props.product);
  const [draft, setDraft] = useState<ProductDraft>(() =>
    product ? draftOf(product, props.currency) : emptyDraft(props.initialType ?? "PHYSICAL", props.currency),
  );
  const saved = useRef<ProductDraft | null>(product ? draft : null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusFirst, setFocusFirst] = useState(0);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const confirm = useConfirm();
  const { saveNew, saveExisting, deleteSavedVariant } = useProductSave(draft, setDraft, saved);

  useEffect(() => {
    if (!focusFirst) return;
    const first = Object.keys(errors)[0];
    const target = first ? document.getElementById(first) : noticeRef.current;
    target?.focus();
  }, [focusFirst, errors]);

  const set = <K extends keyof ProductDraft>(name: K, value: ProductDraft[K]) => setDraft((current) => ({ ...current, [name]: value }));
  const setVariant = (key: string, change: Partial<VariantDraft>) =>
    setDraft((current) => ({ ...current, variants: current.variants.map((variant) => (variant.key === key ? { ...variant, ...change } : variant)) }));

  async function removeVariant(variant: VariantDraft) {
    if (variant.variantId === null) {
      setDraft((current) => ({ ...current, variants: current.variants.filter((row) => row.key !== variant.key) }));
      return;
    }
    const confirmed = await confirm({
      title: adminMessages.removeVariantTitle,
      body: adminMessages.removeVariantBody,
      confirmLabel: adminMessages.removeVariantConfirm,
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deleteSavedVariant(variant);
    } catch (error) {
      setNotice({ error: true, text: error instanceof Refused ? error.message : describeFailure(error) });
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length) {
      setNotice({ error: true, text: adminMessages.formHasErrors });
      setFocusFirst((count) => count + 1);
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      const itemId = draft.itemId ? await saveExisting(draft.itemId) : await saveNew();
      props.onSaved(itemId, !draft.itemId);
      if (draft.itemId) setNotice({ error: false, text: adminMessages.productSaved });
    } catch (error) {
      if (error instanceof Refused && error.field) {
        setErrors({ [error.field]: error.message });
        setNotice({ error: true, text: adminMessages.formHasErrors });
      } else {
        setNotice({ error: true, text: error instanceof Refused ? error.message : describeFailure(error) });
      }
      setFocusFirst((count) => count + 1);
    } finally {
      setSaving(false);
    }
  }

  const type = draft.productType;
  const disabled = props.readOnly || saving;
  const section = { draft, set, errors, disabled };

  return (
    <form className="product-editor" onSubmit={save} noValidate>
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {props.readOnly ? <p className="notice">{adminMessages.readOnly}</p> : null}
      <ProductDetailsSection {...section} setDraft={setDraft} />
      <ProductStorePageSection {...section} query={props.storePages} />

      {props.images ? (
        <fieldset>
          <legend>{adminMessages.productImagesHeading}</legend>
          {props.images}
        </fieldset>
      ) : null}
      {type === "DIGITAL" ? <DigitalPricingSection {...section} /> : null}
      {type === "DIGITAL" && product ? <DigitalFilesEditor productId={product.id} /> : null}

      {type === "GIFT_CARD" ? <DenominationsSection {...section} /> : null}

      {hasVariantRows(type) ? (
        <VariantsEditor draft={draft} setDraft={setDraft} setVariant={setVariant} removeVariant={removeVariant} errors={errors} disabled={disabled} />
      ) : null}
      <ProductTranslationsEditor productId={product?.id} readOnly={props.readOnly} />
      <SubscriptionSection {...section} />

      <CheckoutSection {...section} currentFormName={product?.additionalFieldsForm?.name ?? null} />

      {hasStock(type) ? <MerchandisingSection {...section} /> : null}

      <div className="editor-actions">
        {props.readOnly ? null : (
          <button type="submit" className="button primary" disabled={saving} aria-busy={saving}>
            {saving ? adminMessages.savingProduct : adminMessages.saveProduct}
          </button>
        )}
        {props.deleteAction}
      </div>
    </form>
  );
}
