// The checkout's shipping methods: only those that reach the address (issue 14, shipping zones), as
// radio buttons; none reaching it says so (and the order cannot be placed).
import { graphql, useFragment } from "react-relay";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import type { CheckoutShipping_cart$key } from "../../__generated__/CheckoutShipping_cart.graphql";
import { useCheckoutShippingOptionMutation } from "./CheckoutShippingMutations.ts";

export const checkoutShippingFragment = graphql`
  fragment CheckoutShipping_cart on Cart {
    requiresShipping
    shippingLocation {
      country
      region
      postalCode
    }
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
`;

export function CheckoutShipping(props: { cart: CheckoutShipping_cart$key; addressGiven: boolean }) {
  const cart = useFragment(checkoutShippingFragment, props.cart);
  const [select] = useCheckoutShippingOptionMutation();
  if (!cart.requiresShipping) return null;
  if (cart.shippingOptions.length === 0) {
    return (
      <p className="form-problem no-shipping" role="alert">
        {checkoutMessages.noShippingToAddress}
      </p>
    );
  }
  return (
    <fieldset className="shipping-methods">
      <legend>{checkoutMessages.shippingMethod}</legend>
      {!props.addressGiven ? <p className="field-description">{checkoutMessages.chooseAddressForShipping}</p> : null}
      {cart.shippingOptions.map((option) => (
        <label key={option.id} className="choice shipping-method">
          <input
            type="radio"
            name="shipping-method"
            value={option.id}
            checked={cart.selectedShippingOption?.id === option.id}
            onChange={() => select({ variables: { shippingOptionId: option.id } })}
          />
          <span className="shipping-method-name">{option.name}</span>
          <span className="shipping-method-price">{option.price.formatted}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Whether the cart can ship to its address: it ships nothing, or an option reaches it. */
export function canShip(cart: { requiresShipping: boolean; shippingOptions: readonly unknown[] }): boolean {
  return !cart.requiresShipping || cart.shippingOptions.length > 0;
}
