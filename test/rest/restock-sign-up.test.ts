// Signing up for a back-in-stock waitlist over REST (spec storefront §3 restock payload, §5 Restock
// messages, §7 the restock calls; issue 4 §2: no duplicate sign-ups), and the widget's captcha.
import { Caller, signedIn } from "../authz/principals.ts";
import { CRUMB_FAIL } from "./helpers.ts";
import { DAY_MS, freshVariant, natural, RESTOCK, setStock, signUp, store, toteId, useRestockStore } from "./restock-setup.ts";

useRestockStore();

describe("POST /api/site-users/account/notifications/restock", () => {
  it("takes a sign-up: RECEIVED, expiring 90 days later", async () => {
    const response = await signUp({ siteVisitorEmail: "first@example.com" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const row = await store.db.restockSignUp.findFirstOrThrow({ where: { email: "first@example.com" } });
    expect(row).toMatchObject({ productId: toteId, variantId: natural, status: "RECEIVED", isJoinMailingList: false, language: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(90 * DAY_MS);
  });

  it.each([
    ["an empty email", ""],
    ["a blank email", "   "],
    ["no email", undefined],
  ])("refuses %s with 400 'Email cannot be blank'", async (_case, siteVisitorEmail) => {
    const response = await signUp({ siteVisitorEmail });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Email cannot be blank");
  });

  it.each(["user@", "user@domain", "no-at-sign.com", "two@@example.com"])("refuses %j with 400 'Email is invalid'", async (siteVisitorEmail) => {
    const response = await signUp({ siteVisitorEmail });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Email is invalid");
  });

  it("does not duplicate a repeated sign-up (the address in any case)", async () => {
    await signUp({ siteVisitorEmail: "repeat@example.com" });
    const again = await signUp({ siteVisitorEmail: "Repeat@Example.com" });
    expect(again.status).toBe(200);
    expect(await store.db.restockSignUp.count({ where: { email: "repeat@example.com" } })).toBe(1);
  });

  it("keeps one place when the same address signs up twice at the same moment", async () => {
    const responses = await Promise.all([1, 2, 3].map(() => signUp({ siteVisitorEmail: "racer@example.com" })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await store.db.restockSignUp.count({ where: { email: "racer@example.com" } })).toBe(1);
  });

  it.each([
    [404, "an unknown product", { productId: 999_999 }, "That product variant could not be found."],
    [404, "a variant of another product", { productId: 1, variantId: natural }, "That product variant could not be found."],
    [404, "a product id that is not a number", { productId: "tote" }, "That product could not be found."],
    [404, "no variant", { variantId: null }, "That product variant could not be found."],
  ])("answers %i to %s", async (status, _case, body, error) => {
    const response = await signUp({ siteVisitorEmail: "x@example.com", ...body });
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(error);
  });

  it("refuses a product without back-in-stock notifications, and a variant in stock, with 409", async () => {
    const linen = await store.db.variant.findFirstOrThrow({ where: { sku: "LINEN-L-WHITE" } });
    const off = await signUp({ productId: linen.productId, variantId: linen.id, siteVisitorEmail: "x@example.com" });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe("Back-in-stock notifications are not offered for this product.");
    const variantId = await freshVariant();
    await setStock(variantId, 4);
    const inStock = await signUp({ variantId, siteVisitorEmail: "x@example.com" });
    expect(inStock.status).toBe(409);
    expect(inStock.body.error).toBe("This item is in stock: you can add it to your cart now.");
  });

  it("needs the crumb", async () => {
    const visitor = await store.visitor().arrive();
    const response = await visitor.request("POST", RESTOCK, {
      body: { productId: toteId, variantId: natural, siteVisitorEmail: "c@example.com" },
      crumb: false,
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(CRUMB_FAIL);
  });

  it("with isJoinMailingList puts the address on the mailing list (double opt-in, consent from the restock widget)", async () => {
    const response = await signUp({ siteVisitorEmail: "joiner@example.com", isJoinMailingList: true });
    expect(response.status).toBe(200);
    const listed = await store.db.mailingListSignUp.findFirstOrThrow({ where: { email: "joiner@example.com" }, include: { consents: true } });
    expect(listed.status).toBe("PENDING");
    expect(listed.consents).toEqual([expect.objectContaining({ level: "SINGLE", source: "RESTOCK", consentText: "Also sign up for news and updates" })]);
    await signUp({ siteVisitorEmail: "nolist@example.com", isJoinMailingList: false });
    expect(await store.db.mailingListSignUp.count({ where: { email: "nolist@example.com" } })).toBe(0);
  });

  it("refuses an isJoinMailingList that is not true or false", async () => {
    expect((await signUp({ siteVisitorEmail: "x@example.com", isJoinMailingList: "yes" })).status).toBe(400);
  });

  it("keeps the language only with multilingual transactional emails on and a translation plugin connected", async () => {
    await signUp({ siteVisitorEmail: "lang-off@example.com", language: "fr-FR" });
    expect((await store.db.restockSignUp.findFirstOrThrow({ where: { email: "lang-off@example.com" } })).language).toBeNull();
    const admin = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    await admin.graphql('mutation { updateLanguages(input: { languages: ["en-US", "fr-FR"] }) { __typename } }');
    await admin.graphql("mutation { updateMultilingualSettings(input: { transactionalEmailsEnabled: true }) { __typename } }");
    try {
      await signUp({ siteVisitorEmail: "lang-on@example.com", language: "fr-fr" });
      expect((await store.db.restockSignUp.findFirstOrThrow({ where: { email: "lang-on@example.com" } })).language).toBe("fr-FR");
    } finally {
      await admin.graphql("mutation { disconnectMultilingual { __typename } }");
    }
    await signUp({ siteVisitorEmail: "lang-after@example.com", language: "fr-FR" });
    expect((await store.db.restockSignUp.findFirstOrThrow({ where: { email: "lang-after@example.com" } })).language).toBeNull();
  });
});

describe("captcha on the restock widget", () => {
  let admin: Caller;
  beforeAll(async () => {
    admin = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    await admin.graphql('mutation { updateCaptchaSettings(input: { siteKey: "site-key", secretKey: "secret" }) { __typename } }');
  });
  afterAll(() => admin.graphql("mutation { updateCaptchaSettings(input: { siteKey: null }) { __typename } }"));

  it("asks for it where the site has a site key: 'Complete CAPTCHA before submitting.'", async () => {
    const response = await signUp({ siteVisitorEmail: "captcha@example.com" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "Complete CAPTCHA before submitting.", code: "CAPTCHA_REQUIRED" });
  });

  it("refuses a failed token with 'reCAPTCHA failed. Refresh this page and try again.', an enterprise one with 'Unable to submit form. Please try again later.'", async () => {
    expect((await signUp({ siteVisitorEmail: "captcha@example.com", captchaToken: "fail" })).body.error).toBe(
      "reCAPTCHA failed. Refresh this page and try again.",
    );
    expect((await signUp({ siteVisitorEmail: "captcha@example.com", recaptchaEnterpriseV3Token: "fail" })).body.error).toBe(
      "Unable to submit form. Please try again later.",
    );
  });

  it("accepts a verified token once", async () => {
    expect((await signUp({ siteVisitorEmail: "captcha@example.com", captchaToken: "pass-restock" })).status).toBe(200);
    expect((await signUp({ siteVisitorEmail: "captcha2@example.com", captchaToken: "pass-restock" })).status).toBe(400);
    expect((await signUp({ siteVisitorEmail: "captcha2@example.com", recaptchaEnterpriseV3Token: "pass-enterprise" })).status).toBe(200);
  });
});
