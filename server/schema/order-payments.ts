// The money of an order paid through Stripe (issue 22), owner-only on Order: the card, captured,
// refunded, Stripe's fee, net and the dashboard link, read from Stripe when selected.
import type { OrderPaymentView } from "../services/payments/order-payments.ts";
import { builder } from "./builder.ts";
import { OrderRef } from "./checkout.ts";
import { MoneyRef } from "./money.ts";

type Money = NonNullable<OrderPaymentView["money"]>;
const amount = (money: Money, value: number) => ({ value, currency: money.currency });

const OrderMoneyRef = builder.objectRef<Money>("OrderPaymentMoney").implement({
  description: "What Stripe took for an order and what went back; the net is what the store keeps.",
  fields: (t) => ({
    captured: t.field({ type: MoneyRef, resolve: (money) => amount(money, money.captured) }),
    refunded: t.field({ type: MoneyRef, resolve: (money) => amount(money, money.refunded) }),
    fee: t.field({
      type: MoneyRef,
      nullable: true,
      description: "Stripe's processing fee; null until Stripe reports it.",
      resolve: (money) => (money.fee === null ? null : amount(money, money.fee)),
    }),
    net: t.field({ type: MoneyRef, description: "Captured less refunds and Stripe's fee.", resolve: (money) => amount(money, money.net) }),
  }),
});

const OrderPaymentRef = builder.objectRef<OrderPaymentView>("OrderPayment").implement({
  description: "An order's payment through Stripe, as its owner sees it.",
  fields: (t) => ({
    paymentIntentId: t.exposeString("paymentIntentId", { description: "Stripe's payment intent (pi_…)." }),
    dashboardUrl: t.exposeString("dashboardUrl", {
      nullable: true,
      description: "The payment in Stripe's dashboard; null when the store is no longer connected.",
    }),
    cardBrand: t.exposeString("cardBrand", { nullable: true, description: 'Stripe\'s brand code ("visa", "mastercard"…).' }),
    cardLast4: t.exposeString("cardLast4", { nullable: true }),
    money: t.field({ type: OrderMoneyRef, nullable: true, description: "Null when Stripe could not be asked.", resolve: (payment) => payment.money }),
  }),
});

builder.objectFields(OrderRef, (t) => ({
  payment: t.field({
    type: OrderPaymentRef,
    nullable: true,
    authScopes: { permission: "orders.read" },
    description: "Owners (orders.read): the order's Stripe payment, read from Stripe; null in test mode or when gift cards paid it all.",
    resolve: (order, _args, ctx) => ctx.services.orderPayments.view(order.id),
  }),
}));
