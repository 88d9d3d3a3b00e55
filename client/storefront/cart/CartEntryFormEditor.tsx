// Editing a cart entry's additional-fields answers in a lightbox: checked with the form rules, then
// saved; a refused save opens the cart's alert under 'Unable to update form'.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { FieldAnswer, FormAnswers } from "../../../server/domain/forms/fields.ts";
import { validateForm } from "../../../server/domain/forms/validate.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { CartEntryFormEditor_entry$key } from "../../__generated__/CartEntryFormEditor_entry.graphql";
import { useUpdateCartEntryAdditionalFieldsMutation } from "./UpdateCartEntryAdditionalFieldsMutation.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { startCartRecalculation } from "./state/cart-recalculation.ts";
import type { Problem } from "../../shared/ui/AlertDialog.tsx";
import { asDomainFields, FormFields, readFieldDefinitions } from "../../shared/ui/FormFields.tsx";
import { Lightbox } from "../../shared/ui/Lightbox.tsx";

export function CartEntryFormEditor(props: { entry: CartEntryFormEditor_entry$key; open: boolean; onClose(): void; onProblem(problem: Problem): void }) {
  const entry = useFragment(
    graphql`
      fragment CartEntryFormEditor_entry on CartEntry {
        id
        additionalFields
        product {
          additionalFieldsForm {
            name
            fields {
              ...FormFields_field
            }
          }
        }
      }
    `,
    props.entry,
  );
  const [updateFields] = useUpdateCartEntryAdditionalFieldsMutation();
  const [answers, setAnswers] = useState<FormAnswers>((entry.additionalFields as FormAnswers | null) ?? {});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const form = entry.product?.additionalFieldsForm;
  if (!form) return null;
  const formFields = readFieldDefinitions(form.fields);
  const refuse = (message: string) => props.onProblem({ title: messages.unableToUpdateForm, message });

  const saveForm = () => {
    const validation = validateForm(asDomainFields(formFields), answers);
    if (!validation.ok) {
      setAnswerErrors(Object.fromEntries(validation.fieldErrors.map(({ fieldId, message }) => [fieldId, message])));
      return;
    }
    const endRecalculation = startCartRecalculation(entry.id);
    updateFields({
      variables: { entryId: entry.id, additionalFields: answers },
      onCompleted: ({ updateCartEntryAdditionalFields: result }) => {
        endRecalculation();
        if (result.__typename === "UpdateCartEntryAdditionalFieldsSuccess") {
          props.onClose();
          setAnswerErrors({});
        } else refuse(errorMessage(result));
      },
      onError: (error) => {
        endRecalculation();
        refuse(describeFailure(error));
      },
    });
  };

  return (
    <Lightbox open={props.open} title={form.name} onClose={props.onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          saveForm();
        }}
      >
        <h2>{form.name}</h2>
        <FormFields
          fields={formFields}
          values={answers}
          errors={answerErrors}
          onChange={(fieldId: string, value: FieldAnswer) => setAnswers({ ...answers, [fieldId]: value })}
        />
        <button type="submit">{messages.save}</button>
      </form>
    </Lightbox>
  );
}
