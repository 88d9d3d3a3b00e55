// The checkout's payment over HTTP (issue 22): `checkout` answers CheckoutPaymentRequired once the
// store is connected to Stripe (here the local stand-in of test/support/stripe/, NOT Stripe), the
// shopper's `completeCheckoutPayment` makes the order, and POST /webhooks/stripe on the site's host
// takes Stripe's signed deliveries (400 for a bad signature, 405 for anything but POST).
import { startTestStore, type TestStore, type TestVisitor } from "../support/app.ts";
import { ERROR, ERROR_FIELDS } from "../support/graphql.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe/stand-in.ts";
import { signedIn, type Caller } from "../authz/principals.ts";

const SECRET_KEY = "sk_test_standInCheckoutHttp0001";
const WEBHOOK_SECRET = "whsec_checkoutHttpSigning0001";
const ADDRESS = { fullName: "Ann Buyer", line1: "1 Main St", city: "Brooklyn", region: "NY", postalCode: "11201", country: "US" };

let standIn: StripeStandIn;
let store: TestStore;
let owner: Caller;

beforeAll(async () => {
  store = await startTestStore();
  // A Canadian Stripe account behind a store whose own pay-later setting says US: Stripe's decides.
  standIn = await startStripeStandIn({
    keys: [{ secretKey: SECRET_KEY, country: "CA" }],
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `${store.baseUrl}/webhooks/stripe`,
  });
  await store.close();
  store = await startTestStore({ config: { stripeApi: standIn.sdkOptions } });
  standIn.setWebhookUrl(`${store.baseUrl}/webhooks/stripe`);
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  const connected = await owner.graphql(`mutation($input: ConnectPaymentAccountInput!) { connectPaymentAccount(input: $input) { __typename } }`, {
    input: { publishableKey: standIn.publishableKey, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
  });
  expect(connected.data.connectPaymentAccount.__typename).toBe("ConnectPaymentAccountSuccess");
}, 60_000);
afterAll(async () => {
  await store.close();
  await standIn.close();
});

const ADD = `mutation($input: AddCartEntryInput!) { addCartEntry(input: $input) { ${ERROR_FIELDS} ... on AddCartEntrySuccess { cart { id } } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { ${ERROR_FIELDS}
  ... on CheckoutSuccess { order { orderId } }
  ... on CheckoutPaymentRequired { paymentId paymentIntentId clientSecret publishableKey returnUrl amount { value currency } holdExpiresAt } } }`;
const COMPLETE = `mutation($input: CompleteCheckoutPaymentInput!) { completeCheckoutPayment(input: $input) { ${ERROR}
  ... on CompleteCheckoutPaymentSuccess { order { orderId testMode grandTotal { value } } } } }`;

async function shopperAtPayment(): Promise<{ shopper: TestVisitor; payment: Record<string, any> }> {
  const shopper = await store.visitor().arrive();
  await shopper.graphql(ADD, { input: { itemId: String(await store.itemId("ceramic-mug")), sku: "MUG-1", quantity: 1 } });
  const answer = await shopper.graphql(CHECKOUT, { input: { email: "ann@example.com", shippingAddress: ADDRESS } });
  return { shopper, payment: answer.data.checkout };
}

it("answers the payment to confirm, for the server's amount, and tells the storefront the store takes test payments", async () => {
  const { payment } = await shopperAtPayment();
  expect(payment).toMatchObject({ __typename: "CheckoutPaymentRequired", publishableKey: standIn.publishableKey, amount: { currency: "USD" } });
  expect(payment.returnUrl).toMatch(/\/checkout\/return$/);
  const intent = await standIn.client().paymentIntents.retrieve(payment.paymentIntentId);
  expect(intent.amount).toBe(payment.amount.value);
  const storefront = await store.visitor().graphql(`{ store { payments { mode publishableKey } payLater { accountCountry } } }`);
  expect(storefront.data.store.payments).toEqual({ mode: "TEST", publishableKey: standIn.publishableKey });
  expect(storefront.data.store.payLater.accountCountry).toBe("CA");
});

it("completeCheckoutPayment makes the order once paid; until then it says the payment did not go through", async () => {
  const { shopper, payment } = await shopperAtPayment();
  const early = await shopper.graphql(COMPLETE, { input: { paymentIntentId: payment.paymentIntentId } });
  expect(early.errors).toBeUndefined();
  expect(early.data.completeCheckoutPayment.__typename).toBe("PaymentFailedError");
  await standIn.client().paymentIntents.confirm(payment.paymentIntentId, { payment_method: "pm_card_visa", return_url: payment.returnUrl });
  const done = await shopper.graphql(COMPLETE, { input: { paymentIntentId: payment.paymentIntentId } });
  expect(done.data.completeCheckoutPayment).toMatchObject({
    __typename: "CompleteCheckoutPaymentSuccess",
    order: { testMode: false, grandTotal: { value: payment.amount.value } },
  });
  // The purchased cart is forgotten: the cookie is cleared.
  expect(shopper.cartToken).toBeUndefined();
  const stranger = await store.visitor().arrive();
  expect((await stranger.graphql(COMPLETE, { input: { paymentIntentId: payment.paymentIntentId } })).data.completeCheckoutPayment.__typename).toBe(
    "NotFoundError",
  );
});

it("takes Stripe's signed webhook on the site's host and makes the order of a shopper who closed the tab", async () => {
  const { payment } = await shopperAtPayment();
  await standIn.client().paymentIntents.confirm(payment.paymentIntentId, { payment_method: "pm_card_visa", return_url: payment.returnUrl });
  await standIn.webhooksDelivered();
  const delivered = standIn.deliveries.filter((delivery) => delivery.event.type === "payment_intent.succeeded");
  expect(delivered.at(-1)?.status).toBe(200);
  const order = await store.db.order.findUnique({ where: { paymentIntentId: payment.paymentIntentId } });
  expect(order).toMatchObject({ testMode: false, customerEmail: "ann@example.com" });
});

it("refuses a delivery with a bad signature (400, nothing stored) and anything but POST (405)", async () => {
  const before = await store.db.paymentEvent.count();
  const forged = await fetch(`${store.baseUrl}/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
    body: JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded", data: { object: { id: "pi_x" } } }),
  });
  expect(forged.status).toBe(400);
  expect(await forged.json()).toEqual({ error: "The webhook's signature does not match this store's signing secret." });
  expect(await store.db.paymentEvent.count()).toBe(before);
  expect((await fetch(`${store.baseUrl}/webhooks/stripe`)).status).toBe(405);
});

it("the store's pages no longer claim test mode once it takes payment; /checkout/return is the checkout's page", async () => {
  const home = await fetch(`${store.baseUrl}/`);
  const html = await home.text();
  expect(html).toContain("Sitecart Demo · a Sitecart store.");
  expect(html).not.toContain("test mode");
  expect((await fetch(`${store.baseUrl}/checkout/return?payment_intent=pi_x&redirect_status=succeeded`)).status).toBe(200);
});

it("the owner reads a paid order's money from Stripe (card, captured, fee, net, dashboard link); a shopper cannot", async () => {
  // The earlier tests bought the demo's mugs.
  await store.db.variant.updateMany({ where: { sku: "MUG-1" }, data: { qtyInStock: 5 } });
  const { shopper, payment } = await shopperAtPayment();
  await standIn.client().paymentIntents.confirm(payment.paymentIntentId, { payment_method: "pm_card_amex", return_url: payment.returnUrl });
  const done = await shopper.graphql(COMPLETE, { input: { paymentIntentId: payment.paymentIntentId } });
  const orderId = done.data.completeCheckoutPayment.order.orderId;
  const PAYMENT = `query($orderId: String!) { ownerOrder(orderId: $orderId) { ... on Order { payment {
    paymentIntentId dashboardUrl cardBrand cardLast4 money { captured { value } refunded { value } fee { value } net { value } } } } } }`;
  const read = await owner.graphql(PAYMENT, { orderId });
  const amount = payment.amount.value;
  const fee = Math.round(amount * 0.029) + 30;
  expect(read.data.ownerOrder.payment).toEqual({
    paymentIntentId: payment.paymentIntentId,
    dashboardUrl: `https://dashboard.stripe.com/test/payments/${payment.paymentIntentId}`,
    cardBrand: "amex",
    cardLast4: "0005",
    money: { captured: { value: amount }, refunded: { value: 0 }, fee: { value: fee }, net: { value: amount - fee } },
  });
  const denied = await shopper.graphql(`query($orderId: String!) { ownerOrder(orderId: $orderId) { __typename } }`, { orderId });
  expect(denied.data?.ownerOrder ?? null).toBeNull();
});

