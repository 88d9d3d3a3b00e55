// The add button (spec §4): the product's own text when idle, 'Adding…' while the request is out,
// 'Added!' 1 s after success for 2 s (state/add-to-cart.ts); disabled and showing the owner's
// sold-out text (else 'sold out') when there is nothing to buy. Inside the additional-fields form the
// same button submits the form.
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { AddToCartButton_product$key } from "../../__generated__/AddToCartButton_product.graphql";
import { addToCartLabel, type AddToCartState } from "./state/add-to-cart.ts";

type Props = { product: AddToCartButton_product$key; state: AddToCartState } & (
  | { type: "button"; soldOut: boolean; onAdd(): void }
  | { type: "submit" } // submits the form around it
);

export function AddToCartButton(props: Props) {
  const product = useFragment(
    graphql`
      fragment AddToCartButton_product on Product {
        addButtonText
        merchandising {
          customSoldOutText
        }
      }
    `,
    props.product,
  );
  const busy = props.state.phase !== "idle";
  const label = addToCartLabel(props.state, product.addButtonText);
  if (props.type === "submit") {
    return (
      <button type="submit" className="add-to-cart" disabled={busy}>
        {label}
      </button>
    );
  }
  if (props.soldOut) {
    return (
      <button type="button" className="add-to-cart sold-out" disabled>
        {product.merchandising?.customSoldOutText || messages.soldOut}
      </button>
    );
  }
  return (
    <button type="button" className="add-to-cart" onClick={props.onAdd} disabled={busy} aria-live="polite">
      {label}
    </button>
  );
}
