// Tax rules by country (or one region of it) and rate: create, edit, delete (confirmed).
import { useState, type FormEvent } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";
import type { StoreSettingsScreen_settings$data } from "../../__generated__/StoreSettingsScreen_settings.graphql.ts";
import { describeFailure } from "../../shared/relay/errors.ts";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { useDeleteTaxRuleMutation } from "./DeleteTaxRuleMutation.ts";
import { useSaveTaxRuleMutation } from "./SaveTaxRuleMutation.ts";
import { Field, FormNotice, parsePercent, percentText, useFormState } from "../../shared/ui/settings-form.tsx";

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
  const [editing, setEditing] = useState<Draft | null>(null);
  const [status, setStatus] = useState<{ kind: "error" | "ok"; text: string } | null>(null);
  const [commitDelete] = useDeleteTaxRuleMutation();
  const confirm = useConfirm();

  const remove = async (rule: Rule) => {
    if (!(await confirm({ title: t.taxDeleteTitle(rule.name), body: t.taxDeleteBody, confirmLabel: t.taxDeleteConfirm, danger: true }))) return;
    commitDelete({
      variables: { taxRuleId: rule.taxRuleId },
      onCompleted: (response) => {
        const answer = response.deleteTaxRule;
        setStatus(answer.__typename === "DeleteTaxRuleSuccess" ? null : { kind: "error", text: (answer as { message?: string }).message ?? t.failed });
      },
      onError: (error) => setStatus({ kind: "error", text: describeFailure(error) }),
    });
  };

  return (
    <section className="card" aria-labelledby="store-taxes-heading">
      <h2 id="store-taxes-heading">{t.taxes}</h2>
      <FormNotice notice={status} />
      {rules.length === 0 ? (
        <p className="empty-state">{t.taxesEmpty}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t.columns.name}</th>
              <th scope="col">{t.columns.region}</th>
              <th scope="col">{t.columns.rate}</th>
              {readOnly ? null : <th scope="col">{t.columns.actions}</th>}
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <tr key={rule.taxRuleId}>
                <td data-label={t.columns.name}>{rule.name}</td>
                <td data-label={t.columns.region}>{rule.region ? `${rule.country}-${rule.region}` : rule.country}</td>
                <td data-label={t.columns.rate}>{`${percentText(rule.rateMillipercent)} %`}</td>
                {readOnly ? null : (
                  <td data-label={t.columns.actions} className="row-actions">
                    <button type="button" className="button link" onClick={() => setEditing(draftOf(rule))} aria-label={`${t.zoneEdit} ${rule.name}`}>
                      {t.zoneEdit}
                    </button>
                    <button type="button" className="button link danger" onClick={() => void remove(rule)} aria-label={`${t.zoneDelete} ${rule.name}`}>
                      {t.zoneDelete}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {readOnly ? null : editing ? (
        <TaxRuleForm key={editing.taxRuleId ?? "new"} initial={editing} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className="button" onClick={() => setEditing(draftOf(null))}>
          {t.taxAdd}
        </button>
      )}
    </section>
  );
}

function TaxRuleForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [commit, saving] = useSaveTaxRuleMutation();
  const state = useFormState("SaveTaxRuleSuccess");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rate = parsePercent(draft.rate);
    if (rate === null) return state.fail({ rate: ownerMessages.storeRateInvalid }, t.failed);
    commit({
      variables: { taxRuleId: draft.taxRuleId, name: draft.name, country: draft.country, region: draft.region, rateMillipercent: rate },
      onCompleted: (response) => {
        if (state.answer(response.saveTaxRule)) onDone();
      },
      onError: state.failure,
    });
  };
  const id = `tax-${draft.taxRuleId ?? "new"}`;
  return (
    <form className="subform" ref={state.formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{draft.taxRuleId ? `${t.zoneEdit}: ${initial.name}` : t.taxAdd}</h3>
      <FormNotice notice={state.notice} />
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
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? t.saving : t.save}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
