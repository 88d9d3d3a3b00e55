// Newsletter blocks over REST (spec storefront §3, §5 Forms): double opt-in.
import { EMAIL_NOT_VALID, INVALID, keyFor, newsletterId, SAVE, store, useFormsStore } from "./forms-setup.ts";

useFormsStore();

describe("newsletter double opt-in", () => {
  async function subscribe(email: string, extra: Record<string, unknown> = {}) {
    const visitor = await store.visitor().arrive();
    return visitor.request("POST", SAVE, {
      body: { key: await keyFor(visitor), formId: newsletterId, form: JSON.stringify({ email, ...extra }), pageTitle: "Home", pagePath: "/" },
    });
  }

  const signUpOf = (email: string) =>
    store.db.mailingListSignUp.findFirstOrThrow({ where: { email }, include: { consents: { orderBy: { id: "asc" } }, mailingList: true } });

  it("puts the address on the mailing list as PENDING with a SINGLE consent record and a subscribe event", async () => {
    const response = await subscribe("reader@example.com");
    expect(response.status).toBe(200);
    expect(response.body.submissionMessage).toBe("Thanks for subscribing!");
    const signUp = await signUpOf("reader@example.com");
    expect(signUp).toMatchObject({ status: "PENDING", mailingList: { name: "Newsletter" } });
    expect(signUp.consents).toEqual([
      expect.objectContaining({
        level: "SINGLE",
        source: "FORM",
        pagePath: "/",
        pageTitle: "Home",
        consentText: "We'll email you our news about once a month. Unsubscribe at any time.",
        formSubmissionId: response.body.submissionId,
      }),
    ]);
    const events = await store.db.subscribeEvent.findMany({ where: { email: "reader@example.com" } });
    expect(events).toEqual([expect.objectContaining({ kind: "SUBSCRIBE", formId: newsletterId, formSubmissionId: response.body.submissionId, pagePath: "/" })]);
  });

  it("writes a confirmation email to the outbox (the record, without SMTP_URL)", async () => {
    await subscribe("outbox@example.com");
    const emails = await store.db.outboxEmail.findMany({ where: { toEmail: "outbox@example.com" } });
    expect(emails).toEqual([expect.objectContaining({ kind: "NEWSLETTER_CONFIRM", status: "RECORDED", subject: "Please confirm your subscription" })]);
    expect(emails[0].textBody).toMatch(/\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]{32}/);
  });

  it("confirms through the email's link: CONFIRMED, a CONFIRMED consent from the same page, a CONFIRM event; once", async () => {
    await subscribe("confirm@example.com");
    const [email] = await store.db.outboxEmail.findMany({ where: { toEmail: "confirm@example.com" } });
    const link = new URL(/(http\S+)/.exec(email.textBody)![1]);
    const visitor = store.visitor();
    const response = await visitor.request("GET", link.pathname + link.search);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ confirmed: true, email: "confirm@example.com", mailingList: "Newsletter" });
    const again = await visitor.request("GET", link.pathname + link.search);
    expect(again.status).toBe(200);
    const signUp = await signUpOf("confirm@example.com");
    expect(signUp.status).toBe("CONFIRMED");
    expect(signUp.consents.map((consent) => [consent.level, consent.pagePath])).toEqual([
      ["SINGLE", "/"],
      ["CONFIRMED", "/"],
    ]);
    expect((await store.db.subscribeEvent.findMany({ where: { email: "confirm@example.com" }, orderBy: { id: "asc" } })).map((event) => event.kind)).toEqual([
      "SUBSCRIBE",
      "CONFIRM",
    ]);
  });

  it("refuses an unknown or expired confirmation link with 404", async () => {
    const unknown = await store.visitor().request("GET", `/api/newsletter/confirm?token=${"t".repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("This confirmation link is not valid or has expired.");
    await subscribe("late@example.com");
    const [email] = await store.db.outboxEmail.findMany({ where: { toEmail: "late@example.com" } });
    await store.db.mailingListSignUp.updateMany({
      where: { email: "late@example.com" },
      data: { confirmationSentAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) },
    });
    const link = new URL(/(http\S+)/.exec(email.textBody)![1]);
    expect((await store.visitor().request("GET", link.pathname + link.search)).status).toBe(404);
    expect((await signUpOf("late@example.com")).status).toBe("PENDING");
  });

  it("sends one confirmation an hour however often the address subscribes, recording each subscribe event", async () => {
    await subscribe("twice@example.com");
    await store.db.submissionFingerprint.deleteMany({});
    await subscribe("twice@example.com");
    expect(await store.db.outboxEmail.count({ where: { toEmail: "twice@example.com" } })).toBe(1);
    expect(await store.db.subscribeEvent.count({ where: { email: "twice@example.com" } })).toBe(2);
    expect(await store.db.mailingListSignUp.count({ where: { email: "twice@example.com" } })).toBe(1);
  });

  it("puts nobody on the list for a honeypot submission", async () => {
    const response = await subscribe("bot@example.com", { "sc-website-url": "x" });
    expect(response.status).toBe(200);
    expect(await store.db.mailingListSignUp.count({ where: { email: "bot@example.com" } })).toBe(0);
  });

  it("refuses an invalid address with the form's field message", async () => {
    const response = await subscribe("nope");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: INVALID, errors: { email: EMAIL_NOT_VALID } });
  });
});
