// The form builder (/config/forms/new, /config/forms/:id): the fieldsets of platform-support §3 (build,
// storage, advanced, captcha, disclaimer) and every field kind with its editable properties, both
// read from formTemplateSchema. Fields are added, removed and reordered with buttons (keyboard and
// screen-reader usable; focus follows the field, a live region says what happened). Before saving,
// the draft goes through the server's own rule (domain/forms/definition.ts): its problem shows next to
// the control it is about, which gets focus; what the server refuses shows above the form.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { checkFormSettings } from "../../../server/domain/forms/definition.ts";
import type { FieldType } from "../../../server/domain/forms/fields.ts";
import type { FormBuilderScreenQuery as Query } from "../../__generated__/FormBuilderScreenQuery.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { Link, useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { controlId, type Problem, type TemplateSchema } from "./FormBuilderControls.tsx";
import { FormFieldList } from "./FormFieldList.tsx";
import { useCreateFormMutation, useDeleteFormMutation, useUpdateFormMutation } from "./FormMutations.ts";
import { AdvancedSettings, CaptchaSettings, DisclaimerSettings, StorageSettings } from "./FormSettingsFieldsets.tsx";
import { draftOf, formInput, moveField, newField, type DraftField, type FieldValues, type FormDraft } from "./state/form-builder.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import "../../shared/ui/admin-lists.css";

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

export default function FormBuilderScreen({ queryRef, match }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(formBuilderScreenQuery, queryRef);
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
  const settings = { draft, set, errorFor };
  const fieldsets: Record<string, ReactNode> = {
    build: (
      <FormFieldList
        {...settings}
        fieldKinds={schema.fieldKinds}
        errorPropertyFor={errorPropertyFor}
        opened={opened}
        openField={openField}
        setField={setField}
        move={move}
        removeAt={removeAt}
        addKind={addKind}
        setAddKind={setAddKind}
        add={add}
      />
    ),
    storage: (
      <StorageSettings {...settings} formKinds={schema.formKinds} canListMailingLists={canListMailingLists} currentListName={form?.mailingList?.name ?? null} />
    ),
    advanced: <AdvancedSettings {...settings} />,
    captcha: <CaptchaSettings {...settings} />,
    disclaimer: <DisclaimerSettings {...settings} />,
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
