// The product's additional-fields form in a lightbox (spec §5 Forms): the answers are checked with the
// form rules the server re-checks with; only valid answers reach `onSubmit`. The submit button is
// the caller's (the add button, with its states).
import { useState, type ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import type { FieldAnswer, FormAnswers } from "../../../server/domain/forms/fields.ts";
import { validateForm } from "../../../server/domain/forms/validate.ts";
import { formMessages } from "../../../server/domain/messages/forms.ts";
import type { AdditionalFieldsForm_product$key } from "../../__generated__/AdditionalFieldsForm_product.graphql";
import { asDomainFields, FormFields, readFieldDefinitions } from "../../shared/ui/FormFields.tsx";
import { Lightbox } from "../../shared/ui/Lightbox.tsx";

export function AdditionalFieldsForm(props: {
  product: AdditionalFieldsForm_product$key;
  open: boolean;
  onClose(): void;
  onSubmit(answers: FormAnswers): void;
  submitButton: ReactNode;
}) {
  const product = useFragment(
    graphql`
      fragment AdditionalFieldsForm_product on Product {
        additionalFieldsForm {
          name
          fields {
            ...FormFields_field
          }
        }
      }
    `,
    props.product,
  );
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const form = product.additionalFieldsForm;
  if (!form) return null;
  const formFields = readFieldDefinitions(form.fields);

  function submit() {
    const validation = validateForm(asDomainFields(formFields), answers);
    if (!validation.ok) {
      setAnswerErrors(Object.fromEntries(validation.fieldErrors.map(({ fieldId, message }) => [fieldId, message])));
      return;
    }
    setAnswerErrors({});
    props.onSubmit(answers);
  }

  return (
    <Lightbox open={props.open} title={form.name} onClose={props.onClose}>
      <form
        className="additional-fields-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2>{form.name}</h2>
        {Object.keys(answerErrors).length ? (
          <p className="form-problem" role="alert">
            {formMessages.formInvalid}
          </p>
        ) : null}
        <FormFields
          fields={formFields}
          values={answers}
          errors={answerErrors}
          onChange={(fieldId: string, value: FieldAnswer) => setAnswers({ ...answers, [fieldId]: value })}
        />
        {props.submitButton}
      </form>
    </Lightbox>
  );
}
