// Tests of the Stripe stand-in (test/support/stripe/): A LOCAL STAND-IN OF STRIPE'S API, NOT STRIPE.
// The real `stripe` SDK talks to it over HTTP (its host/port/protocol options) and must see what it would
// see from Stripe: the response shapes, the error classes and codes, idempotent replays, the 3-D Secure
// redirect. Refunds, customers and webhooks: stand-in-refunds-webhooks.test.ts.
import Stripe from "stripe";
import { startStripeStandIn, type StripeStandIn } from "./stand-in.ts";

const SECRET = "sk_test_standInPrimary000000000abcd";
const JAPAN = "sk_test_standInJapan0000000000000wxyz";

let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn({ keys: [SECRET, { secretKey: JAPAN, country: "JP", defaultCurrency: "jpy", chargesEnabled: false }] });
  stripe = standIn.client(SECRET);
});

afterAll(() => standIn.close());

async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the request to fail");
}

describe("accounts and keys", () => {
  it("answers GET /v1/account with the key's account (id, country, default currency, charges enabled)", async () => {
    const primary = await stripe.accounts.retrieveCurrent();
    expect(primary).toMatchObject({ object: "account", id: standIn.account.id, country: "US", default_currency: "usd", charges_enabled: true });
    const japan = await standIn.client(JAPAN).accounts.retrieveCurrent();
    expect(japan).toMatchObject({ country: "JP", default_currency: "jpy", charges_enabled: false });
    expect(japan.id).not.toBe(primary.id);
  });

  it("refuses an unknown secret key with Stripe's 401 api_key_invalid, as StripeAuthenticationError", async () => {
    const error = await rejection(standIn.client("sk_test_notAKeyOfThisStandIn000abcd").accounts.retrieveCurrent());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, code: "api_key_invalid", rawType: "invalid_request_error" });
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+abcd$/);

    const response = await fetch(`${standIn.url}/v1/account`, { headers: { authorization: "Bearer sk_test_1234abcd" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { message: "Invalid API Key provided: sk_test_****abcd", type: "invalid_request_error", code: "api_key_invalid" },
    });
  });

  it("refuses a request without a key, and a publishable key used as a secret key", async () => {
    const missing = await fetch(`${standIn.url}/v1/account`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).error.message).toMatch(/^You did not provide an API key/);

    const error = await rejection(standIn.client(standIn.publishableKey).accounts.retrieveCurrent());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.code).toBe("secret_key_required");
    expect(error.message).toMatch(/cannot be made with a publishable API key/);
  });

  it("keeps each account's objects to itself, and answers an unknown endpoint or parameter as Stripe does", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: "usd" });
    const elsewhere = await rejection(standIn.client(JAPAN).paymentIntents.retrieve(intent.id));
    expect(elsewhere).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(elsewhere).toMatchObject({ statusCode: 404, code: "resource_missing", param: "intent", message: `No such payment_intent: '${intent.id}'` });

    const unknown = await rejection(stripe.paymentIntents.create({ amount: 1000, currency: "usd", capture_method: "manual" }));
    expect(unknown).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "capture_method" });
    const route = await fetch(`${standIn.url}/v1/subscriptions`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(route.status).toBe(404);
    expect((await route.json()).error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/subscriptions\)/);
  });
});

