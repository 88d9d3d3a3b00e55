// The pill cart: hidden at quantity 0, '100+' above 100, links to /cart (spec §4, §9).
import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { CartSummary_cart$key } from "../../__generated__/CartSummary_cart.graphql";
import { Link } from "../../shared/router/Router.tsx";

/**
 * The cart indicator around the pill (platform-support §4): `data-cart-state="uninitialized"` until the
 * cart's first sync, then "initialized"; `data-cart-empty` while the cart holds no items.
 */
export function CartIndicator({ quantity, children }: { quantity?: number | null; children?: ReactNode }) {
  const initialized = quantity !== undefined;
  return (
    <span
      className="cart-indicator"
      data-cart-state={initialized ? "initialized" : "uninitialized"}
      data-cart-empty={initialized && !quantity ? "" : undefined}
    >
      {children}
    </span>
  );
}

export const pillQuantityText = (quantity: number) => (quantity > 100 ? messages.cartCountAboveCap : String(quantity));

export function CartSummary({ cart }: { cart: CartSummary_cart$key | null | undefined }) {
  const data = useFragment(
    graphql`
      fragment CartSummary_cart on Cart {
        totalQuantity
        subtotal {
          formatted
        }
      }
    `,
    cart,
  );
  if (!data || data.totalQuantity <= 0) return null;
  return (
    <Link href="/cart" className="pill-cart" aria-label={messages.cartSummary(data.totalQuantity, data.subtotal.formatted)}>
      <svg
        aria-hidden="true"
        className="pill-cart-icon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
        <circle cx="9" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      <span className="pill-cart-quantity">{pillQuantityText(data.totalQuantity)}</span>
    </Link>
  );
}
