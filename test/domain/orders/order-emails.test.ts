// The shopper's emails after checkout (issue 24): shipping per shipment, cancellation, refund; in the
// order's language where there are texts in it, English otherwise.
import { orderCancellationEmail, orderRefundEmail, shippingConfirmationEmail } from "../../../server/domain/orders/order-emails.ts";

const shipping = {
  storeName: "Linen & Co",
  orderNumber: 1001,
  lines: [{ productName: "Linen shirt", quantity: 1, attributes: { Size: "M" } }],
  carrier: "UPS",
  trackingNumber: "1Z1",
  trackingUrl: "https://www.ups.com/track?tracknum=1Z1",
  complete: false,
  link: "https://shop.test/order-confirmed/o1",
};

it("says what shipped, with the carrier, number and tracking link", () => {
  const email = shippingConfirmationEmail(shipping, "en-US");
  expect(email.subject).toBe("Linen & Co: order #1001 is on its way");
  expect(email.textBody).toBe(
    [
      "Good news: part of order #1001 has shipped.",
      "",
      "In this parcel:",
      "- 1 × Linen shirt (M)",
      "",
      "Carrier: UPS",
      "Tracking number: 1Z1",
      "",
      "Track your parcel: https://www.ups.com/track?tracknum=1Z1",
      "",
      "See your order: https://shop.test/order-confirmed/o1",
      "",
    ].join("\n"),
  );
  expect(email.language).toBe("en");
});

it("writes in French for a French order, English for a language without texts", () => {
  expect(shippingConfirmationEmail({ ...shipping, complete: true }, "fr-FR")).toMatchObject({
    subject: "Linen & Co\u00a0: la commande n° 1001 est en route",
    language: "fr-FR",
  });
  expect(shippingConfirmationEmail(shipping, "de").language).toBe("en");
  expect(
    orderRefundEmail({ storeName: "S", orderNumber: 7, amount: { value: 1250, currency: "EUR" }, lines: [], reason: null, full: false }, "fr").textBody,
  ).toContain("12,50");
});

it("words the refund's amount, lines and reason in plain words", () => {
  const email = orderRefundEmail(
    {
      storeName: "Linen & Co",
      orderNumber: 1001,
      amount: { value: 4500, currency: "USD" },
      lines: [{ productName: "Linen shirt", quantity: 1 }],
      reason: "duplicate",
      full: false,
    },
    null,
  );
  expect(email.subject).toBe("Linen & Co: a refund for order #1001");
  expect(email.textBody).toContain("Linen & Co refunded $45.00 for your order #1001.\n\nRefunded items:\n- 1 × Linen shirt\n\nWhy: you were charged twice.");
});

it("tells the shopper of a cancellation, and that a refund email follows when they paid", () => {
  expect(orderCancellationEmail({ storeName: "S", orderNumber: 5, paid: true }, "en").textBody).toBe(
    "S cancelled your order #5. Nothing from it will be sent.\n\nIf you paid for it, you will receive a separate email when the money is refunded.\n",
  );
});