describe("payment intents and test cards", () => {
  it("charges pm_card_visa: succeeded, a ch_ charge with its fee, card brand and last4 through expand[]=latest_charge", async () => {
    const created = await stripe.paymentIntents.create({
      amount: 2599,
      currency: "usd",
      payment_method: "pm_card_visa",
      confirm: true,
      metadata: { order_id: "ord_1", "note & more": "a=b c" },
    });
    expect(created).toMatchObject({ object: "payment_intent", status: "succeeded", amount: 2599, amount_received: 2599, currency: "usd" });
    expect(created.id).toMatch(/^pi_/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));
    expect(created.metadata).toEqual({ order_id: "ord_1", "note & more": "a=b c" });
    expect(created.latest_charge).toMatch(/^ch_/);

    const read = await stripe.paymentIntents.retrieve(created.id, { expand: ["latest_charge.balance_transaction"] });
    const charge = read.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: "charge", status: "succeeded", paid: true, amount: 2599, payment_intent: created.id });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: "visa", last4: "4242" });
    expect(charge.balance_transaction).toMatchObject({ object: "balance_transaction", amount: 2599, fee: 105, net: 2494 });

    const method = await stripe.paymentMethods.retrieve(created.payment_method as string);
    expect(method.card).toMatchObject({ brand: "visa", last4: "4242", exp_month: 12 });
    expect(method.card!.exp_year).toBeGreaterThan(new Date().getUTCFullYear());
  });

  it("declines pm_card_chargeDeclined with Stripe's 402 card_declined; the intent waits for another payment method", async () => {
    for (const card of ["pm_card_chargeDeclined", "pm_card_visa_chargeDeclined"]) {
      const error = await rejection(stripe.paymentIntents.create({ amount: 1500, currency: "usd", payment_method: card, confirm: true }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ statusCode: 402, code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." });
      expect(error.charge).toMatch(/^ch_/);
      const intent = await stripe.paymentIntents.retrieve(error.payment_intent.id);
      expect(intent).toMatchObject({ status: "requires_payment_method", payment_method: null });
      expect(intent.last_payment_error).toMatchObject({ type: "card_error", code: "card_declined", decline_code: "generic_decline" });

      const retried = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_mastercard" });
      expect(retried).toMatchObject({ status: "succeeded", last_payment_error: null });
    }
  });

  it("runs 3-D Secure for pm_card_authenticationRequired: the redirect, the page, Complete, and back to return_url", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 4200, currency: "eur", automatic_payment_methods: { enabled: true } });
    const returnUrl = "http://127.0.0.1:9/checkout/return?order=ord_3ds";
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_authenticationRequired", return_url: returnUrl });
    expect(confirmed.status).toBe("requires_action");
    expect(confirmed.next_action).toEqual({
      type: "redirect_to_url",
      redirect_to_url: { return_url: returnUrl, url: `${standIn.url}/3ds/${intent.id}?return_url=${encodeURIComponent(returnUrl)}` },
    });

    const page = await fetch(confirmed.next_action!.redirect_to_url!.url!);
    const html = await page.text();
    expect(html).toContain("stand-in");
    expect(html).toContain(`href="/3ds/${intent.id}/complete">Complete</a>`);
    expect(html).toContain(`href="/3ds/${intent.id}/fail">Fail</a>`);

    const back = await fetch(`${standIn.url}/3ds/${intent.id}/complete`, { redirect: "manual" });
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("http://127.0.0.1:9/checkout/return");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      order: "ord_3ds",
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: "succeeded",
    });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: "succeeded", next_action: null });
  });

  it("leaves the intent to another payment method when the customer fails 3-D Secure", async () => {
    const returnUrl = "http://127.0.0.1:9/return";
    const intent = await stripe.paymentIntents.create({
      amount: 900,
      currency: "usd",
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
      return_url: returnUrl,
    });
    const back = await fetch(`${standIn.url}/3ds/${intent.id}/fail`, { redirect: "manual" });
    expect(new URL(back.headers.get("location")!).searchParams.get("redirect_status")).toBe("failed");
    const failed = await stripe.paymentIntents.retrieve(intent.id);
    expect(failed).toMatchObject({ status: "requires_payment_method", last_payment_error: { code: "payment_intent_authentication_failure" } });
  });

  it("without a return_url, asks for Stripe.js's 3-D Secure action; expand[] works on a POST too", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: "usd", payment_method: "pm_card_threeDSecure2Required", confirm: true });
    expect(intent.status).toBe("requires_action");
    expect(intent.next_action).toMatchObject({
      type: "use_stripe_sdk",
      use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: `${standIn.url}/3ds/${intent.id}` },
    });
    const finished = await fetch(`${standIn.url}/3ds/${intent.id}/complete`);
    expect(await finished.text()).toContain("succeeded");

    const expanded = await stripe.paymentIntents.create({
      amount: 900,
      currency: "usd",
      payment_method: "pm_card_amex",
      confirm: true,
      expand: ["latest_charge"],
    });
    expect((expanded.latest_charge as Stripe.Charge).payment_method_details?.card).toMatchObject({ brand: "amex", last4: "0005" });
  });

  it("asks for a return_url when automatic payment methods may redirect", async () => {
    const error = await rejection(
      stripe.paymentIntents.create({
        amount: 900,
        currency: "usd",
        automatic_payment_methods: { enabled: true },
        payment_method: "pm_card_visa",
        confirm: true,
      }),
    );
    expect(error).toMatchObject({ statusCode: 400, param: "return_url" });
    const noRedirects = await stripe.paymentIntents.create({
      amount: 900,
      currency: "usd",
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      payment_method: "pm_card_visa",
      confirm: true,
    });
    expect(noRedirects.status).toBe("succeeded");
  });

  it("fails an off-session payment that needs authentication with 402 authentication_required", async () => {
    const customer = await stripe.customers.create({ email: "buyer@example.com" });
    const error = await rejection(
      stripe.paymentIntents.create({
        amount: 1200,
        currency: "usd",
        customer: customer.id,
        payment_method: "pm_card_authenticationRequired",
        off_session: true,
        confirm: true,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: "authentication_required", decline_code: "authentication_required" });
    expect(error.payment_intent.status).toBe("requires_payment_method");
  });

  it("charges a card saved on session (3-D Secure once) again off session", async () => {
    const customer = await stripe.customers.create({ name: "Ada" });
    const returnUrl = "http://127.0.0.1:9/return";
    const first = await stripe.paymentIntents.create({
      amount: 3000,
      currency: "usd",
      customer: customer.id,
      setup_future_usage: "off_session",
      payment_method: "pm_card_authenticationRequiredOnSetup",
      confirm: true,
      return_url: returnUrl,
    });
    expect(first.status).toBe("requires_action");
    await fetch(`${standIn.url}/3ds/${first.id}/complete`, { redirect: "manual" });
    const saved = await stripe.paymentMethods.retrieve(first.payment_method as string);
    expect(saved.customer).toBe(customer.id);

    const later = await stripe.paymentIntents.create({
      amount: 3000,
      currency: "usd",
      customer: customer.id,
      payment_method: saved.id,
      off_session: true,
      confirm: true,
    });
    expect(later.status).toBe("succeeded");
  });
});

