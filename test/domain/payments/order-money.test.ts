import { orderMoneyOf, stripeDashboardPaymentUrl } from "../../../server/domain/payments/order-money.ts";

it("keeps what was captured less the refunds and Stripe's fee", () => {
  expect(orderMoneyOf({ captured: 5000, refunded: 1200, fee: 175, currency: "usd" })).toEqual({
    captured: 5000,
    refunded: 1200,
    fee: 175,
    net: 3625,
    currency: "USD",
  });
});

it("without a reported fee, the net is what was not refunded", () => {
  expect(orderMoneyOf({ captured: 900, refunded: 0, fee: null, currency: "jpy" })).toMatchObject({ fee: null, net: 900, currency: "JPY" });
});

it("links test payments under /test and live ones without it", () => {
  expect(stripeDashboardPaymentUrl("test", "pi_123")).toBe("https://dashboard.stripe.com/test/payments/pi_123");
  expect(stripeDashboardPaymentUrl("live", "pi_123")).toBe("https://dashboard.stripe.com/payments/pi_123");
});
