// The cart page (spec §2, §8): entries with quantity, remove and form editing, coupon, shipping, and
// totals that follow every change (this tab's mutations and, through cartUpdated, other tabs'). Each
// part owns its fragment; the page holds the alert they share.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { CartPage_cart$key } from "../../__generated__/CartPage_cart.graphql";
import { AlertDialog, type Problem } from "../../shared/ui/AlertDialog.tsx";
import { CartEntryRow } from "./CartEntryRow.tsx";
import { CartTotals } from "../../shared/ui/CartTotals.tsx";
import { CheckoutMinimumNotice } from "./CheckoutMinimumNotice.tsx";
import { CouponForm } from "./CouponForm.tsx";
import { EmptyCart } from "../../shared/ui/EmptyCart.tsx";
import { GiftCardForm } from "./GiftCardForm.tsx";
import { ShippingSelect } from "./ShippingSelect.tsx";

export function CartPage({ cart: cartKey }: { cart: CartPage_cart$key }) {
  const cart = useFragment(
    graphql`
      fragment CartPage_cart on Cart {
        id
        entries {
          id
          ...CartEntryRow_entry
        }
        ...CouponForm_cart
        ...GiftCardForm_cart
        ...ShippingSelect_cart
        ...CartTotals_cart
        ...CheckoutMinimumNotice_cart
      }
    `,
    cartKey,
  );
  const [problem, setProblem] = useState<Problem | null>(null);

  if (cart.entries.length === 0) {
    return <EmptyCart title={messages.cartPageTitle} />;
  }

  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title">{messages.cartPageTitle}</h1>
      {problem ? <AlertDialog idPrefix="cart" problem={problem} onClose={() => setProblem(null)} /> : null}
      <ul className="cart-entries">
        {cart.entries.map((entry) => (
          <CartEntryRow key={entry.id} entry={entry} onProblem={setProblem} />
        ))}
      </ul>
      <div className="cart-side">
        <CouponForm cart={cart} onProblem={setProblem} />
        <GiftCardForm cart={cart} />
        <ShippingSelect cart={cart} />
        <CartTotals cart={cart} />
        <CheckoutMinimumNotice cart={cart} />
      </div>
    </section>
  );
}
