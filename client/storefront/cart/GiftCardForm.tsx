// The gift card code field of the cart (issue 12) and the cards applied, each with what it pays of
// this cart and a Remove button. A refused code is told next to the field, which keeps the focus.
import { useId, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import type { GiftCardForm_cart$key } from "../../__generated__/GiftCardForm_cart.graphql";
import { useApplyGiftCardMutation, useRemoveGiftCardMutation } from "./GiftCardMutations.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";

export function GiftCardForm(props: { cart: GiftCardForm_cart$key }) {
  const cart = useFragment(
    graphql`
      fragment GiftCardForm_cart on Cart {
        giftCards {
          code
          amount {
            formatted
          }
        }
      }
    `,
    props.cart,
  );
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [apply, applying] = useApplyGiftCardMutation();
  const [remove] = useRemoveGiftCardMutation();
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  return (
    <section className="gift-card-form" aria-label={checkoutMessages.giftCardsApplied}>
      <form
        className="coupon-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!code.trim()) return;
          apply({
            variables: { code },
            onCompleted: ({ applyGiftCard: result }) => {
              if (result.__typename === "ApplyGiftCardSuccess") {
                setCode("");
                setProblem(null);
              } else {
                setProblem(errorMessage(result));
                input.current?.focus();
              }
            },
            onError: (error) => setProblem(describeFailure(error)),
          });
        }}
      >
        <label htmlFor={fieldId}>{checkoutMessages.giftCardCode}</label>
        <input
          id={fieldId}
          ref={input}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        <button type="submit" disabled={applying} aria-label={checkoutMessages.giftCardApplyLabel}>
          {checkoutMessages.giftCardApply}
        </button>
      </form>
      {problem ? (
        <p id={errorId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {cart.giftCards.length > 0 ? (
        <ul className="applied-gift-cards">
          {cart.giftCards.map((card) => (
            <li key={card.code}>
              <span className="gift-card-code">{card.code}</span> <span>-{card.amount.formatted}</span>{" "}
              <button
                type="button"
                className="link-button"
                aria-label={checkoutMessages.giftCardRemove(card.code)}
                onClick={() => remove({ variables: { code: card.code } })}
              >
                {messages.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
