// The form builder (/config/forms/new, /config/forms/:id): the fieldsets of platform-support §3 (build,
// storage, advanced, captcha, disclaimer) and every field kind with its editable properties, both
// read from formTemplateSchema. Fields are added, removed and reordered with buttons (keyboard and
// screen-reader usable; focus follows the field, a live region says what happened). Before saving,
// the draft goes through the server's own rule (domain/forms/definition.ts): its problem shows next to
// the control it is about, which gets focus; what the server refuses shows above the form.
import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { graphql, useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import { checkFormSettings } from "../../../server/domain/forms/definition.ts";
import { FIELD_TYPES, isFieldType, type FieldType, type FormKind } from "../../../server/domain/forms/fields.ts";
import type { FormBuilderScreenQuery as Query } from "../../__generated__/FormBuilderScreenQuery.graphql.ts";
import type { FormBuilderScreenListsQuery } from "../../__generated__/FormBuilderScreenListsQuery.graphql.ts";
import { describeFailure, errorMessage } from "../../relay/errors.ts";
import { Link, useRouter, type ScreenProps } from "../../router/Router.tsx";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { useCreateFormMutation, useDeleteFormMutation, useUpdateFormMutation } from "../mutations/FormMutations.ts";
import { draftOf, formInput, linesOf, listOf, moveField, newField, type DraftField, type FieldValues, type FormDraft } from "../state/form-builder.ts";
import { useCan } from "../viewer.ts";
import "../waitlists.css";

export const formBuilderScreenQuery = graphql`
  query FormBuilderScreenQuery($id: ID!, $isNew: Boolean!) {
    formTemplateSchema
    form(id: $id) @skip(if: $isNew) {
      id
      formId
      key
      name
      kind
      fieldDefinitions @required(action: THROW)
      submissionMessage
      disclaimer
      successRedirect
      captchaEnabled
      postSubmitHtml
      mailingList {
        mailingListId
        name
      }
    }
  }
`;

interface FieldKindSchema {
  kind: string;
  properties: string[];
  canBeRequired: boolean;
}

interface TemplateSchema {
  fieldsets: string[];
  formKinds: string[];
  fieldKinds: FieldKindSchema[];
}

/** A problem to show: where (a control's name: key, fields.2...) and what. */
interface Problem {
  at: string;
  message: string;
}

const controlId = (at: string) => `form-${at.replace(/\./g, "-")}`;

export default function FormBuilderScreen({ queryRef, match }: ScreenProps) {
  const data = usePreloadedQuery<Query>(formBuilderScreenQuery, queryRef as PreloadedQuery<Query>);
  const isNew = !match.params.id;
  if (!isNew && !data.form) {
    return (
      <section className="admin-page">
        <p>
          <Link href="/config/forms">{adminMessages.allForms}</Link>
        </p>
        <h1>{adminMessages.formsHeading}</h1>
        <p className="empty-state">{adminMessages.formNotFoundHere}</p>
      </section>
    );
  }
  return <FormBuilder key={data.form?.id ?? "new"} data={data} saved={match.search.get("saved") === "1"} />;
}

function FormBuilder({ data, saved }: { data: Query["response"]; saved: boolean }) {
  const schema = data.formTemplateSchema as unknown as TemplateSchema;
  const form = data.form ?? null;
  const canWrite = useCan("forms.write");
  const canListMailingLists = useCan("mailingLists.read");
  const confirm = useConfirm();
  const { navigate } = useRouter();
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(form ?? undefined));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(saved ? adminMessages.formSaved : null);
  const [announcement, setAnnouncement] = useState("");
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [addKind, setAddKind] = useState<FieldType>("text");
  // Fields whose properties are shown: a long form reads as a list of its fields until one is opened.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const openField = (uid: string, open = true) =>
    setOpened((current) => {
      const next = new Set(current);
      if (open) next.add(uid);
      else next.delete(uid);
      return next;
    });
  const [create, creating] = useCreateFormMutation();
  const [update, updating] = useUpdateFormMutation();
  const [remove, deleting] = useDeleteFormMutation();
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const busy = creating || updating || deleting;

  useEffect(() => {
    if (!focusTarget) return;
    // A property control the kind does not show (the problem is still the field's): its id instead.
    const element = document.getElementById(focusTarget) ?? document.getElementById(focusTarget.replace(/-[^-]+$/, "-id"));
    element?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const kindSchema = (kind: string) => schema.fieldKinds.find((each) => each.kind === kind);
  const set = <K extends keyof FormDraft>(name: K, value: FormDraft[K]) => setDraft((current) => ({ ...current, [name]: value }));
  const setField = (uid: string, values: FieldValues) =>
    setDraft((current) => ({ ...current, fields: current.fields.map((field) => (field.uid === uid ? { ...field, values } : field)) }));
  const fieldName = (field: DraftField) => field.values.title || field.values.id;

  function move(index: number, delta: number) {
    const field = draft.fields[index];
    const fields = moveField(draft.fields, index, delta);
    const position = fields.indexOf(field);
    setDraft({ ...draft, fields });
    setAnnouncement(adminMessages.fieldMoved(fieldName(field), position + 1));
    // Keep focus on the button pressed; at an end of the list, on the one still usable.
    const direction = delta < 0 ? (position === 0 ? "down" : "up") : position === fields.length - 1 ? "up" : "down";
    setFocusTarget(`${field.uid}-${direction}`);
  }

  function removeAt(index: number) {
    const field = draft.fields[index];
    const fields = draft.fields.filter((_, each) => each !== index);
    setDraft({ ...draft, fields });
    setAnnouncement(adminMessages.fieldRemoved(fieldName(field)));
    const next = fields[index] ?? fields[index - 1];
    setFocusTarget(next ? `${next.uid}-heading` : "form-add-kind");
    if (problem?.at.startsWith("fields")) setProblem(null);
  }

  function add() {
    const field = newField(addKind, draft.fields);
    setDraft({ ...draft, fields: [...draft.fields, field] });
    openField(field.uid);
    setAnnouncement(adminMessages.fieldAdded(fieldName(field)));
    setFocusTarget(`${field.uid}-title`);
  }

  function showProblem(next: Problem) {
    setProblem(next);
    // `fields.2` or `fields.2.options`: the field's control for that property, else its id.
    const index = /^fields\.(\d+)(?:\.(\w+))?$/.exec(next.at);
    const field = index ? draft.fields[Number(index[1])] : undefined;
    if (field) openField(field.uid);
    const target = field ? `${field.uid}-${index?.[2] ?? "id"}` : next.at === "fields" ? "form-add-kind" : controlId(next.at);
    setFocusTarget(target);
  }

  function fail(message: string) {
    setServerMessage(message);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  function save() {
    setNotice(null);
    setServerMessage(null);
    setProblem(null);
    const input = formInput(draft);
    const checked = checkFormSettings(input);
    if (!checked.ok) {
      showProblem({ at: checked.at ?? "fields", message: checked.problem });
      return;
    }
    if (!form) {
      create({
        variables: input,
        onCompleted: ({ createForm: result }) => {
          if (result.__typename === "CreateFormSuccess") navigate(`/config/forms/${result.form?.formId}?saved=1`, { replace: true });
          else if (result.__typename === "ConflictError") showProblem({ at: "key", message: errorMessage(result as { message?: string }) });
          else fail(errorMessage(result as { message?: string }));
        },
        onError: (error) => fail(describeFailure(error)),
      });
      return;
    }
    update({
      variables: { id: String(form.formId), ...input },
      onCompleted: ({ updateForm: result }) => {
        if (result.__typename === "UpdateFormSuccess") setNotice(adminMessages.formSaved);
        else if (result.__typename === "ConflictError") showProblem({ at: "key", message: errorMessage(result as { message?: string }) });
        else fail(errorMessage(result as { message?: string }));
      },
      onError: (error) => fail(describeFailure(error)),
    });
  }

  async function deleteForm() {
    if (!form) return;
    const confirmed = await confirm({
      title: adminMessages.deleteFormTitle(form.name),
      body: adminMessages.deleteFormBody,
      confirmLabel: adminMessages.deleteConfirm,
      danger: true,
    });
    if (!confirmed) return;
    remove({
      variables: { id: String(form.formId) },
      onCompleted: ({ deleteForm: result }) => {
        if (result.__typename === "DeleteFormSuccess") navigate("/config/forms");
        else fail(errorMessage(result as { message?: string }));
      },
      onError: (error) => fail(describeFailure(error)),
    });
  }

  const errorFor = (at: string) => (problem && (problem.at === at || (at.startsWith("fields.") && problem.at.startsWith(`${at}.`))) ? problem.message : null);
  /** The property of a field's problem (`fields.2.options` -> options), else its id. */
  const errorPropertyFor = (index: number) => (errorFor(`fields.${index}`) ? (problem!.at.split(".")[2] ?? "id") : null);
  const fieldsets: Record<string, ReactNode> = {
    build: (
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
              {schema.fieldKinds
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
    ),
    storage: (
      <div className="form-grid">
        <p className="field-hint">{adminMessages.storageHint}</p>
        <div className="field">
          <label htmlFor="form-kind">{adminMessages.formSettingLabels.kind}</label>
          <select
            id="form-kind"
            value={draft.kind}
            onChange={(event) => set("kind", event.target.value as FormKind)}
            aria-invalid={errorFor("kind") ? true : undefined}
          >
            {schema.formKinds.map((kind) => (
              <option key={kind} value={kind}>
                {adminMessages.formKindNames[kind] ?? kind}
              </option>
            ))}
          </select>
          {errorFor("kind") ? <p className="field-error">{errorFor("kind")}</p> : null}
        </div>
        {draft.kind === "NEWSLETTER" || draft.mailingListId !== null ? (
          canListMailingLists ? (
            <Suspense fallback={null}>
              <MailingListSelect value={draft.mailingListId} onChange={(value) => set("mailingListId", value)} error={errorFor("mailingListId")} />
            </Suspense>
          ) : (
            <div className="field">
              <span>{adminMessages.formSettingLabels.mailingListId}</span>
              <p>{form?.mailingList?.name ?? adminMessages.chooseList}</p>
              <p className="field-hint">{adminMessages.mailingListsHidden}</p>
              {errorFor("mailingListId") ? (
                <p className="field-error" id={controlId("mailingListId")} tabIndex={-1}>
                  {errorFor("mailingListId")}
                </p>
              ) : null}
            </div>
          )
        ) : null}
      </div>
    ),
    advanced: (
      <div className="form-grid">
        <TextControl
          at="submissionMessage"
          label={adminMessages.formSettingLabels.submissionMessage}
          value={draft.submissionMessage}
          multiline
          onChange={(value) => set("submissionMessage", value)}
          error={errorFor("submissionMessage")}
        />
        <TextControl
          at="successRedirect"
          label={adminMessages.formSettingLabels.successRedirect}
          value={draft.successRedirect}
          onChange={(value) => set("successRedirect", value)}
          error={errorFor("successRedirect")}
          hint={adminMessages.successRedirectHint}
        />
        <TextControl
          at="postSubmitHtml"
          label={adminMessages.formSettingLabels.postSubmitHtml}
          value={draft.postSubmitHtml}
          multiline
          onChange={(value) => set("postSubmitHtml", value)}
          error={errorFor("postSubmitHtml")}
        />
      </div>
    ),
    captcha: (
      <>
        <div className="field checkbox">
          <input
            id="form-captchaEnabled"
            type="checkbox"
            checked={draft.captchaEnabled}
            onChange={(event) => set("captchaEnabled", event.target.checked)}
            aria-describedby="form-captchaEnabled-hint"
          />
          <label htmlFor="form-captchaEnabled">{adminMessages.formSettingLabels.captchaEnabled}</label>
        </div>
        <p className="field-hint" id="form-captchaEnabled-hint">
          {adminMessages.captchaHint}
        </p>
      </>
    ),
    disclaimer: (
      <TextControl
        at="disclaimer"
        label={adminMessages.formSettingLabels.disclaimer}
        value={draft.disclaimer}
        multiline
        onChange={(value) => set("disclaimer", value)}
        error={errorFor("disclaimer")}
        hint={adminMessages.disclaimerHint}
      />
    ),
  };

  return (
    <section className="admin-page">
      <p>
        <Link href="/config/forms">{adminMessages.allForms}</Link>
      </p>
      <h1>{form ? adminMessages.formBuilderHeading(form.name) : adminMessages.formBuilderNewHeading}</h1>
      {!canWrite ? <p className="notice">{adminMessages.readOnly}</p> : null}
      <div role="status" aria-live="polite" className="builder-live-region">
        {announcement}
      </div>
      {notice ? (
        <p className="notice success" role="status">
          {notice}
        </p>
      ) : null}
      {serverMessage || problem ? (
        <p className="notice error" role="alert" tabIndex={-1} ref={summaryRef}>
          {serverMessage ?? adminMessages.formHasErrors}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canWrite && !busy) save();
        }}
      >
        <fieldset disabled={!canWrite} className="builder-all">
          {schema.fieldsets.map((name) => (
            <fieldset key={name} className="builder-fieldset">
              <legend>{adminMessages.fieldsetNames[name] ?? name}</legend>
              {fieldsets[name] ?? null}
            </fieldset>
          ))}
        </fieldset>
        {canWrite ? (
          <div className="builder-actions">
            <button type="submit" className="button primary" disabled={busy} aria-busy={creating || updating}>
              {creating || updating ? adminMessages.savingForm : adminMessages.saveForm}
            </button>
            {form ? (
              <button type="button" className="button danger" onClick={deleteForm} disabled={busy}>
                {adminMessages.deleteForm}
              </button>
            ) : null}
          </div>
        ) : null}
      </form>
    </section>
  );
}

function TextControl({
  at,
  label,
  value,
  onChange,
  error,
  hint,
  multiline,
}: {
  at: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: string;
  multiline?: boolean;
}) {
  const id = controlId(at);
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = { id, value, "aria-invalid": error ? true : undefined, "aria-describedby": described } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
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

function MailingListSelect({ value, onChange, error }: { value: number | null; onChange: (value: number | null) => void; error: string | null }) {
  const { mailingLists } = useLazyLoadQuery<FormBuilderScreenListsQuery>(
    graphql`
      query FormBuilderScreenListsQuery {
        mailingLists {
          mailingListId
          name
        }
      }
    `,
    {},
  );
  const id = controlId("mailingListId");
  return (
    <div className="field">
      <label htmlFor={id}>{adminMessages.formSettingLabels.mailingListId}</label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{adminMessages.chooseList}</option>
        {mailingLists.map((list) => (
          <option key={list.mailingListId} value={list.mailingListId}>
            {list.name}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One field of the form: its kind's editable properties (formTemplateSchema), moves and removal. */
function FieldEditor({
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