it("issueOrderRefund: the owner refunds one line through Stripe and sees it on the order; more than is left is refused; a shopper cannot", async () => {
  await store.db.variant.updateMany({ where: { sku: "MUG-1" }, data: { qtyInStock: 5 } });
  const { shopper, payment } = await shopperAtPayment();
  await standIn.client().paymentIntents.confirm(payment.paymentIntentId, { payment_method: "pm_card_visa", return_url: payment.returnUrl });
  const orderId = (await shopper.graphql(COMPLETE, { input: { paymentIntentId: payment.paymentIntentId } })).data.completeCheckoutPayment.order.orderId;
  const REFUND = `mutation($input: IssueOrderRefundInput!) { issueOrderRefund(input: $input) { ${ERROR}
    ... on IssueOrderRefundSuccess { order { state refundStatus refundedAmount { value } refundableQuantities
      refunds { amount { value } reason restocked source createdBy providerRefundId lines { productName quantity } } } } } }`;
  const line = { orderId, lines: [{ line: 0, quantity: 1 }], reason: "REQUESTED_BY_CUSTOMER", restock: true };
  expect((await shopper.graphql(REFUND, { input: line })).data?.issueOrderRefund ?? null).toBeNull();
  const refunded = await owner.graphql(REFUND, { input: { ...line, amount: 400 } });
  expect(refunded.data.issueOrderRefund).toMatchObject({
    __typename: "IssueOrderRefundSuccess",
    order: {
      state: "PLACED",
      refundStatus: "PARTIAL",
      refundedAmount: { value: 400 },
      refundableQuantities: [0],
      refunds: [
        {
          amount: { value: 400 },
          reason: "REQUESTED_BY_CUSTOMER",
          restocked: true,
          source: "OWNER",
          createdBy: "owner@sitecart.test",
          lines: [{ quantity: 1 }],
        },
      ],
    },
  });
  expect(refunded.data.issueOrderRefund.order.refunds[0].providerRefundId).toMatch(/^re_/);
  const tooMuch = await owner.graphql(REFUND, { input: { orderId, amount: payment.amount.value, reason: "DUPLICATE" } });
  expect(tooMuch.data.issueOrderRefund).toMatchObject({ __typename: "InvalidInputError", message: expect.stringContaining("You can refund at most") });
  // The full refund of the rest is the same path: recorded with who asked, the order REFUNDED.
  await owner.graphql(`mutation($input: CancelOrderInput!) { cancelOrder(input: $input) { __typename } }`, { input: { orderId } });
  const rest = await owner.graphql(
    `mutation($input: RefundOrderInput!) { refundOrder(input: $input) { ${ERROR} ... on RefundOrderSuccess { order { state refundStatus disputedAt refunds { amount { value } createdBy } } } } }`,
    { input: { orderId } },
  );
  expect(rest.data.refundOrder.order).toEqual({
    state: "REFUNDED",
    refundStatus: "FULL",
    disputedAt: null,
    refunds: [
      { amount: { value: 400 }, createdBy: "owner@sitecart.test" },
      { amount: { value: payment.amount.value - 400 }, createdBy: "owner@sitecart.test" },
    ],
  });
});