describe("amounts and currencies", () => {
  it("takes zero-decimal currencies as they are, and refuses amounts under Stripe's minimum or in an unknown currency", async () => {
    const yen = await stripe.paymentIntents.create({ amount: 500, currency: "jpy", payment_method: "pm_card_visa", confirm: true });
    expect(yen).toMatchObject({ amount: 500, currency: "jpy", status: "succeeded" });

    const small = await rejection(stripe.paymentIntents.create({ amount: 49, currency: "usd" }));
    expect(small).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(small).toMatchObject({ statusCode: 400, code: "amount_too_small", param: "amount", message: "Amount must be at least $0.50 usd" });

    const currency = await rejection(stripe.paymentIntents.create({ amount: 1000, currency: "xyz" }));
    expect(currency).toMatchObject({ statusCode: 400, rawType: "invalid_request_error", param: "currency" });
    expect(currency.message).toMatch(/^Invalid currency: xyz/);

    const fraction = await rejection(stripe.paymentIntents.create({ amount: 10.5, currency: "usd" }));
    expect(fraction).toMatchObject({ statusCode: 400, code: "parameter_invalid_integer", param: "amount" });
  });

  it("updates amount and metadata while unpaid, metadata only once paid; cancels what is not paid", async () => {
    const open = await stripe.paymentIntents.create({ amount: 1000, currency: "usd", metadata: { cart: "c1", stale: "x" } });
    const updated = await stripe.paymentIntents.update(open.id, { amount: 1800, metadata: { stale: "", step: "2" } });
    expect(updated).toMatchObject({ amount: 1800, metadata: { cart: "c1", step: "2" } });
    const canceled = await stripe.paymentIntents.cancel(open.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });

    const paid = await stripe.paymentIntents.create({ amount: 1000, currency: "usd", payment_method: "pm_card_visa", confirm: true });
    const late = await rejection(stripe.paymentIntents.update(paid.id, { amount: 2000 }));
    expect(late).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
    expect((await stripe.paymentIntents.update(paid.id, { metadata: { shipped: "yes" } })).metadata).toEqual({ shipped: "yes" });
    expect(await rejection(stripe.paymentIntents.cancel(paid.id))).toMatchObject({ code: "payment_intent_unexpected_state" });
  });
});

describe("idempotency keys", () => {
  it("replays the first answer for the same key and parameters", async () => {
    const params = { amount: 7700, currency: "usd", metadata: { order_id: "ord_idem" } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: "order-ord_idem-attempt-1" });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: "order-ord_idem-attempt-1" });
    expect(again.id).toBe(first.id);
    expect(standIn.objects("payment_intent").filter((intent) => intent.metadata.order_id === "ord_idem")).toHaveLength(1);
    expect(standIn.requests.filter((request) => request.idempotencyKey === "order-ord_idem-attempt-1").map((request) => request.replayed)).toEqual([
      false,
      true,
    ]);
  });

  it("replays a decline too, without charging the card again", async () => {
    const params = { amount: 1500, currency: "usd", payment_method: "pm_card_chargeDeclined", confirm: true };
    const first = await rejection(stripe.paymentIntents.create(params, { idempotencyKey: "declined-once" }));
    const again = await rejection(stripe.paymentIntents.create(params, { idempotencyKey: "declined-once" }));
    expect(again).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(again.payment_intent.id).toBe(first.payment_intent.id);
    expect(again.charge).toBe(first.charge);
  });

  it("refuses the same key with other parameters, or on another endpoint, with an idempotency_error", async () => {
    await stripe.paymentIntents.create({ amount: 1000, currency: "usd" }, { idempotencyKey: "reused-key" });
    const changed = await rejection(stripe.paymentIntents.create({ amount: 1001, currency: "usd" }, { idempotencyKey: "reused-key" }));
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(changed.message).toBe(
      "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'reused-key' if you meant to execute a different request.",
    );
    const endpoint = await rejection(stripe.customers.create({ email: "x@example.com" }, { idempotencyKey: "reused-key" }));
    expect(endpoint).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(endpoint.message).toMatch(/same endpoint/);
  });
});
