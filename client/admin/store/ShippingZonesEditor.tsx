// Shipping zones and their options: create, edit, delete (confirmed), and order (move up/down).
import { useState, type FormEvent } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { formMessages } from "../../../server/domain/messages/forms.ts";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";
import type { StoreSettingsScreen_settings$data } from "../../__generated__/StoreSettingsScreen_settings.graphql.ts";
import { answerNotice, EditableList, EditableListForm, failureNotice, useListNotice, useRowSave } from "../../shared/ui/EditableList.tsx";
import { useDeleteShippingZoneMutation } from "./DeleteShippingZoneMutation.ts";
import { useReorderShippingZonesMutation } from "./ReorderShippingZonesMutation.ts";
import { useSaveShippingZoneMutation } from "./SaveShippingZoneMutation.ts";
import { Field, moneyText, parseCodes, parseMoney } from "../../shared/ui/settings-form.tsx";

const t = adminMessages.storeSettings;

type Zone = StoreSettingsScreen_settings$data["shippingZones"][number];
type Kind = "COUNTRIES" | "REGIONS" | "REST_OF_WORLD";
interface OptionDraft {
  key: string;
  optionId: number | null;
  name: string;
  price: string;
}
interface ZoneDraft {
  zoneId: number | null;
  name: string;
  kind: Kind;
  country: string;
  codes: string;
  options: OptionDraft[];
}

let nextKey = 0;
const newOption = (): OptionDraft => ({ key: `new-${++nextKey}`, optionId: null, name: "", price: "" });

const draftOf = (zone: Zone | null, currency: string): ZoneDraft =>
  zone
    ? {
        zoneId: zone.zoneId,
        name: zone.name,
        kind: zone.kind as Kind,
        country: zone.country,
        codes: zone.codes.join(", "),
        options: zone.options.map((option) => ({
          key: `o-${option.optionId}`,
          optionId: option.optionId,
          name: option.name,
          price: moneyText(option.price.value, currency),
        })),
      }
    : { zoneId: null, name: "", kind: "COUNTRIES", country: "", codes: "", options: [newOption()] };

export function ShippingZonesEditor({ zones, currency, readOnly }: { zones: readonly Zone[]; currency: string; readOnly: boolean }) {
  const { notice, setNotice, report } = useListNotice(t.failed);
  const [commitDelete] = useDeleteShippingZoneMutation();
  const [commitReorder] = useReorderShippingZonesMutation();

  const move = (index: number, by: -1 | 1) => {
    const ids = zones.map((zone) => zone.zoneId);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    commitReorder({
      variables: { zoneIds: ids },
      onCompleted: (response) => {
        const answer = response.reorderShippingZones;
        if (answer.__typename !== "ReorderShippingZonesSuccess") setNotice(answerNotice(answer, "ReorderShippingZonesSuccess", t.failed));
      },
      onError: (error) => setNotice(failureNotice(error)),
    });
  };

  const reach = (zone: Zone) =>
    t.zoneReach(t.zoneKinds[zone.kind], zone.kind === "REGIONS" ? `${zone.country} ${zone.codes.join(", ")}` : zone.codes.join(", "));

  return (
    <EditableList<Zone, ZoneDraft>
      headingId="store-zones-heading"
      texts={{ heading: t.zones, empty: t.zonesEmpty, add: t.zoneAdd, actions: t.columns.actions, edit: t.zoneEdit, delete: t.zoneDelete }}
      rows={zones}
      columns={[
        { header: t.columns.name, cell: (zone) => zone.name },
        { header: t.columns.reach, cell: reach },
        { header: t.columns.options, cell: (zone) => zone.options.map((option) => `${option.name} ${option.price.formatted}`).join(", ") },
      ]}
      rowKey={(zone) => zone.zoneId}
      rowLabel={(zone) => zone.name}
      readOnly={readOnly}
      notice={notice}
      draftOf={(zone) => draftOf(zone, currency)}
      draftId={(draft) => draft.zoneId}
      renderForm={(draft, onDone) => <ZoneForm draft={draft} currency={currency} onDone={onDone} />}
      confirmDelete={(zone) => ({ title: t.zoneDeleteTitle(zone.name), body: t.zoneDeleteBody, confirmLabel: t.zoneDeleteConfirm, danger: true })}
      onDelete={(zone) =>
        commitDelete({ variables: { zoneId: zone.zoneId }, ...report((response) => response.deleteShippingZone, "DeleteShippingZoneSuccess") })
      }
      extraActions={(zone, index) => (
        <>
          <button type="button" className="button link" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`${t.zoneMoveUp} ${zone.name}`}>
            {t.zoneMoveUp}
          </button>
          <button
            type="button"
            className="button link"
            disabled={index === zones.length - 1}
            onClick={() => move(index, 1)}
            aria-label={`${t.zoneMoveDown} ${zone.name}`}
          >
            {t.zoneMoveDown}
          </button>
        </>
      )}
    />
  );
}

