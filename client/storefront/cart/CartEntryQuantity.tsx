// A cart entry's quantity, sent when the field loses focus or on Enter. The typed text is checked with
// the quantity rules first; a refused change is explained under 'Unable to update quantity' and the
// field goes back to the cart's quantity.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { MAX_QUANTITY, MIN_QUANTITY, parseQuantity } from "../../../server/domain/cart/quantity.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { CartEntryQuantity_entry$key } from "../../__generated__/CartEntryQuantity_entry.graphql";
import { useUpdateCartEntryQuantityMutation } from "./UpdateCartEntryQuantityMutation.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import type { Problem } from "../../shared/ui/AlertDialog.tsx";

export function CartEntryQuantity(props: { entry: CartEntryQuantity_entry$key; onProblem(problem: Problem): void }) {
  const entry = useFragment(
    graphql`
      fragment CartEntryQuantity_entry on CartEntry {
        id
        quantity
      }
    `,
    props.entry,
  );
  const [quantityText, setQuantityText] = useState(String(entry.quantity));
  const [updateQuantity] = useUpdateCartEntryQuantityMutation();

  const refuse = (message: string) => {
    props.onProblem({ title: messages.unableToUpdateQuantity, message });
    setQuantityText(String(entry.quantity));
  };

  const commitQuantity = () => {
    if (quantityText === String(entry.quantity)) return;
    const parsed = parseQuantity(quantityText);
    if (!parsed.ok) return refuse(parsed.message);
    updateQuantity({
      variables: { entryId: entry.id, quantity: parsed.quantity },
      onCompleted: ({ updateCartEntryQuantity: result }) => {
        if (result.__typename !== "UpdateCartEntryQuantitySuccess") refuse(errorMessage(result));
      },
      onError: (error) => refuse(describeFailure(error)),
    });
  };

  return (
    <label className="cart-entry-quantity">
      <span className="visually-hidden">{messages.quantity}</span>
      <input
        type="number"
        min={MIN_QUANTITY}
        max={MAX_QUANTITY}
        step={1}
        value={quantityText}
        onChange={(event) => setQuantityText(event.target.value)}
        onBlur={commitQuantity}
        onKeyDown={(event) => event.key === "Enter" && commitQuantity()}
      />
    </label>
  );
}
