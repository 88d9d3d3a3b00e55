// The cart's totals as the server priced them (domain/cart/cart-totals.ts): subtotal, then the
// discount, shipping and tax lines when they apply, then the total. Announced when they change.
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import type { CartTotals_cart$key } from "../../__generated__/CartTotals_cart.graphql";

export function CartTotals(props: { cart: CartTotals_cart$key }) {
  const cart = useFragment(
    graphql`
      fragment CartTotals_cart on Cart {
        requiresShipping
        subtotal {
          formatted
        }
        discount {
          value
          formatted
        }
        tax {
          value
          formatted
        }
        shippingCost {
          formatted
        }
        giftCardTotal {
          value
          formatted
        }
        grandTotal {
          formatted
        }
      }
    `,
    props.cart,
  );
  return (
    <dl className="cart-totals" aria-live="polite">
      <dt>{messages.subtotal}</dt>
      <dd className="cart-subtotal">{cart.subtotal.formatted}</dd>
      {cart.discount.value > 0 ? (
        <>
          <dt>{messages.discount}</dt>
          <dd>-{cart.discount.formatted}</dd>
        </>
      ) : null}
      {cart.requiresShipping ? (
        <>
          <dt>{messages.shipping}</dt>
          <dd>{cart.shippingCost.formatted}</dd>
        </>
      ) : null}
      {cart.tax.value > 0 ? (
        <>
          <dt>{messages.tax}</dt>
          <dd>{cart.tax.formatted}</dd>
        </>
      ) : null}
      {cart.giftCardTotal.value > 0 ? (
        <>
          <dt>{checkoutMessages.giftCardsApplied}</dt>
          <dd className="cart-gift-cards">-{cart.giftCardTotal.formatted}</dd>
        </>
      ) : null}
      <dt>{messages.total}</dt>
      <dd className="cart-grand-total">{cart.grandTotal.formatted}</dd>
    </dl>
  );
}
