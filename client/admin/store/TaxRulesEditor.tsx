// Tax rules by country (or one region of it) and rate: create, edit, delete (confirmed).
import { useState, type FormEvent } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";
import type { StoreSettingsScreen_settings$data } from "../../__generated__/StoreSettingsScreen_settings.graphql.ts";
import { EditableList, EditableListForm, useListNotice, useRowSave } from "../../shared/ui/EditableList.tsx";
import { useDeleteTaxRuleMutation } from "./DeleteTaxRuleMutation.ts";
import { useSaveTaxRuleMutation } from "./SaveTaxRuleMutation.ts";
import { Field, parsePercent, percentText } from "../../shared/ui/settings-form.tsx";

const t = adminMessages.storeSettings;

type Rule = StoreSettingsScreen_settings$data["taxRules"][number];
interface Draft {
  taxRuleId: number | null;
  name: string;
  country: string;
  region: string;
  rate: string;
}

const draftOf = (rule: Rule | null): Draft =>
  rule
    ? { taxRuleId: rule.taxRuleId, name: rule.name, country: rule.country, region: rule.region, rate: percentText(rule.rateMillipercent) }
    : { taxRuleId: null, name: "", country: "", region: "", rate: "" };

export function TaxRulesEditor({ rules, readOnly }: { rules: readonly Rule[]; readOnly: boolean }) {
  const { notice, report } = useListNotice(t.failed);
  const [commitDelete] = useDeleteTaxRuleMutation();

  return (
    <EditableList<Rule, Draft>
      headingId="store-taxes-heading"
      texts={{ heading: t.taxes, empty: t.taxesEmpty, add: t.taxAdd, actions: t.columns.actions, edit: t.zoneEdit, delete: t.zoneDelete }}
      rows={rules}
      columns={[
        { header: t.columns.name, cell: (rule) => rule.name },
        { header: t.columns.region, cell: (rule) => (rule.region ? `${rule.country}-${rule.region}` : rule.country) },
        { header: t.columns.rate, cell: (rule) => `${percentText(rule.rateMillipercent)} %` },
      ]}
      rowKey={(rule) => rule.taxRuleId}
      rowLabel={(rule) => rule.name}
      readOnly={readOnly}
      notice={notice}
      draftOf={draftOf}
      draftId={(draft) => draft.taxRuleId}
      renderForm={(draft, onDone) => <TaxRuleForm initial={draft} onDone={onDone} />}
      confirmDelete={(rule) => ({ title: t.taxDeleteTitle(rule.name), body: t.taxDeleteBody, confirmLabel: t.taxDeleteConfirm, danger: true })}
      onDelete={(rule) => commitDelete({ variables: { taxRuleId: rule.taxRuleId }, ...report((response) => response.deleteTaxRule, "DeleteTaxRuleSuccess") })}
    />
  );
}

function TaxRuleForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const [draft, setDraft] = useState(initial);
  const row = useRowSave(useSaveTaxRuleMutation(), "SaveTaxRuleSuccess", (response) => response.saveTaxRule, onDone);
  const { state } = row;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rate = parsePercent(draft.rate);
    if (rate === null) return state.fail({ rate: ownerMessages.storeRateInvalid }, t.failed);
    row.save({ taxRuleId: draft.taxRuleId, name: draft.name, country: draft.country, region: draft.region, rateMillipercent: rate });
  };
  const id = `tax-${draft.taxRuleId ?? "new"}`;
  return (
    <EditableListForm id={id} heading={draft.taxRuleId ? `${t.zoneEdit}: ${initial.name}` : t.taxAdd} row={row} texts={t} onSubmit={submit}>
      <div className="form-grid">
        <Field id={`${id}-name`} label={t.taxName} error={state.errors.name}>
          {(props) => <input {...props} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />}
        </Field>
        <Field id={`${id}-country`} label={t.taxCountry} error={state.errors.country}>
          {(props) => <input {...props} value={draft.country} maxLength={2} onChange={(event) => setDraft({ ...draft, country: event.target.value })} />}
        </Field>
        <Field id={`${id}-region`} label={t.taxRegion} error={state.errors.region}>
          {(props) => <input {...props} value={draft.region} onChange={(event) => setDraft({ ...draft, region: event.target.value })} />}
        </Field>
        <Field id={`${id}-rate`} label={t.taxRate} error={state.errors.rate}>
          {(props) => <input {...props} inputMode="decimal" value={draft.rate} onChange={(event) => setDraft({ ...draft, rate: event.target.value })} />}
        </Field>
      </div>
    </EditableListForm>
  );
}
