// The product editor's sections for selling: the checkout's additional-fields form and add button's
// text, and the merchandising of products that can sell out (scarcity, sold-out text, restock sign-up).
import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { ProductSellingSectionsFormsQuery } from "../../__generated__/ProductSellingSectionsFormsQuery.graphql.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import { Checkbox, controlPropsFor, Field, type EditorSectionProps } from "./ProductEditorFields.tsx";
import { fieldId, RESTOCK_TEXTS, type ProductDraft } from "./state/product-draft.ts";

/** The additional-fields form shoppers fill in, and the add button's own text. */
export function CheckoutSection({ draft, set, errors, disabled, currentFormName }: EditorSectionProps & { currentFormName: string | null }) {
  const error = (id: string) => errors[id];
  const controlProps = controlPropsFor(errors);
  return (
    <fieldset disabled={disabled}>
      <legend>{adminMessages.checkoutHeading}</legend>
      <div className="form-grid">
        <Suspense fallback={<AdditionalFormField draft={draft} onChange={(value) => set("additionalFieldsFormId", value)} forms={null} />}>
          <AdditionalFormChoice draft={draft} onChange={(value) => set("additionalFieldsFormId", value)} currentName={currentFormName} />
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
  );
}

/** Scarcity, the sold-out text and the restock sign-up, for products that can sell out. */
export function MerchandisingSection({ draft, set, errors, disabled }: EditorSectionProps) {
  const error = (id: string) => errors[id];
  const controlProps = controlPropsFor(errors);
  return (
    <fieldset disabled={disabled}>
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
            <Field id={fieldId.scarcityText} label={adminMessages.scarcityTextLabel} error={error(fieldId.scarcityText)} hint={adminMessages.scarcityTextHint}>
              <input {...controlProps(fieldId.scarcityText, true)} value={draft.scarcityText} onChange={(event) => set("scarcityText", event.target.value)} />
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
          <Checkbox id="product-restock" label={adminMessages.restockLabel} checked={draft.restockEnabled} onChange={(value) => set("restockEnabled", value)} />
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
  );
}

function AdditionalFormChoice(props: { draft: ProductDraft; onChange: (value: string) => void; currentName: string | null }) {
  // Reading forms needs forms.read: a store manager sees the current form and cannot pick another.
  const canReadForms = useCan("forms.read");
  return canReadForms ? <AdditionalFormsLoader {...props} /> : <AdditionalFormField {...props} forms={null} />;
}

function AdditionalFormsLoader(props: { draft: ProductDraft; onChange: (value: string) => void; currentName: string | null }) {
  const data = useLazyLoadQuery<ProductSellingSectionsFormsQuery>(
    graphql`
      query ProductSellingSectionsFormsQuery {
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
