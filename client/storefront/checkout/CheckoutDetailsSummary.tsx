// The details given, collapsed above the payment step: the email and where the order ships, with the
// way back to change them (which starts a new checkout attempt: CheckoutScreen takes a new
// idempotency key, and the server supersedes the earlier payment).
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { paymentStepMessages } from "../../../server/domain/messages/payment-step.ts";

/** `shippingLines`: the address as written on a parcel (formatAddressLines); null when nothing ships. */
export function CheckoutDetailsSummary({ email, shippingLines, onEdit }: { email: string; shippingLines: readonly string[] | null; onEdit(): void }) {
  return (
    <section className="checkout-details-summary" aria-labelledby="checkout-details-title">
      <h2 id="checkout-details-title">{paymentStepMessages.detailsSummaryTitle}</h2>
      <dl>
        <dt>{messages.email}</dt>
        <dd>{email}</dd>
        {shippingLines ? (
          <>
            <dt>{messages.shippingAddress}</dt>
            <dd>{shippingLines.join(", ")}</dd>
          </>
        ) : null}
      </dl>
      {shippingLines ? null : <p className="field-description">{checkoutMessages.noAddressNeeded}</p>}
      <button type="button" className="link-button edit-details" onClick={onEdit}>
        {paymentStepMessages.editDetails}
      </button>
    </section>
  );
}
