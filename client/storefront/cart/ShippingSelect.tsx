// The shipping option of a cart that needs shipping; choosing one reprices the cart on the server.
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { ShippingSelect_cart$key } from "../../__generated__/ShippingSelect_cart.graphql";
import { useSelectShippingOptionMutation } from "./ShippingMutations.ts";

export function ShippingSelect(props: { cart: ShippingSelect_cart$key }) {
  const cart = useFragment(
    graphql`
      fragment ShippingSelect_cart on Cart {
        requiresShipping
        shippingOptions {
          id
          name
          price {
            formatted
          }
        }
        selectedShippingOption {
          id
        }
      }
    `,
    props.cart,
  );
  const [selectShipping] = useSelectShippingOptionMutation();
  if (!cart.requiresShipping || cart.shippingOptions.length === 0) return null;
  return (
    <label className="shipping-select">
      <span>{messages.shipping}</span>
      <select value={cart.selectedShippingOption?.id ?? ""} onChange={(event) => selectShipping({ variables: { shippingOptionId: event.target.value } })}>
        {cart.shippingOptions.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name} ({option.price.formatted})
          </option>
        ))}
      </select>
    </label>
  );
}
