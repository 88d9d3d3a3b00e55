// What the checkout says about money (issue 22): with no provider connected, that no payment is
// taken (test mode); with the provider's test keys, that only its test cards work; with live keys,
// nothing.
import { messages } from "../../../server/domain/messages/storefront.ts";
import { paymentStepMessages } from "../../../server/domain/messages/payment-step.ts";
import type { StorePaymentMode } from "../../__generated__/CheckoutScreenQuery.graphql";

export function CheckoutPaymentNotice({ mode }: { mode: StorePaymentMode }) {
  if (mode === "NONE") return <p className="test-mode">{messages.checkoutTestMode}</p>;
  if (mode === "TEST") return <p className="test-mode">{paymentStepMessages.testPaymentsOnly}</p>;
  return null;
}