function ZoneForm({ draft: initial, currency, onDone }: { draft: ZoneDraft; currency: string; onDone: () => void }) {
  const [draft, setDraft] = useState(initial);
  const row = useRowSave(useSaveShippingZoneMutation(), "SaveShippingZoneSuccess", (response) => response.saveShippingZone, onDone);
  const { state } = row;
  const setOption = (key: string, change: Partial<OptionDraft>) =>
    setDraft((current) => ({ ...current, options: current.options.map((option) => (option.key === key ? { ...option, ...change } : option)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (draft.name.trim() === "") errors.name = formMessages.required;
    const codes = parseCodes(draft.codes);
    if (draft.kind !== "REST_OF_WORLD" && codes.length === 0) errors.codes = checkoutMessages.shippingZoneInvalid;
    if (draft.kind === "REGIONS" && draft.country.trim() === "") errors.country = checkoutMessages.shippingZoneInvalid;
    const options = draft.options.map((option) => ({ ...option, cents: parseMoney(option.price, currency) }));
    for (const option of options) {
      if (option.name.trim() === "") errors[`option-${option.key}-name`] = formMessages.required;
      if (option.cents === null) errors[`option-${option.key}-price`] = ownerMessages.storeAmountInvalid;
    }
    if (Object.keys(errors).length > 0) return state.fail(errors, t.failed);
    row.save({
      zoneId: draft.zoneId,
      name: draft.name,
      kind: draft.kind,
      country: draft.country.trim().toUpperCase(),
      codes,
      options: options.map((option) => ({ optionId: option.optionId, name: option.name, price: option.cents! })),
    });
  };

  const id = `zone-${draft.zoneId ?? "new"}`;
  return (
    <EditableListForm id={id} heading={draft.zoneId ? `${t.zoneEdit}: ${initial.name}` : t.zoneAdd} row={row} texts={t} onSubmit={submit}>
      <div className="form-grid">
        <Field id={`${id}-name`} label={t.zoneName} error={state.errors.name}>
          {(props) => <input {...props} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />}
        </Field>
        <Field id={`${id}-kind`} label={t.zoneKind}>
          {(props) => (
            <select {...props} value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value as Kind })}>
              {Object.entries(t.zoneKinds).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.kind === "REGIONS" ? (
          <Field id={`${id}-country`} label={t.zoneCountry} error={state.errors.country}>
            {(props) => <input {...props} value={draft.country} maxLength={2} onChange={(event) => setDraft({ ...draft, country: event.target.value })} />}
          </Field>
        ) : null}
        {draft.kind === "REST_OF_WORLD" ? null : (
          <Field id={`${id}-codes`} label={draft.kind === "REGIONS" ? t.zoneRegions : t.zoneCountries} error={state.errors.codes}>
            {(props) => <input {...props} value={draft.codes} onChange={(event) => setDraft({ ...draft, codes: event.target.value })} />}
          </Field>
        )}
      </div>
      <fieldset className="options">
        <legend>{t.zoneOptions}</legend>
        {draft.options.map((option, index) => (
          <div className="option-row" key={option.key}>
            <Field id={`${id}-option-${option.key}-name`} label={`${t.zoneOptionName} ${index + 1}`} error={state.errors[`option-${option.key}-name`]}>
              {(props) => <input {...props} value={option.name} onChange={(event) => setOption(option.key, { name: event.target.value })} />}
            </Field>
            <Field id={`${id}-option-${option.key}-price`} label={`${t.zoneOptionPrice} (${currency})`} error={state.errors[`option-${option.key}-price`]}>
              {(props) => (
                <input {...props} inputMode="decimal" value={option.price} onChange={(event) => setOption(option.key, { price: event.target.value })} />
              )}
            </Field>
            <button
              type="button"
              className="button link danger"
              aria-label={`${t.zoneOptionRemove} ${index + 1}`}
              onClick={() => setDraft({ ...draft, options: draft.options.filter((other) => other.key !== option.key) })}
            >
              {t.zoneOptionRemove}
            </button>
          </div>
        ))}
        <button type="button" className="button" onClick={() => setDraft({ ...draft, options: [...draft.options, newOption()] })}>
          {t.zoneOptionAdd}
        </button>
      </fieldset>
    </EditableListForm>
  );
}
