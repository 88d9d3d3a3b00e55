// The store's emails for owners over GraphQL (issue 24): the branding (checked, saved, and on every
// email written after), the preview of each email (page type 301) and "Send me a test", under the
// store settings' permissions.
import { Caller, createRoleAccounts, PASSWORD, roleEmail, signedIn } from "../authz/principals.ts";
import { startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
let owner: Caller;

beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  await createRoleAccounts(store);
}, 60_000);
afterAll(() => store.close());

const UPDATE = `mutation($input: UpdateEmailBrandingInput!) { updateEmailBranding(input: $input) {
  __typename ... on UpdateEmailBrandingSuccess { branding { storeName logoUrl accentColor replyTo footerText } } ... on Error { message } } }`;
const PREVIEWS = "{ emailPreviews { kind name subject htmlBody textBody } }";
const SEND_TEST = `mutation($kind: PreviewEmailKind!) { sendTestEmail(input: { kind: $kind }) { __typename ... on SendTestEmailSuccess { toEmail } ... on Error { message } } }`;

it("reads the branding as unset at first", async () => {
  expect((await owner.graphql("{ emailBranding { storeName logoUrl accentColor replyTo footerText } }")).data.emailBranding).toEqual({
    storeName: null,
    logoUrl: null,
    accentColor: null,
    replyTo: null,
    footerText: null,
  });
});

it("refuses bad branding with the field's message, changing nothing", async () => {
  const cases: [Record<string, string>, string][] = [
    [{ accentColor: "orange" }, "Enter the accent colour as # and six hexadecimal digits, for example #1f6feb."],
    [{ logoUrl: "http://cdn.example.com/logo.png" }, "Enter a logo address starting with https://, or upload an image."],
    [{ replyTo: "not-an-address" }, "Enter a valid reply-to email address."],
    [{ footerText: "x".repeat(501) }, "Keep the footer to 500 characters or fewer."],
  ];
  for (const [input, message] of cases) {
    expect((await owner.graphql(UPDATE, { input })).data.updateEmailBranding).toEqual({ __typename: "InvalidInputError", message });
  }
  expect(await store.db.emailBranding.count()).toBe(0);
});

it("saves the branding; an uploaded logo is kept as an absolute address; absent fields stay", async () => {
  const saved = await owner.graphql(UPDATE, {
    input: { storeName: "Bean & Leaf", accentColor: "#B03A2E", replyTo: "hello@beanleaf.test", logoUrl: "/media/k1/logo.png" },
  });
  expect(saved.data.updateEmailBranding.branding).toEqual({
    storeName: "Bean & Leaf",
    logoUrl: expect.stringMatching(/^http:\/\/[^/]+\/media\/k1\/logo\.png$/),
    accentColor: "#b03a2e",
    replyTo: "hello@beanleaf.test",
    footerText: null,
  });
  const footer = await owner.graphql(UPDATE, { input: { footerText: "Bean & Leaf, 1 Main St.", logoUrl: "" } });
  expect(footer.data.updateEmailBranding.branding).toMatchObject({ storeName: "Bean & Leaf", logoUrl: null, footerText: "Bean & Leaf, 1 Main St." });
});

it("previews every converted email with sample data and the store's branding", async () => {
  const { data } = await owner.graphql(PREVIEWS);
  expect(data.emailPreviews.map((preview: { kind: string }) => preview.kind)).toEqual([
    "ORDER_CONFIRMATION",
    "SHIPPING_CONFIRMATION",
    "ORDER_CANCELLED",
    "ORDER_REFUNDED",
    "PASSWORD_RESET",
    "NEWSLETTER_CONFIRM",
    "RESTOCK",
    "GIFT_CARD",
    "ORDER_STATUS_LINK",
    "ABANDONED_CHECKOUT",
  ]);
  for (const preview of data.emailPreviews) {
    expect(preview.htmlBody).toContain("Bean &amp; Leaf, 1 Main St.");
    expect(preview.htmlBody).toContain("#b03a2e");
  }
  const [order, , , , reset, newsletter, restock, giftCard, statusLink] = data.emailPreviews;
  expect(order.textBody).toContain("Thank you for your order! Order #1001 is confirmed.");
  expect(reset.textBody).toContain("Someone asked to set a new password for your account.");
  expect(newsletter.textBody).toContain("To stop getting these emails, unsubscribe:");
  expect(restock.subject).toBe("Linen shirt is back in stock");
  expect(giftCard.textBody).toContain("Your code: SAMPLE-CODE-1234");
  expect(order.textBody).toMatch(/See your order: \S+\/order-status\/sample-token/);
  expect(statusLink.subject).toBe("Your order #1001: a new status link");
});

it("sends a test to the signed-in owner through the outbox, drawn with the branding and its Reply-To", async () => {
  const sent = await owner.graphql(SEND_TEST, { kind: "GIFT_CARD" });
  expect(sent.data.sendTestEmail).toEqual({ __typename: "SendTestEmailSuccess", toEmail: "owner@sitecart.test" });
  const email = await store.db.outboxEmail.findFirstOrThrow({ where: { toEmail: "owner@sitecart.test", kind: "GIFT_CARD" } });
  expect(email.subject).toMatch(/^\[Test\] You have received a gift card from /);
  expect(email.htmlBody).toContain("Bean &amp; Leaf");
  expect(email.replyTo).toBe("hello@beanleaf.test");
});

it("refuses the branding and the previews to a contributor without the store settings", async () => {
  const editor = await signedIn(store, "editor", roleEmail(4), PASSWORD, 4);
  for (const document of [PREVIEWS, "{ emailBranding { storeName } }"]) {
    const result = await editor.graphql(document);
    expect(result.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  }
  const refused = await editor.graphql(SEND_TEST, { kind: "RESTOCK" });
  expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
});
