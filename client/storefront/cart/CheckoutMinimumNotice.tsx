// The way to checkout, or, under the store's minimum order subtotal, why not: 'To check out, your
// order subtotal must be {subtotal} or more.' (spec §8 Cart UI). Whether the minimum is met is the
// server's answer (Cart.checkoutMinimumMet, domain/checkout/minimum.ts); the amount is shown as it formatted it.
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { CheckoutMinimumNotice_cart$key } from "../../__generated__/CheckoutMinimumNotice_cart.graphql";

export function CheckoutMinimumNotice(props: { cart: CheckoutMinimumNotice_cart$key }) {
  const cart = useFragment(
    graphql`
      fragment CheckoutMinimumNotice_cart on Cart {
        checkoutMinimumMet
        checkoutMinimum {
          formatted
        }
      }
    `,
    props.cart,
  );
  if (!cart.checkoutMinimumMet) {
    return (
      <p className="cart-minimum" role="status">
        {messages.minimumSubtotal(cart.checkoutMinimum.formatted)}
      </p>
    );
  }
  // A full page load, not the router's: the /checkout document carries the payment provider's
  // Content-Security-Policy (server/pages/content-security-policy.ts), no other page does.
  return (
    <a href="/checkout" className="button checkout-button">
      {messages.goToCheckout}
    </a>
  );
}
