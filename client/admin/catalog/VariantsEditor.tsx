// The product editor's variants: the options (named, ordered), one row per variant with its option
// values, price, sale, SKU, weight and stock; rows added and removed.
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { Checkbox, Field } from "./ProductEditorFields.tsx";
import { emptyVariant, fieldId, hasStock, newKey, type FieldErrors, type ProductDraft, type VariantDraft } from "./state/product-draft.ts";

export function VariantsEditor({
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