it("a refund made in Stripe's dashboard and a dispute arrive at the site's webhook: the owner sees both on the order and in the list", async () => {
  await store.db.variant.updateMany({ where: { sku: "MUG-1" }, data: { qtyInStock: 5 } });
  const { shopper, payment } = await shopperAtPayment();
  await standIn.client().paymentIntents.confirm(payment.paymentIntentId, { payment_method: "pm_card_visa", return_url: payment.returnUrl });
  const orderId = (await shopper.graphql(COMPLETE, { input: { paymentIntentId: payment.paymentIntentId } })).data.completeCheckoutPayment.order.orderId;
  await standIn.client().refunds.create({ payment_intent: payment.paymentIntentId, amount: 250 });
  standIn.dispute(payment.paymentIntentId);
  await standIn.webhooksDelivered();
  const read = await owner.graphql(
    `query($orderId: String!) { ownerOrder(orderId: $orderId) { ... on Order { orderNumber refundStatus disputedAt refunds { amount { value } source createdBy } payment { money { refunded { value } } } } } }`,
    { orderId },
  );
  expect(read.data.ownerOrder).toMatchObject({
    refundStatus: "PARTIAL",
    disputedAt: expect.any(String),
    refunds: [{ amount: { value: 250 }, source: "PROVIDER", createdBy: null }],
    payment: { money: { refunded: { value: 250 } } },
  });
  const list = await owner.graphql(`{ ownerOrders(first: 5) { edges { node { orderId refundStatus disputedAt } } } }`);
  expect(list.data.ownerOrders.edges.map((edge: { node: unknown }) => edge.node)).toContainEqual({
    orderId,
    refundStatus: "PARTIAL",
    disputedAt: expect.any(String),
  });
});
