// The Stripe stand-in (A LOCAL STAND-IN OF STRIPE'S API, NOT STRIPE) as Stripe.js reaches it from a
// browser: a publishable key with a PaymentIntent's client secret retrieves and confirms that intent,
// nothing else; CORS is answered as Stripe's API answers it.
import Stripe from "stripe";
import { startStripeStandIn, type StripeStandIn } from "./stand-in.ts";

const SECRET = "sk_test_standInPublishable0000000abcd";
const OTHER = "sk_test_standInOtherAccount000000wxyz";

let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn({ keys: [SECRET, OTHER] });
  stripe = standIn.client(SECRET);
});
afterAll(() => standIn.close());

/** A call as Stripe.js makes it: the publishable key as Bearer, a form-encoded body. */
function browserCall(method: "GET" | "POST", path: string, params: Record<string, string>, key = standIn.publishableKey) {
  const query = new URLSearchParams(params).toString();
  return fetch(`${standIn.url}${path}${method === "GET" ? `?${query}` : ""}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded", origin: "http://shop.localhost:3000" },
    body: method === "POST" ? query : undefined,
  });
}

const newIntent = () => stripe.paymentIntents.create({ amount: 2500, currency: "usd", automatic_payment_methods: { enabled: true } });
const returnUrl = "http://shop.localhost:3000/checkout/return";

it("confirms an intent with the publishable key and its client secret, and lets the page read the answer (CORS)", async () => {
  const intent = await newIntent();
  const response = await browserCall("POST", `/v1/payment_intents/${intent.id}/confirm`, {
    client_secret: intent.client_secret!,
    payment_method: "pm_card_visa",
    return_url: returnUrl,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(await response.json()).toMatchObject({ id: intent.id, object: "payment_intent", status: "succeeded", amount_received: 2500 });
  expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("succeeded");
});

it("answers a declined card as Stripe does (402 card_declined) and the intent waits for another card", async () => {
  const intent = await newIntent();
  const response = await browserCall("POST", `/v1/payment_intents/${intent.id}/confirm`, {
    client_secret: intent.client_secret!,
    payment_method: "pm_card_chargeDeclined",
    return_url: returnUrl,
  });
  expect(response.status).toBe(402);
  expect((await response.json()).error).toMatchObject({ type: "card_error", code: "card_declined", message: "Your card was declined." });
  expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
});

it("sends a card that needs 3-D Secure to the stand-in's authentication page", async () => {
  const intent = await newIntent();
  const response = await browserCall("POST", `/v1/payment_intents/${intent.id}/confirm`, {
    client_secret: intent.client_secret!,
    payment_method: "pm_card_authenticationRequired",
    return_url: returnUrl,
  });
  const body = await response.json();
  expect(body.status).toBe("requires_action");
  expect(body.next_action.redirect_to_url.url).toBe(`${standIn.url}/3ds/${intent.id}?return_url=${encodeURIComponent(returnUrl)}`);
});

it("retrieves an intent with its client secret", async () => {
  const intent = await newIntent();
  const response = await browserCall("GET", `/v1/payment_intents/${intent.id}`, { client_secret: intent.client_secret! });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ id: intent.id, status: "requires_payment_method", amount: 2500 });
});

it("refuses a wrong client secret, a missing one, and any other call with a publishable key", async () => {
  const intent = await newIntent();
  const wrong = await browserCall("POST", `/v1/payment_intents/${intent.id}/confirm`, {
    client_secret: `${intent.id}_secret_notTheOne`,
    payment_method: "pm_card_visa",
  });
  expect(wrong.status).toBe(400);
  expect((await wrong.json()).error).toMatchObject({
    type: "invalid_request_error",
    param: "client_secret",
    message: "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
  });

  const missing = await browserCall("GET", `/v1/payment_intents/${intent.id}`, {});
  expect(missing.status).toBe(401);
  expect((await missing.json()).error.code).toBe("secret_key_required");

  for (const [method, path] of [
    ["POST", "/v1/payment_intents"],
    ["POST", `/v1/payment_intents/${intent.id}`],
    ["POST", `/v1/payment_intents/${intent.id}/cancel`],
    ["GET", "/v1/account"],
    ["GET", "/v1/nothing/here"],
  ] as const) {
    const response = await browserCall(method, path, { client_secret: intent.client_secret!, amount: "1" });
    expect([path, response.status, (await response.json()).error.code]).toEqual([path, 401, "secret_key_required"]);
  }
  expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
});

it("keeps another account's intent out of reach of this publishable key", async () => {
  const theirs = await standIn.client(OTHER).paymentIntents.create({ amount: 900, currency: "usd" });
  const response = await browserCall("GET", `/v1/payment_intents/${theirs.id}`, { client_secret: theirs.client_secret! });
  expect(response.status).toBe(404);
  expect((await response.json()).error).toMatchObject({ code: "resource_missing", message: `No such payment_intent: '${theirs.id}'` });
});

it("answers a browser's CORS preflight", async () => {
  const response = await fetch(`${standIn.url}/v1/payment_intents/pi_123/confirm`, {
    method: "OPTIONS",
    headers: { origin: "http://shop.localhost:3000", "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("access-control-allow-methods")).toContain("POST");
  expect(response.headers.get("access-control-allow-headers")).toContain("authorization");
});

describe("SetupIntents (a card saved for later, as Stripe.js's confirmSetup does)", () => {
  it("saves a card to the intent's customer with the publishable key and the client secret; a declined card is 402 and saves nothing", async () => {
    const customer = await stripe.customers.create({ email: "ada@example.com" });
    const setup = await stripe.setupIntents.create({ customer: customer.id, usage: "off_session", automatic_payment_methods: { enabled: true } });
    expect(setup).toMatchObject({
      object: "setup_intent",
      status: "requires_payment_method",
      customer: customer.id,
      usage: "off_session",
      payment_method: null,
    });

    const declined = await browserCall("POST", `/v1/setup_intents/${setup.id}/confirm`, {
      client_secret: setup.client_secret!,
      payment_method: "pm_card_chargeDeclined",
    });
    expect(declined.status).toBe(402);
    const { error } = await declined.json();
    expect(error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      message: "Your card was declined.",
      setup_intent: { id: setup.id, status: "requires_payment_method" },
    });

    const wrongSecret = await browserCall("GET", `/v1/setup_intents/${setup.id}`, { client_secret: `${setup.id}_secret_nope` });
    expect(wrongSecret.status).toBe(400);

    const saved = await browserCall("POST", `/v1/setup_intents/${setup.id}/confirm`, { client_secret: setup.client_secret!, payment_method: "pm_card_visa" });
    expect(saved.status).toBe(200);
    const after = await stripe.setupIntents.retrieve(setup.id);
    expect(after).toMatchObject({ status: "succeeded", last_setup_error: null });
    expect((await stripe.paymentMethods.retrieve(after.payment_method as string)).customer).toBe(customer.id);
    // The saved card pays off session.
    const later = await stripe.paymentIntents.create({
      amount: 900,
      currency: "usd",
      customer: customer.id,
      payment_method: after.payment_method as string,
      off_session: true,
      confirm: true,
    });
    expect(later.status).toBe("succeeded");
  });
});
