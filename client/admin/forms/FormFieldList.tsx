// The form builder's build fieldset: the form's name and key, its fields in order (each opened to edit
// its properties, moved, removed) and the kind of field to add.
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { FIELD_TYPES, isFieldType, type FieldType } from "../../../server/domain/forms/fields.ts";
import { FieldEditor } from "./FieldEditor.tsx";
import { TextControl, type FieldKindSchema } from "./FormBuilderControls.tsx";
import type { SettingsProps } from "./FormSettingsFieldsets.tsx";
import type { FieldValues } from "./state/form-builder.ts";

export interface FieldListProps extends SettingsProps {
  fieldKinds: FieldKindSchema[];
  /** The field property a problem names (`fields.2.options` -> options), else its id; null without one. */
  errorPropertyFor: (index: number) => string | null;
  opened: ReadonlySet<string>;
  openField: (uid: string, open?: boolean) => void;
  setField: (uid: string, values: FieldValues) => void;
  move: (index: number, delta: number) => void;
  removeAt: (index: number) => void;
  addKind: FieldType;
  setAddKind: (kind: FieldType) => void;
  add: () => void;
}

export function FormFieldList({
  draft,
  set,
  errorFor,
  fieldKinds,
  errorPropertyFor,
  opened,
  openField,
  setField,
  move,
  removeAt,
  addKind,
  setAddKind,
  add,
}: FieldListProps) {
  const kindSchema = (kind: string) => fieldKinds.find((each) => each.kind === kind);
  return (
    <>
      <div className="form-grid">
        <TextControl
          at="name"
          label={adminMessages.formSettingLabels.name}
          value={draft.name}
          onChange={(value) => set("name", value)}
          error={errorFor("name")}
        />
        <TextControl
          at="key"
          label={adminMessages.formSettingLabels.key}
          value={draft.key}
          onChange={(value) => set("key", value)}
          error={errorFor("key")}
          hint={adminMessages.formKeyHint}
        />
      </div>
      <h2 id="form-fields-heading">{adminMessages.fieldsHeading}</h2>
      {errorFor("fields") ? (
        <p className="field-error" id="form-fields-error">
          {errorFor("fields")}
        </p>
      ) : null}
      {draft.fields.length === 0 ? <p className="empty-state">{adminMessages.noFields}</p> : null}
      <ol className="builder-fields" aria-labelledby="form-fields-heading">
        {draft.fields.map((field, index) => (
          <FieldEditor
            key={field.uid}
            field={field}
            position={index + 1}
            count={draft.fields.length}
            kind={kindSchema(field.values.type)}
            error={errorFor(`fields.${index}`)}
            errorProperty={errorPropertyFor(index)}
            open={opened.has(field.uid)}
            onToggle={() => openField(field.uid, !opened.has(field.uid))}
            onChange={(values) => setField(field.uid, values)}
            onMove={(delta) => move(index, delta)}
            onRemove={() => removeAt(index)}
          />
        ))}
      </ol>
      <div className="builder-add">
        <div className="field">
          <label htmlFor="form-add-kind">{adminMessages.addFieldKind}</label>
          <select id="form-add-kind" value={addKind} onChange={(event) => isFieldType(event.target.value) && setAddKind(event.target.value)}>
            {fieldKinds
              .map((each) => each.kind)
              .filter((kind): kind is FieldType => (FIELD_TYPES as readonly string[]).includes(kind))
              .map((kind) => (
                <option key={kind} value={kind}>
                  {adminMessages.fieldKindNames[kind] ?? kind}
                </option>
              ))}
          </select>
        </div>
        <button type="button" className="button" onClick={add}>
          {adminMessages.addField}
        </button>
      </div>
    </>
  );
}
