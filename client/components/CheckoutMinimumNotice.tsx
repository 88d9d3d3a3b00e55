// The way to checkout, or, under the store's minimum order subtotal, why not: 'To check out, your
// order subtotal must be {subtotal} or more.' (spec §8 Cart UI). The rule is the checkout service's
// (domain/checkout.ts); the amount is shown as the server formatted it.
import { graphql, useFragment } from "react-relay";
import { meetsCheckoutMinimum } from "../../server/domain/checkout.ts";
import { messages } from "../../server/domain/messages.ts";
import type { CheckoutMinimumNotice_cart$key } from "../__generated__/CheckoutMinimumNotice_cart.graphql";
import { Link } from "../router/Router.tsx";

export function CheckoutMinimumNotice(props: { cart: CheckoutMinimumNotice_cart$key }) {
  const cart = useFragment(
    graphql`
      fragment CheckoutMinimumNotice_cart on Cart {
        subtotal {
          value
        }
        checkoutMinimum {
          value
          formatted
        }
      }
    `,
    props.cart,
  );
  // TODO(issue 8): read Cart.checkoutMinimumMet once the schema has it, instead of comparing here.
  if (!meetsCheckoutMinimum(cart.subtotal.value, cart.checkoutMinimum.value)) {
    return (
      <p className="cart-minimum" role="status">
        {messages.minimumSubtotal(cart.checkoutMinimum.formatted)}
      </p>
    );
  }
  return (
    <Link href="/checkout" className="button checkout-button">
      {messages.goToCheckout}
    </Link>
  );
}
