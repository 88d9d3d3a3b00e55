// Tests of the Stripe stand-in (test/support/stripe/): A LOCAL STAND-IN OF STRIPE'S API, NOT STRIPE.
// Refunds, customers and payment methods through the real `stripe` SDK, and webhooks: signed with
// Stripe's scheme so that the SDK's own `stripe.webhooks.constructEvent` accepts them (and refuses
// tampered ones), sent on their own after the API answer that caused them. Payments: stand-in.test.ts.
import Stripe from "stripe";
import { startStripeStandIn, type StripeStandIn } from "./stand-in.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver.ts";

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: WebhookReceiver;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = standIn.client();
  // At each delivery, note whether the API request that raised the event had already been answered.
  receiver = await startWebhookReceiver({
    onReceive: (body) => {
      const requestId = JSON.parse(body).request?.id as string | null;
      return { answeredBefore: requestId === null || standIn.requests.some((request) => request.requestId === requestId) };
    },
  });
  standIn.setWebhookUrl(receiver.url);
});

afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the request to fail");
}

async function paid(amount: number, currency = "usd"): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({ amount, currency, payment_method: "pm_card_visa", confirm: true });
}

/** The events delivered to the receiver, verified with the SDK as a real endpoint would. */
function verifiedEvents(): Stripe.Event[] {
  return receiver.received.map((webhook) => stripe.webhooks.constructEvent(webhook.body, webhook.headers["stripe-signature"] as string, standIn.webhookSecret));
}

describe("refunds", () => {
  it("refunds part, then the rest, with Stripe's refund shape; the charge counts what was refunded", async () => {
    const intent = await paid(2000);
    const partial = await stripe.refunds.create({ payment_intent: intent.id, amount: 500, reason: "requested_by_customer", metadata: { order_id: "ord_r" } });
    expect(partial).toMatchObject({
      object: "refund",
      amount: 500,
      currency: "usd",
      status: "succeeded",
      reason: "requested_by_customer",
      payment_intent: intent.id,
      charge: intent.latest_charge,
      metadata: { order_id: "ord_r" },
    });
    expect(partial.id).toMatch(/^re_/);
    expect(await stripe.refunds.retrieve(partial.id)).toEqual(partial);

    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(1500);
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 2000, refunded: true });
  });

  it("refuses more than what is left, a charge already refunded, and an intent that was not paid", async () => {
    const intent = await paid(1000);
    const over = await rejection(stripe.refunds.create({ payment_intent: intent.id, amount: 1001 }));
    expect(over).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(over).toMatchObject({ statusCode: 400, code: "amount_too_large", param: "amount" });
    expect(over.message).toBe("Refund amount ($10.01) is greater than unrefunded amount on charge ($10.00)");

    await stripe.refunds.create({ payment_intent: intent.id });
    const again = await rejection(stripe.refunds.create({ payment_intent: intent.id, amount: 1 }));
    expect(again).toMatchObject({ statusCode: 400, code: "charge_already_refunded", message: `Charge ${intent.latest_charge} has already been refunded.` });

    const unpaid = await stripe.paymentIntents.create({ amount: 1000, currency: "usd" });
    expect(await rejection(stripe.refunds.create({ payment_intent: unpaid.id }))).toMatchObject({ statusCode: 400, param: "payment_intent" });
    expect(await rejection(stripe.refunds.retrieve("re_missing"))).toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("formats a zero-decimal currency's amounts in the over-refund message", async () => {
    const intent = await paid(1000, "jpy");
    const over = await rejection(stripe.refunds.create({ payment_intent: intent.id, amount: 1200 }));
    expect(over.message).toBe("Refund amount (¥1,200) is greater than unrefunded amount on charge (¥1,000)");
  });
});

describe("customers and payment methods", () => {
  it("creates a customer and reads test payment methods' card details", async () => {
    const customer = await stripe.customers.create({ email: "ada@example.com", name: "Ada Lovelace", metadata: { member: "m1" } });
    expect(customer).toMatchObject({ object: "customer", email: "ada@example.com", name: "Ada Lovelace", metadata: { member: "m1" } });
    expect(customer.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(customer.id)).toEqual(customer);

    const mastercard = await stripe.paymentMethods.retrieve("pm_card_mastercard");
    expect(mastercard).toMatchObject({ object: "payment_method", type: "card", card: { brand: "mastercard", last4: "4444", exp_month: 12 } });
    expect(await rejection(stripe.paymentMethods.retrieve("pm_unknown"))).toMatchObject({ statusCode: 404, code: "resource_missing" });
  });
});

