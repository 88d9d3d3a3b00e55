// One field in the form builder: its kind's editable properties (formTemplateSchema), moves and removal.
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { ReactNode } from "react";
import { linesOf, listOf, type DraftField, type FieldValues } from "./state/form-builder.ts";
import type { FieldKindSchema } from "./FormBuilderControls.tsx";

/** One field of the form: its kind's editable properties (formTemplateSchema), moves and removal. */
export function FieldEditor({
  field,
  position,
  count,
  kind,
  error,
  errorProperty,
  open,
  onToggle,
  onChange,
  onMove,
  onRemove,
}: {
  field: DraftField;
  position: number;
  count: number;
  kind: FieldKindSchema | undefined;
  error: string | null;
  errorProperty: string | null;
  open: boolean;
  onToggle: () => void;
  onChange: (values: FieldValues) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const { uid, values } = field;
  const kindName = adminMessages.fieldKindNames[values.type] ?? values.type;
  const name = values.title || values.id;
  const properties = kind?.properties ?? ["id", "title"];
  const labels = adminMessages.fieldPropertyLabels;
  const put = (property: string, value: unknown) => onChange({ ...values, [property]: value });
  const errorId = `${uid}-error`;
  /** The error's description and invalid state go on the control it is about. */
  const invalid = (property: string) => (error && property === errorProperty ? { "aria-invalid": true as const, "aria-describedby": errorId } : {});

  function control(property: string): ReactNode {
    const id = `${uid}-${property}`;
    const label = labels[property] ?? property;
    switch (property) {
      case "required":
      case "showCountryCode":
      case "underline":
        if (property === "required" && kind && !kind.canBeRequired) return null;
        return (
          <div className="field checkbox" key={property}>
            <input
              id={id}
              type="checkbox"
              checked={values[property] === true}
              onChange={(event) => put(property, event.target.checked)}
              {...invalid(property)}
            />
            <label htmlFor={id}>{label}</label>
          </div>
        );
      case "description":
        return (
          <div className="field" key={property}>
            <label htmlFor={id}>{label}</label>
            <textarea
              id={id}
              rows={2}
              value={typeof values.description === "string" ? values.description : ""}
              onChange={(event) => put(property, event.target.value)}
              {...invalid(property)}
            />
          </div>
        );
      case "options":
      case "questions":
        return (
          <div className="field" key={property}>
            <label htmlFor={id}>{label}</label>
            <textarea
              id={id}
              rows={3}
              value={linesOf(values[property])}
              onChange={(event) => put(property, listOf(event.target.value))}
              {...invalid(property)}
            />
          </div>
        );
      case "maxLength":
        return (
          <div className="field" key={property}>
            <label htmlFor={id}>{label}</label>
            <input
              id={id}
              type="number"
              min={1}
              inputMode="numeric"
              value={typeof values.maxLength === "number" ? values.maxLength : ""}
              onChange={(event) => put(property, event.target.value === "" ? undefined : Number(event.target.value))}
              {...invalid(property)}
            />
          </div>
        );
      default:
        return (
          <div className="field" key={property}>
            <label htmlFor={id}>{label}</label>
            <input
              id={id}
              type="text"
              value={typeof values[property] === "string" ? (values[property] as string) : ""}
              onChange={(event) => put(property, event.target.value)}
              {...invalid(property)}
            />
          </div>
        );
    }
  }

  return (
    <li className="builder-field" aria-invalid={error ? true : undefined}>
      <div className="builder-field-head">
        <h3 id={`${uid}-heading`} tabIndex={-1}>
          {adminMessages.fieldHeading(position, kindName, values.title)}
        </h3>
        <div className="row-actions">
          <button
            type="button"
            className="button"
            id={`${uid}-toggle`}
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={open ? `${uid}-properties` : undefined}
            aria-label={open ? adminMessages.closeFieldNamed(name) : adminMessages.editFieldNamed(name)}
          >
            {open ? adminMessages.closeField : adminMessages.edit}
          </button>
          <button
            type="button"
            className="button"
            id={`${uid}-up`}
            onClick={() => onMove(-1)}
            disabled={position === 1}
            aria-label={adminMessages.moveFieldUp(name)}
          >
            {adminMessages.moveUp}
          </button>
          <button
            type="button"
            className="button"
            id={`${uid}-down`}
            onClick={() => onMove(1)}
            disabled={position === count}
            aria-label={adminMessages.moveFieldDown(name)}
          >
            {adminMessages.moveDown}
          </button>
          <button type="button" className="button danger" onClick={onRemove} aria-label={adminMessages.removeFieldNamed(name)}>
            {adminMessages.removeField}
          </button>
        </div>
      </div>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {open ? (
        <div className="form-grid" id={`${uid}-properties`}>
          {properties.map(control)}
        </div>
      ) : null}
    </li>
  );
}
