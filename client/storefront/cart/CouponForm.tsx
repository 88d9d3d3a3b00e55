// The coupon code form and the coupons applied to the cart, each with Remove; a coupon the server
// did not count (validCoupons) is marked '(not applicable)'. A refused code opens the cart's alert.
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { CouponForm_cart$key } from "../../__generated__/CouponForm_cart.graphql";
import { useApplyCouponMutation, useRemoveCouponMutation } from "./CouponMutations.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import type { Problem } from "../../shared/ui/AlertDialog.tsx";

export function CouponForm(props: { cart: CouponForm_cart$key; onProblem(problem: Problem): void }) {
  const cart = useFragment(
    graphql`
      fragment CouponForm_cart on Cart {
        coupons
        validCoupons
      }
    `,
    props.cart,
  );
  const [couponCode, setCouponCode] = useState("");
  const [applyCoupon, applying] = useApplyCouponMutation();
  const [removeCoupon] = useRemoveCouponMutation();
  const { onProblem } = props;
  return (
    <>
      <form
        className="coupon-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!couponCode.trim()) return;
          applyCoupon({
            variables: { code: couponCode },
            onCompleted: ({ applyCoupon: result }) =>
              result.__typename === "ApplyCouponSuccess" ? setCouponCode("") : onProblem({ title: messages.couponAlertTitle, message: errorMessage(result) }),
            onError: (error) => onProblem({ title: messages.couponAlertTitle, message: describeFailure(error) }),
          });
        }}
      >
        <label htmlFor="coupon-code">{messages.couponCode}</label>
        <input id="coupon-code" value={couponCode} onChange={(event) => setCouponCode(event.target.value)} autoComplete="off" />
        <button type="submit" disabled={applying} aria-label={messages.applyCouponLabel}>
          {messages.applyCoupon}
        </button>
      </form>
      {cart.coupons.map((code) => (
        <p key={code} className="applied-coupon">
          {code} {cart.validCoupons.includes(code) ? "" : messages.couponNotApplicable}{" "}
          <button type="button" className="link-button" onClick={() => removeCoupon({ variables: { code } })}>
            {messages.remove}
          </button>
        </p>
      ))}
    </>
  );
}
