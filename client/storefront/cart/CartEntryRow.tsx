// One line of the cart: image, title (linking to the product), the variant's options and the form's
// answers, the quantity, the line's subtotal and Remove; editing the answers opens a lightbox.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { CartEntryRow_entry$key } from "../../__generated__/CartEntryRow_entry.graphql";
import { useRemoveCartEntryMutation } from "./RemoveCartEntryMutation.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { Link } from "../../shared/router/Router.tsx";
import type { Problem } from "../../shared/ui/AlertDialog.tsx";
import { CartEntryFormEditor } from "./CartEntryFormEditor.tsx";
import { CartEntryQuantity } from "./CartEntryQuantity.tsx";

export function CartEntryRow(props: { entry: CartEntryRow_entry$key; onProblem(problem: Problem): void }) {
  const entry = useFragment(
    graphql`
      fragment CartEntryRow_entry on CartEntry {
        id
        title
        additionalFields
        subtotal {
          formatted
        }
        chosenVariant {
          attributes {
            name
            value
          }
        }
        product {
          url
          imageUrl
          additionalFieldsForm {
            name
          }
        }
        ...CartEntryQuantity_entry
        ...CartEntryFormEditor_entry
      }
    `,
    props.entry,
  );
  const { onProblem } = props;
  const [remove, removing] = useRemoveCartEntryMutation();
  const [editing, setEditing] = useState(false);
  const form = entry.product?.additionalFieldsForm;
  const refuseRemoval = (message: string) => onProblem({ title: messages.unableToRemoveItem, message });

  const options = entry.chosenVariant?.attributes.map((attribute) => attribute.value).join(" / ");
  return (
    <li className="cart-entry">
      {entry.product?.imageUrl ? <img src={entry.product.imageUrl} alt="" width={96} height={96} /> : null}
      <div className="cart-entry-info">
        {entry.product ? <Link href={entry.product.url}>{entry.title}</Link> : <span>{entry.title}</span>}
        {options ? <span className="cart-entry-options">{options}</span> : null}
        {entry.additionalFields ? (
          <span className="cart-entry-answers">
            {Object.entries(entry.additionalFields as Record<string, string>)
              .map(([, value]) => value || messages.notAnswered)
              .join(", ")}
          </span>
        ) : null}
        {form ? (
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            {messages.editForm(form.name)}
          </button>
        ) : null}
      </div>
      <CartEntryQuantity entry={entry} onProblem={onProblem} />
      <span className="cart-entry-subtotal">{entry.subtotal.formatted}</span>
      <button
        type="button"
        className="link-button cart-entry-remove"
        disabled={removing}
        aria-label={messages.removeEntry(entry.title)}
        onClick={() =>
          remove({
            variables: { entryId: entry.id },
            onCompleted: ({ removeCartEntry: result }) => {
              if (result.__typename !== "RemoveCartEntrySuccess") refuseRemoval(errorMessage(result));
            },
            onError: (error) => refuseRemoval(describeFailure(error)),
          })
        }
      >
        {messages.remove}
      </button>
      <CartEntryFormEditor entry={entry} open={editing} onClose={() => setEditing(false)} onProblem={onProblem} />
    </li>
  );
}
