// The product editor's sections for what a product is: its details, a digital product's price, a gift
// card's denominations and the subscription plan (physical and service products only).
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { productPath } from "../../../server/domain/catalog/product-path.ts";
import { Checkbox, controlPropsFor, Field, type EditorSectionProps } from "./ProductEditorFields.tsx";
import { PRODUCT_TYPES, type ProductTypeName } from "./ProductFacts.tsx";
import { canOfferSubscription, fieldId, withType, type ProductDraft } from "./state/product-draft.ts";

/** Name, address (saved products) or type (new ones), description, visibility. */
export function ProductDetailsSection({
  draft,
  set,
  errors,
  disabled,
  setDraft,
}: EditorSectionProps & { setDraft: (change: (draft: ProductDraft) => ProductDraft) => void }) {
  const error = (id: string) => errors[id];
  const controlProps = controlPropsFor(errors);
  const type = draft.productType;
  return (
    <fieldset disabled={disabled}>
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
  );
}

/** A digital product's price and sale price (the others price their variants). */
export function DigitalPricingSection({ draft, set, errors, disabled }: EditorSectionProps) {
  const error = (id: string) => errors[id];
  const controlProps = controlPropsFor(errors);
  return (
    <fieldset disabled={disabled}>
      <legend>{adminMessages.pricingHeading}</legend>
      <div className="form-grid">
        <Field id={fieldId.price} label={adminMessages.priceLabel} error={error(fieldId.price)} hint={adminMessages.moneyHint(draft.currency)}>
          <input {...controlProps(fieldId.price, true)} inputMode="decimal" value={draft.price} onChange={(event) => set("price", event.target.value)} />
        </Field>
        <Field id={fieldId.salePrice} label={adminMessages.salePriceLabel} error={error(fieldId.salePrice)}>
          <input {...controlProps(fieldId.salePrice)} inputMode="decimal" value={draft.salePrice} onChange={(event) => set("salePrice", event.target.value)} />
        </Field>
        <Checkbox id="product-on-sale" label={adminMessages.onSaleLabel} checked={draft.onSale} onChange={(value) => set("onSale", value)} />
      </div>
    </fieldset>
  );
}

/** A gift card's amounts, fixed once saved. */
export function DenominationsSection({ draft, set, errors, disabled }: EditorSectionProps) {
  const error = (id: string) => errors[id];
  const controlProps = controlPropsFor(errors);
  return (
    <fieldset disabled={disabled}>
      <legend>{adminMessages.denominationsHeading}</legend>
      <Field id={fieldId.denominations} label={adminMessages.denominationsLabel} error={error(fieldId.denominations)} hint={adminMessages.denominationsHint}>
        <textarea
          {...controlProps(fieldId.denominations, true)}
          rows={4}
          value={draft.denominations}
          readOnly={draft.itemId !== null}
          onChange={(event) => set("denominations", event.target.value)}
        />
      </Field>
    </fieldset>
  );
}

/** The subscription plan, or why the type cannot have one. */
export function SubscriptionSection({ draft, set, errors, disabled }: EditorSectionProps) {
  const error = (id: string) => errors[id];
  const controlProps = controlPropsFor(errors);
  return (
    <>
      {canOfferSubscription(draft.productType) ? (
        <fieldset disabled={disabled}>
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
    </>
  );
}