describe("webhooks", () => {
  it("signs a sent event with Stripe's scheme: constructEvent accepts it, and refuses it tampered or signed with another secret", async () => {
    const intent = await paid(1234);
    const delivery = await standIn.sendWebhook({ type: "payment_intent.succeeded", object: intent });
    expect(delivery.status).toBe(200);
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const received = receiver.received.at(-1)!;
    expect(received.body).toBe(delivery.payload);

    const event = stripe.webhooks.constructEvent(received.body, received.headers["stripe-signature"] as string, standIn.webhookSecret);
    expect(event).toMatchObject({ object: "event", type: "payment_intent.succeeded", livemode: false, api_version: Stripe.API_VERSION });
    expect(event.id).toMatch(/^evt_/);
    expect(event.data.object).toMatchObject({ id: intent.id, status: "succeeded", amount: 1234 });

    const tampered = await standIn.sendWebhook({ type: "payment_intent.succeeded", object: intent, tamperedPayload: delivery.payload.replace("1234", "1") });
    const tamperedBody = receiver.received.at(-1)!.body;
    expect(() => stripe.webhooks.constructEvent(tamperedBody, tampered.signature, standIn.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const forged = await standIn.sendWebhook({ type: "payment_intent.succeeded", object: intent, secret: "whsec_someoneElse" });
    expect(() => stripe.webhooks.constructEvent(forged.payload, forged.signature, standIn.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const old = await standIn.sendWebhook({ type: "payment_intent.succeeded", object: intent, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => stripe.webhooks.constructEvent(old.payload, old.signature, standIn.webhookSecret)).toThrow(/tolerance/);
  });

  it("sends the events of state changes after the API answer: a payment, a decline, a refund, a dispute", async () => {
    receiver.received.length = 0;
    const intent = await paid(5000);
    const declined = await rejection(stripe.paymentIntents.create({ amount: 700, currency: "usd", payment_method: "pm_card_chargeDeclined", confirm: true }));
    await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    const dispute = standIn.dispute(intent.id, { reason: "fraudulent" });
    await standIn.webhooksDelivered();

    const events = verifiedEvents();
    const about = (id: string) => events.filter((event) => (event.data.object as { id: string }).id === id).map((event) => event.type);
    expect(about(intent.id)).toEqual(["payment_intent.created", "payment_intent.succeeded"]);
    expect(about(intent.latest_charge as string)).toEqual(["charge.succeeded", "charge.refunded"]);
    expect(about(declined.payment_intent.id)).toEqual(["payment_intent.created", "payment_intent.payment_failed"]);
    expect(about(dispute.id)).toEqual(["charge.dispute.created"]);
    expect(dispute).toMatchObject({
      object: "dispute",
      charge: intent.latest_charge,
      payment_intent: intent.id,
      amount: 4000,
      reason: "fraudulent",
      status: "needs_response",
    });

    const refunded = events.find((event) => event.type === "charge.refunded")!.data.object as Stripe.Charge;
    expect(refunded).toMatchObject({ amount_refunded: 1000, refunded: false });
    const failed = events.find((event) => event.type === "payment_intent.payment_failed")!.data.object as Stripe.PaymentIntent;
    expect(failed.last_payment_error).toMatchObject({ code: "card_declined", decline_code: "generic_decline" });
    expect(receiver.received.every((webhook) => (webhook.note as { answeredBefore: boolean }).answeredBefore)).toBe(true);
    expect(events.find((event) => event.type === "payment_intent.succeeded")!.request?.id).toMatch(/^req_/);
  });

  it("resends a recorded event with the same id, and finds it at GET /v1/events/:id", async () => {
    receiver.received.length = 0;
    const intent = await paid(800);
    await standIn.webhooksDelivered();
    const succeeded = standIn.events("payment_intent.succeeded").find((event) => event.data.object.id === intent.id)!;
    const again = await standIn.resendEvent(succeeded.id);
    expect(again.event.id).toBe(succeeded.id);
    expect(verifiedEvents().filter((event) => event.id === succeeded.id)).toHaveLength(2);
    expect((await stripe.events.retrieve(succeeded.id)).type).toBe("payment_intent.succeeded");
  });

  it("records what the endpoint answered, and sends nothing without a webhook URL", async () => {
    const failing = await startWebhookReceiver({ respond: () => 500 });
    standIn.setWebhookUrl(failing.url);
    await paid(900);
    await standIn.webhooksDelivered();
    expect(standIn.deliveries.at(-1)).toMatchObject({ url: failing.url, status: 500, event: { type: "payment_intent.succeeded" } });
    await failing.close();

    standIn.setWebhookUrl(null);
    const count = standIn.deliveries.length;
    await paid(900);
    await standIn.webhooksDelivered();
    expect(standIn.deliveries).toHaveLength(count);
    standIn.setWebhookUrl(receiver.url);
  });
});
