// The product editor (issue 9, screen 2): every field of the spec for the five product types, the
// variants with their options and stock, the subscription plan (physical and service only), the
// additional-fields form, the add button's text and the merchandising. Fields are checked with the
// server's rules before anything is sent; messages show next to the fields and the first invalid
// field takes focus. A save runs the owner mutations in turn; a stock change is checked against the
// stock the editor read, so units sold meanwhile are never written over.
import { Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { graphql, useFragment, useLazyLoadQuery } from "react-relay";
import type { Disposable, MutationParameters } from "relay-runtime";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import { productPath } from "../../../server/domain/catalog/product-path.ts";
import type { ProductEditor_product$data, ProductEditor_product$key } from "../../__generated__/ProductEditor_product.graphql.ts";
import type { ProductEditorFormsQuery } from "../../__generated__/ProductEditorFormsQuery.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import type { CommitConfig } from "../../shared/relay/input-mutation.ts";
import { useCreateProductMutation } from "./CreateProductMutation.ts";
import { useCreateVariantMutation } from "./CreateVariantMutation.ts";
import { useDeleteVariantMutation } from "./DeleteVariantMutation.ts";
import { useSetVariantStockMutation } from "./SetVariantStockMutation.ts";
import { useUpdateMerchandisingMutation } from "./UpdateMerchandisingMutation.ts";
import { useUpdateProductMutation } from "./UpdateProductMutation.ts";
import { useUpdateVariantMutation } from "./UpdateVariantMutation.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { PRODUCT_TYPES, type ProductTypeName } from "./ProductFacts.tsx";
import {
  amountText,
  canOfferSubscription,
  denominationAmounts,
  emptyDraft,
  emptyVariant,
  fieldId,
  hasStock,
  hasVariantRows,
  merchandisingFields,
  newKey,
  productFields,
  RESTOCK_TEXTS,
  stockChanged,
  subscriptionPlanInput,
  validateDraft,
  variantChanged,
  variantFields,
  variantStock,
  withType,
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
      variantId
      sku
      attributes {
        name
        value
      }
      price {
        value
        currency
      }
      salePrice {
        value
      }
      onSale
      unlimited
      qtyInStock
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
class Refused extends Error {
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

  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  const [createVariant] = useCreateVariantMutation();
  const [updateVariant] = useUpdateVariantMutation();
  const [deleteVariant] = useDeleteVariantMutation();
  const [setVariantStock] = useSetVariantStockMutation();
  const [updateMerchandising] = useUpdateMerchandisingMutation();

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
      ok(await run(deleteVariant, { id: String(variant.variantId) }));
      setDraft((current) => ({ ...current, variants: current.variants.filter((row) => row.key !== variant.key) }));
      if (saved.current) saved.current = { ...saved.current, variants: saved.current.variants.filter((row) => row.variantId !== variant.variantId) };
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

  const type = draft.productType;
  const error = (id: string) => errors[id];
  const controlProps = (id: string, hint?: boolean) => ({
    id,
    "aria-invalid": error(id) ? true : undefined,
    "aria-describedby": [error(id) ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined,
  });

  return (
    <form className="product-editor" onSubmit={save} noValidate>
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {props.readOnly ? <p className="notice">{adminMessages.readOnly}</p> : null}
      <fieldset disabled={props.readOnly || saving}>
        <legend>{adminMessages.productDetails}</legend>
        <div className="form-grid">
          <Field id={fieldId.name} label={adminMessages.productName} error={error(fieldId.name)}>
            <input {...controlProps(fieldId.name)} value={draft.name} onChange={(event) => set("name", event.target.value)} required maxLength={200} />
          </Field>
          {draft.itemId ? (
            <Field
              id={fieldId.slug}
              label={adminMessages.productSlug}
              error={error(fieldId.slug)}
              hint={adminMessages.productSlugHint(productPath(draft.slug || "…"))}
            >
              <input {...controlProps(fieldId.slug, true)} value={draft.slug} onChange={(event) => set("slug", event.target.value)} maxLength={100} />
            </Field>
          ) : (
            <Field id="product-type" label={adminMessages.productTypeLabel}>
              <select id="product-type" value={type} onChange={(event) => setDraft((current) => withType(current, event.target.value as ProductTypeName))}>
                {PRODUCT_TYPES.map((name) => (
                  <option key={name} value={name}>
                    {adminMessages.productTypeNames[name]}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field id={fieldId.description} label={adminMessages.productDescription} error={error(fieldId.description)} wide>
            <textarea {...controlProps(fieldId.description)} rows={4} value={draft.description} onChange={(event) => set("description", event.target.value)} />
          </Field>
          {draft.itemId ? (
            <p className="field-hint wide">
              {adminMessages.productTypeLabel}: {adminMessages.productTypeNames[type]} · {adminMessages.productTypeFixed}
            </p>
          ) : null}
          <Checkbox id="product-visible" label={adminMessages.productVisibleLabel} checked={draft.visible} onChange={(value) => set("visible", value)} />
        </div>
      </fieldset>

      {props.images ? (
        <fieldset>
          <legend>{adminMessages.productImagesHeading}</legend>
          {props.images}
        </fieldset>
      ) : null}

      {type === "DIGITAL" ? (
        <fieldset disabled={props.readOnly || saving}>
          <legend>{adminMessages.pricingHeading}</legend>
          <div className="form-grid">
            <Field id={fieldId.price} label={adminMessages.priceLabel} error={error(fieldId.price)} hint={adminMessages.moneyHint(draft.currency)}>
              <input {...controlProps(fieldId.price, true)} inputMode="decimal" value={draft.price} onChange={(event) => set("price", event.target.value)} />
            </Field>
            <Field id={fieldId.salePrice} label={adminMessages.salePriceLabel} error={error(fieldId.salePrice)}>
              <input
                {...controlProps(fieldId.salePrice)}
                inputMode="decimal"
                value={draft.salePrice}
                onChange={(event) => set("salePrice", event.target.value)}
              />
            </Field>
            <Checkbox id="product-on-sale" label={adminMessages.onSaleLabel} checked={draft.onSale} onChange={(value) => set("onSale", value)} />
          </div>
        </fieldset>
      ) : null}

      {type === "GIFT_CARD" ? (
        <fieldset disabled={props.readOnly || saving}>
          <legend>{adminMessages.denominationsHeading}</legend>
          <Field
            id={fieldId.denominations}
            label={adminMessages.denominationsLabel}
            error={error(fieldId.denominations)}
            hint={adminMessages.denominationsHint}
          >
            <textarea
              {...controlProps(fieldId.denominations, true)}
              rows={4}
              value={draft.denominations}
              readOnly={draft.itemId !== null}
              onChange={(event) => set("denominations", event.target.value)}
            />
          </Field>
        </fieldset>
      ) : null}

      {hasVariantRows(type) ? (
        <VariantsEditor
          draft={draft}
          setDraft={setDraft}
          setVariant={setVariant}
          removeVariant={removeVariant}
          errors={errors}
          disabled={props.readOnly || saving}
        />
      ) : null}

      {canOfferSubscription(type) ? (
        <fieldset disabled={props.readOnly || saving}>
          <legend>{adminMessages.subscriptionHeading}</legend>
          <Checkbox
            id="product-subscribable"
            label={adminMessages.subscriptionOffered}
            checked={draft.subscribable}
            onChange={(value) => set("subscribable", value)}
          />
          {draft.subscribable ? (
            <div className="form-grid">
              <Field id={fieldId.billingValue} label={adminMessages.billingEvery} error={error(fieldId.billingValue)}>
                <input
                  {...controlProps(fieldId.billingValue)}
                  type="number"
                  min={1}
                  max={52}
                  value={draft.billingValue}
                  onChange={(event) => set("billingValue", event.target.value)}
                />
              </Field>
              <Field id="product-billing-unit" label={adminMessages.billingUnitLabel}>
                <select
                  id="product-billing-unit"
                  value={draft.billingUnit}
                  onChange={(event) => set("billingUnit", event.target.value as ProductDraft["billingUnit"])}
                >
                  {(["WEEK", "MONTH", "YEAR"] as const).map((unit) => (
                    <option key={unit} value={unit}>
                      {adminMessages.billingUnits[unit]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                id={fieldId.billingCycles}
                label={adminMessages.billingCyclesLabel}
                error={error(fieldId.billingCycles)}
                hint={adminMessages.billingCyclesHint}
              >
                <input
                  {...controlProps(fieldId.billingCycles, true)}
                  type="number"
                  min={0}
                  max={999}
                  value={draft.billingCycles}
                  onChange={(event) => set("billingCycles", event.target.value)}
                />
              </Field>
            </div>
          ) : null}
        </fieldset>
      ) : (
        <p className="field-hint">{adminMessages.subscriptionOnlyPhysicalService}</p>
      )}

      <fieldset disabled={props.readOnly || saving}>
        <legend>{adminMessages.checkoutHeading}</legend>
        <div className="form-grid">
          <Suspense fallback={<AdditionalFormField draft={draft} onChange={(value) => set("additionalFieldsFormId", value)} forms={null} />}>
            <AdditionalFormChoice
              draft={draft}
              onChange={(value) => set("additionalFieldsFormId", value)}
              currentName={product?.additionalFieldsForm?.name ?? null}
            />
          </Suspense>
          <div>
            <Checkbox
              id="product-custom-button"
              label={adminMessages.customButtonLabel}
              checked={draft.useCustomAddButtonText}
              onChange={(value) => set("useCustomAddButtonText", value)}
            />
            {draft.useCustomAddButtonText ? (
              <Field id={fieldId.customAddButtonText} label={adminMessages.customButtonTextLabel} error={error(fieldId.customAddButtonText)}>
                <input
                  {...controlProps(fieldId.customAddButtonText)}
                  value={draft.customAddButtonText}
                  maxLength={100}
                  onChange={(event) => set("customAddButtonText", event.target.value)}
                />
              </Field>
            ) : null}
          </div>
        </div>
      </fieldset>

      {hasStock(type) ? (
        <fieldset disabled={props.readOnly || saving}>
          <legend>{adminMessages.merchandisingHeading}</legend>
          <div className="form-grid">
            <div>
              <Checkbox
                id="product-scarcity"
                label={adminMessages.scarcityLabel}
                checked={draft.scarcityEnabled}
                onChange={(value) => set("scarcityEnabled", value)}
              />
              {draft.scarcityEnabled ? (
                <Field
                  id={fieldId.scarcityText}
                  label={adminMessages.scarcityTextLabel}
                  error={error(fieldId.scarcityText)}
                  hint={adminMessages.scarcityTextHint}
                >
                  <input
                    {...controlProps(fieldId.scarcityText, true)}
                    value={draft.scarcityText}
                    onChange={(event) => set("scarcityText", event.target.value)}
                  />
                </Field>
              ) : null}
            </div>
            <Field
              id={fieldId.customSoldOutText}
              label={adminMessages.soldOutTextLabel}
              error={error(fieldId.customSoldOutText)}
              hint={adminMessages.soldOutTextHint}
            >
              <input
                {...controlProps(fieldId.customSoldOutText, true)}
                value={draft.customSoldOutText}
                onChange={(event) => set("customSoldOutText", event.target.value)}
              />
            </Field>
            <div className="wide">
              <Checkbox
                id="product-restock"
                label={adminMessages.restockLabel}
                checked={draft.restockEnabled}
                onChange={(value) => set("restockEnabled", value)}
              />
              {draft.restockEnabled ? (
                <div className="form-grid">
                  {RESTOCK_TEXTS.map(([key, label]) => (
                    <Field key={key} id={`product-restock-${key}`} label={label}>
                      <input
                        id={`product-restock-${key}`}
                        value={draft.restockMessages[key] ?? ""}
                        maxLength={1000}
                        onChange={(event) => set("restockMessages", { ...draft.restockMessages, [key]: event.target.value })}
                      />
                    </Field>
                  ))}
                  <div>
                    <Checkbox
                      id="product-mailing-list"
                      label={adminMessages.mailingListLabel}
                      checked={draft.mailingListEnabled}
                      onChange={(value) => set("mailingListEnabled", value)}
                    />
                    {draft.mailingListEnabled ? (
                      <>
                        <Checkbox
                          id="product-mailing-list-default"
                          label={adminMessages.mailingListDefaultLabel}
                          checked={draft.mailingListOptIn}
                          onChange={(value) => set("mailingListOptIn", value)}
                        />
                        <Field id="product-restock-mailingListDescription" label={adminMessages.mailingListTextLabel}>
                          <input
                            id="product-restock-mailingListDescription"
                            value={draft.restockMessages.mailingListDescription ?? ""}
                            maxLength={1000}
                            onChange={(event) => set("restockMessages", { ...draft.restockMessages, mailingListDescription: event.target.value })}
                          />
                        </Field>
                      </>
                    ) : null}
                  </div>
                </div>
              ) : null}
            </div>
          </div>
        </fieldset>
      ) : null}

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

function VariantsEditor({
  draft,
  setDraft,
  setVariant,
  removeVariant,
  errors,
  disabled,
}: {
  draft: ProductDraft;
  setDraft: (change: (draft: ProductDraft) => ProductDraft) => void;
  setVariant: (key: string, change: Partial<VariantDraft>) => void;
  removeVariant: (variant: VariantDraft) => void;
  errors: FieldErrors;
  disabled: boolean;
}) {
  const stocked = hasStock(draft.productType);
  const moveOption = (index: number, by: number) =>
    setDraft((current) => {
      const options = [...current.options];
      const [moved] = options.splice(index, 1);
      options.splice(index + by, 0, moved);
      return { ...current, options };
    });
  const renameOption = (key: string, name: string) =>
    setDraft((current) => ({ ...current, options: current.options.map((option) => (option.key === key ? { ...option, name } : option)) }));
  const addOption = () => setDraft((current) => ({ ...current, options: [...current.options, { key: newKey("o"), name: "" }] }));
  const removeOption = (key: string) =>
    setDraft((current) => ({
      ...current,
      options: current.options.filter((option) => option.key !== key),
      variants: current.variants.map((variant) => ({
        ...variant,
        values: Object.fromEntries(Object.entries(variant.values).filter(([name]) => name !== key)),
      })),
    }));
  const addVariant = () => setDraft((current) => ({ ...current, variants: [...current.variants, emptyVariant(current.options, current.productType)] }));
  return (
    <fieldset disabled={disabled}>
      <legend>{adminMessages.optionsHeading}</legend>
      <p className="field-hint">{adminMessages.optionsHint}</p>
      {draft.options.map((option, index) => {
        const id = fieldId.option(option.key);
        const label = option.name || adminMessages.optionName(index + 1);
        return (
          <div className="option-row" key={option.key}>
            <Field id={id} label={adminMessages.optionNameLabel(index + 1)} error={errors[id]}>
              <input
                id={id}
                value={option.name}
                aria-invalid={errors[id] ? true : undefined}
                aria-describedby={errors[id] ? `${id}-error` : undefined}
                onChange={(event) => renameOption(option.key, event.target.value)}
                maxLength={100}
              />
            </Field>
            <button
              type="button"
              className="button"
              onClick={() => moveOption(index, -1)}
              disabled={index === 0}
              aria-label={adminMessages.moveOptionUp(label)}
            >
              ↑
            </button>
            <button
              type="button"
              className="button"
              onClick={() => moveOption(index, 1)}
              disabled={index === draft.options.length - 1}
              aria-label={adminMessages.moveOptionDown(label)}
            >
              ↓
            </button>
            <button type="button" className="button danger" onClick={() => removeOption(option.key)} aria-label={adminMessages.removeOption(label)}>
              ✕
            </button>
          </div>
        );
      })}
      <p>
        <button type="button" className="button" onClick={addOption} disabled={draft.options.length >= 10}>
          {adminMessages.addOption}
        </button>
      </p>
      {errors[fieldId.variants] ? (
        <p className="field-error" id={fieldId.variants} tabIndex={-1}>
          {errors[fieldId.variants]}
        </p>
      ) : null}
      {draft.variants.map((variant, index) => {
        const id = (name: string) => fieldId.variant(variant.key, name);
        const input = (name: string) => ({
          id: id(name),
          "aria-invalid": errors[id(name)] ? true : undefined,
          "aria-describedby": errors[id(name)] ? `${id(name)}-error` : undefined,
        });
        return (
          <div className="variant-card" key={variant.key}>
            <h3>
              {adminMessages.variantHeading(index + 1)}
              <button type="button" className="button danger" onClick={() => removeVariant(variant)} aria-label={adminMessages.removeVariant(index + 1)}>
                ✕
              </button>
            </h3>
            <Field id={id("sku")} label={adminMessages.skuLabel} error={errors[id("sku")]}>
              <input {...input("sku")} value={variant.sku} maxLength={100} onChange={(event) => setVariant(variant.key, { sku: event.target.value })} />
            </Field>
            {draft.options.map((option, optionIndex) => (
              <Field
                key={option.key}
                id={id(`value-${option.key}`)}
                label={option.name || adminMessages.optionName(optionIndex + 1)}
                error={errors[id(`value-${option.key}`)]}
              >
                <input
                  {...input(`value-${option.key}`)}
                  value={variant.values[option.key] ?? ""}
                  maxLength={100}
                  onChange={(event) => setVariant(variant.key, { values: { ...variant.values, [option.key]: event.target.value } })}
                />
              </Field>
            ))}
            <Field id={id("price")} label={adminMessages.priceLabel} error={errors[id("price")]}>
              <input
                {...input("price")}
                inputMode="decimal"
                value={variant.price}
                onChange={(event) => setVariant(variant.key, { price: event.target.value })}
              />
            </Field>
            <Field id={id("salePrice")} label={adminMessages.salePriceLabel} error={errors[id("salePrice")]}>
              <input
                {...input("salePrice")}
                inputMode="decimal"
                value={variant.salePrice}
                onChange={(event) => setVariant(variant.key, { salePrice: event.target.value })}
              />
            </Field>
            <Checkbox
              id={id("onSale")}
              label={adminMessages.onSaleLabel}
              checked={variant.onSale}
              onChange={(value) => setVariant(variant.key, { onSale: value })}
            />
            {stocked ? (
              <>
                <Checkbox
                  id={id("unlimited")}
                  label={adminMessages.unlimitedLabel}
                  checked={variant.unlimited}
                  onChange={(value) => setVariant(variant.key, { unlimited: value })}
                />
                {variant.unlimited ? null : (
                  <Field id={id("stock")} label={adminMessages.stockLabel} error={errors[id("stock")]}>
                    <input
                      {...input("stock")}
                      type="number"
                      min={0}
                      max={1_000_000}
                      value={variant.stock}
                      onChange={(event) => setVariant(variant.key, { stock: event.target.value })}
                    />
                  </Field>
                )}
              </>
            ) : null}
          </div>
        );
      })}
      <p>
        <button type="button" className="button" onClick={addVariant} disabled={draft.variants.length >= 250}>
          {adminMessages.addVariant}
        </button>
      </p>
    </fieldset>
  );
}

function AdditionalFormChoice(props: { draft: ProductDraft; onChange: (value: string) => void; currentName: string | null }) {
  // Reading forms needs forms.read: a store manager sees the current form and cannot pick another.
  const canReadForms = useCan("forms.read");
  return canReadForms ? <AdditionalFormsLoader {...props} /> : <AdditionalFormField {...props} forms={null} />;
}

function AdditionalFormsLoader(props: { draft: ProductDraft; onChange: (value: string) => void; currentName: string | null }) {
  const data = useLazyLoadQuery<ProductEditorFormsQuery>(
    graphql`
      query ProductEditorFormsQuery {
        forms(first: 100) {
          edges {
            node {
              formId
              name
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-or-network" },
  );
  const forms = data.forms.edges.map((edge) => ({ formId: String(edge.node.formId), name: edge.node.name }));
  return <AdditionalFormField {...props} forms={forms} />;
}

function AdditionalFormField({
  draft,
  onChange,
  forms,
  currentName = null,
}: {
  draft: ProductDraft;
  onChange: (value: string) => void;
  forms: { formId: string; name: string }[] | null;
  currentName?: string | null;
}) {
  const choices = forms ?? (draft.additionalFieldsFormId ? [{ formId: draft.additionalFieldsFormId, name: currentName ?? draft.additionalFieldsFormId }] : []);
  return (
    <Field id="product-additional-form" label={adminMessages.additionalFieldsLabel} hint={adminMessages.additionalFieldsHint}>
      <select
        id="product-additional-form"
        aria-describedby="product-additional-form-hint"
        value={draft.additionalFieldsFormId}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{adminMessages.additionalFieldsNone}</option>
        {choices.map((form) => (
          <option key={form.formId} value={form.formId}>
            {form.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

function Field({ id, label, error, hint, wide, children }: { id: string; label: string; error?: string; hint?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`field${wide ? " wide" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Checkbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="field checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
