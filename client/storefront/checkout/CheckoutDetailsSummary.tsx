// The details given, collapsed above the payment step: the email and where the order ships, with the
// way back to change them (which starts a new checkout attempt: CheckoutScreen takes a new
// idempotency key, and the server supersedes the earlier payment).
import { checkoutMessages } from "../../../server/domain/messages/checkout.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";
import { paymentStepMessages } from "../../../server/domain/messages/payment-step.ts";
import type { AddressValue } from "./AddressForm.tsx";

export function CheckoutDetailsSummary({ email, shipping, onEdit }: { email: string; shipping: AddressValue | null; onEdit(): void }) {
  const address = shipping ? [shipping.fullName, shipping.line1, shipping.line2, shipping.city, shipping.region, shipping.postalCode, shipping.country] : [];
  return (
    <section className="checkout-details-summary" aria-labelledby="checkout-details-title">
      <h2 id="checkout-details-title">{paymentStepMessages.detailsSummaryTitle}</h2>
      <dl>
        <dt>{messages.email}</dt>
        <dd>{email}</dd>
        {shipping ? (
          <>
            <dt>{messages.shippingAddress}</dt>
            <dd>{address.filter(Boolean).join(", ")}</dd>
          </>
        ) : null}
      </dl>
      {shipping ? null : <p className="field-description">{checkoutMessages.noAddressNeeded}</p>}
      <button type="button" className="button secondary edit-details" onClick={onEdit}>
        {paymentStepMessages.editDetails}
      </button>
    </section>
  );
}
