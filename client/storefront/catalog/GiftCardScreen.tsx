// The gift card page (spec §4: gift cards go to the gift card page; issue 12): the value, who receives
// the code by email, and a message of up to 80 characters; buying adds the card to the cart and goes
// there. Errors are shown next to their field, and the first field in error takes the focus.
import { useEffect, useId, useRef, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import { GIFT_CARD_MESSAGE_MAX } from "../../../server/domain/cart/gift-card-payment.ts";
import { isValidEmail } from "../../../server/domain/forms/validate.ts";
import type { GiftCardScreenQuery } from "../../__generated__/GiftCardScreenQuery.graphql";
import { AlertDialog, type Problem } from "../../shared/ui/AlertDialog.tsx";
import { GiftCardDenominationPicker } from "./GiftCardDenominationPicker.tsx";
import { addCartEntryUpdater, useAddCartEntryMutation } from "./AddCartEntryMutation.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useRouter, type ScreenProps } from "../../shared/router/Router.tsx";
import { NotFound } from "../../shared/ui/NotFoundScreen.tsx";

export const giftCardScreenQuery = graphql`
  query GiftCardScreenQuery($slug: String!) {
    product(slug: $slug) {
      itemId
      name
      productType
      ...GiftCardDenominationPicker_product
    }
  }
`;

export default function GiftCardScreen({ queryRef, match }: ScreenProps<GiftCardScreenQuery>) {
  const data = usePreloadedQuery<GiftCardScreenQuery>(giftCardScreenQuery, queryRef);
  const { navigate } = useRouter();
  const [sku, setSku] = useState(match.search.get("sku") ?? "");
  const [recipientEmail, setRecipientEmail] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<{ sku?: string; recipientEmail?: string; message?: string }>({});
  const [alert, setAlert] = useState<Problem | null>(null);
  const [add, adding] = useAddCartEntryMutation();
  const ids = { email: useId(), message: useId(), counter: useId() };
  const emailInput = useRef<HTMLInputElement>(null);
  const messageInput = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    document.title = messages.giftCardPageTitle;
  }, []);
  if (!data.product || data.product.productType !== "GIFT_CARD") return <NotFound />;
  const product = data.product;

  function buy() {
    const found = {
      sku: sku ? undefined : messages.selectDenomination,
      recipientEmail: isValidEmail(recipientEmail.trim()) ? undefined : checkoutMessages.giftCardRecipientInvalid,
      message: message.trim().length > GIFT_CARD_MESSAGE_MAX ? checkoutMessages.giftCardMessageTooLong : undefined,
    };
    setErrors(found);
    if (found.recipientEmail) return emailInput.current?.focus();
    if (found.message) return messageInput.current?.focus();
    if (found.sku) return;
    add({
      variables: {
        input: { itemId: String(product.itemId), sku, quantity: 1, giftDelivery: { recipientEmail: recipientEmail.trim(), message: message.trim() || null } },
        idempotencyKey: crypto.randomUUID(),
      },
      updater: addCartEntryUpdater,
      onCompleted: ({ addCartEntry: result }) => {
        if (result.__typename === "AddCartEntrySuccess") navigate("/cart");
        else setAlert({ title: messages.alertUnableToPurchaseGiftCard, message: errorMessage(result) });
      },
      onError: (error) => setAlert({ title: messages.alertUnableToPurchaseGiftCard, message: describeFailure(error) }),
    });
  }

  return (
    <article className="gift-card-page">
      <h1>{messages.giftCardPageTitle}</h1>
      <p className="product-name">{product.name}</p>
      <form
        className="gift-card-purchase"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          buy();
        }}
      >
        <GiftCardDenominationPicker product={product} sku={sku} onChange={setSku} />
        {errors.sku ? (
          <p className="field-error" role="alert">
            {errors.sku}
          </p>
        ) : null}
        <label htmlFor={ids.email}>{checkoutMessages.giftCardRecipientEmail}</label>
        <input
          id={ids.email}
          ref={emailInput}
          type="email"
          autoComplete="off"
          value={recipientEmail}
          onChange={(event) => setRecipientEmail(event.target.value)}
          aria-invalid={errors.recipientEmail ? true : undefined}
          aria-describedby={errors.recipientEmail ? `${ids.email}-error` : undefined}
        />
        {errors.recipientEmail ? (
          <p id={`${ids.email}-error`} className="field-error">
            {errors.recipientEmail}
          </p>
        ) : null}
        <label htmlFor={ids.message}>{checkoutMessages.giftCardMessage}</label>
        <textarea
          id={ids.message}
          ref={messageInput}
          rows={3}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={[ids.counter, errors.message ? `${ids.message}-error` : ""].join(" ").trim()}
        />
        <p id={ids.counter} className="field-hint">
          {`${message.trim().length}/${GIFT_CARD_MESSAGE_MAX}`}
        </p>
        {errors.message ? (
          <p id={`${ids.message}-error`} className="field-error">
            {errors.message}
          </p>
        ) : null}
        <button type="submit" disabled={adding}>
          {checkoutMessages.giftCardBuy}
        </button>
      </form>
      {alert ? <AlertDialog idPrefix="gift-card" problem={alert} onClose={() => setAlert(null)} /> : null}
    </article>
  );
}
