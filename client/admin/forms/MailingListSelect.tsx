// The newsletter's mailing list in the form builder: the site's lists to choose from (mailingLists.read).
import { graphql, useLazyLoadQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { MailingListSelectQuery } from "../../__generated__/MailingListSelectQuery.graphql.ts";
import { controlId } from "./FormBuilderControls.tsx";

export function MailingListSelect({ value, onChange, error }: { value: number | null; onChange: (value: number | null) => void; error: string | null }) {
  const { mailingLists } = useLazyLoadQuery<MailingListSelectQuery>(
    graphql`
      query MailingListSelectQuery {
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
