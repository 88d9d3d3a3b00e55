// Stripe's keys as the owner pastes them (issue 22): which field holds what, test or live.
import { keyMode, parsePaymentKeys } from "../../../server/domain/payments/keys.ts";

const PK_TEST = "pk_test_51AbCdEf";
const SK_TEST = "sk_test_51AbCdEf";

it.each([
  ["pk_test_abc123", "test"],
  ["pk_live_abc123", "live"],
  ["sk_test_abc123", "test"],
  ["sk_live_abc123", "live"],
  ["rk_test_abc123", "test"],
  ["rk_live_abc123", "live"],
  ["pk_prod_abc123", null],
  ["sk_test_", null],
  ["whsec_abc", null],
  ["sk_test_abc 123", null],
])("tells the mode of %s: %s", (key, mode) => {
  expect(keyMode(key)).toBe(mode);
});

it("accepts a test pair with a webhook secret, trimmed, and says test", () => {
  expect(parsePaymentKeys({ publishableKey: ` ${PK_TEST} `, secretKey: `${SK_TEST}\n`, webhookSecret: " whsec_abcDEF123= " })).toEqual({
    keys: { mode: "test", publishableKey: PK_TEST, secretKey: SK_TEST, webhookSecret: "whsec_abcDEF123=" },
  });
});

it("accepts a live pair with a restricted key and no webhook secret (empty is none)", () => {
  expect(parsePaymentKeys({ publishableKey: "pk_live_1", secretKey: "rk_live_2", webhookSecret: "" })).toEqual({
    keys: { mode: "live", publishableKey: "pk_live_1", secretKey: "rk_live_2", webhookSecret: null },
  });
});

it("refuses a test publishable key with a live secret key, and the other way round", () => {
  const refusal = { fieldErrors: [{ fieldId: "secretKey", message: "The publishable and secret keys must both be test keys or both be live keys." }] };
  expect(parsePaymentKeys({ publishableKey: PK_TEST, secretKey: "sk_live_1" })).toEqual(refusal);
  expect(parsePaymentKeys({ publishableKey: "pk_live_1", secretKey: SK_TEST })).toEqual(refusal);
});

it("refuses the publishable key pasted into the secret field, saying so", () => {
  expect(parsePaymentKeys({ publishableKey: PK_TEST, secretKey: PK_TEST })).toEqual({
    fieldErrors: [{ fieldId: "secretKey", message: "This is your publishable key: paste the secret key (sk_… or rk_…) here." }],
  });
});

it("names every field that is wrong at once", () => {
  expect(parsePaymentKeys({ publishableKey: "sk_test_1", secretKey: "", webhookSecret: "we_123" })).toEqual({
    fieldErrors: [
      { fieldId: "publishableKey", message: "This is not a publishable key: it starts with pk_test_ or pk_live_." },
      { fieldId: "secretKey", message: "Enter your secret key." },
      { fieldId: "webhookSecret", message: "This is not a webhook signing secret: it starts with whsec_." },
    ],
  });
  expect(parsePaymentKeys({ publishableKey: "  ", secretKey: "key" })).toEqual({
    fieldErrors: [
      { fieldId: "publishableKey", message: "Enter your publishable key." },
      { fieldId: "secretKey", message: "This is not a secret key: it starts with sk_test_, sk_live_, rk_test_ or rk_live_." },
    ],
  });
});
