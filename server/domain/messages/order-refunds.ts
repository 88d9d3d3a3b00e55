// Refunds and disputes of orders (issue 22): the owner's refusals, the shopper's email, the owner's
// dispute email. Every text here is ours (the spec has none for refunds).
import { formatMoney, type Money } from "../money.ts";

export const orderRefundMessages = {
  nothingLeft: "Nothing is left to refund on this order.",
  amountTooLarge: (left: Money) => `You can refund at most ${formatMoney(left)} on this order.`,
  amountInvalid: "Enter an amount greater than zero.",
  lineUnknown: "That line is not on this order.",
  lineQuantityTooLarge: (productName: string, left: number) => `At most ${left} of ${productName} can still be refunded.`,
  quantityInvalid: "Quantities are whole numbers of at least 1.",
  nothingChosen: "Choose lines to refund or enter an amount.",
  changedMeanwhile: "This order was refunded meanwhile: reload it to see what is left.",
  disputeEmailSubject: (orderNumber: number) => `A payment was disputed: order #${orderNumber}`,
  disputeEmailBody: (orderNumber: number, amount: string, reason: string, dashboardUrl: string | null) =>
    `The shopper's bank disputed the payment of order #${orderNumber} (${amount}, reason: ${reason}).` +
    "\n\nRespond in Stripe's dashboard before the deadline Stripe shows" +
    (dashboardUrl ? `: ${dashboardUrl}` : ".") +
    "\nUntil the dispute is settled, the order cannot be refunded.",
};
