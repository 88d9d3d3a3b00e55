// The owner's waitlists and forms in Debian's Chromium (issue 9 screens 5-7): a shopper joins the
// waitlist of the sold-out natural tote through the storefront's REST call, stock comes back, the
// owner sends the notifications from /config/waitlists and finds the email in the outbox; the owner
// opens the contact form's submissions and exports them as CSV. Screenshots of each screen at phone
// and desktop widths.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { createDb } from "../../server/db/client.ts";
import { signIn } from "../support/e2e/admin.ts";
import { accessibilityViolations } from "../support/e2e/axe.ts";
import { openBrowser, shoot as takeScreenshots } from "../support/e2e/browser.ts";
import { startStore, type RunningStore } from "../support/e2e/store.ts";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
}, 120_000);
afterAll(() => store?.stop());

/** Screenshots at phone and desktop widths, and no serious or critical axe violation. */
/** Screenshots at both widths, and no serious accessibility violation. */
async function shoot(page: Page, name: string) {
  await takeScreenshots(page, name);
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** A client with its own cookies and crumb, as a shopper's browser (or the owner's script) is. */
class Client {
  cookies = new Map<string, string>();
  xsrfToken: string | null = null;
  constructor(readonly baseUrl: string) {}
  async call(method: string, path: string, body?: unknown) {
    if (!this.cookies.has("crumb")) await this.raw("GET", "/healthz");
    return this.raw(method, path, body);
  }
  async raw(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method !== "GET" && this.cookies.has("crumb")) headers["x-csrf-token"] = this.cookies.get("crumb")!;
    if (this.xsrfToken) headers["x-siteuser-xsrf-token"] = this.xsrfToken;
    const response = await fetch(this.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0];
      this.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return { status: response.status, body: await response.json().catch(() => null) };
  }
  graphql(query: string, variables: Record<string, unknown> = {}) {
    return this.call("POST", "/graphql", { query, variables });
  }
}

it("a shopper's waitlist place is notified from the owner's waitlists screen, and the email is in the outbox", async () => {
  // The shopper joins the waitlist of the sold-out natural tote, as the product page's widget does.
  const shopper = new Client(store.baseUrl);
  const product = (await shopper.graphql(`{ product(slug: "canvas-tote") { itemId variants { variantId sku qtyInStock } } }`)).body.data.product;
  const natural = product.variants.find((variant: { sku: string }) => variant.sku === "TOTE-NATURAL");
  expect(natural.qtyInStock).toBe(0);
  for (const email of ["first-waiter@example.com", "shopper@example.com"]) {
    const signUp = await new Client(store.baseUrl).call("POST", "/api/site-users/account/notifications/restock", {
      productId: product.itemId,
      variantId: natural.variantId,
      siteVisitorEmail: email,
      isJoinMailingList: false,
    });
    expect(signUp).toEqual({ status: 200, body: { success: true } });
  }

  // One unit comes back: the first waiter is offered it at once (the stock change notifies, docs/forms.md).
  const owner = new Client(store.baseUrl);
  const session = await owner.call("POST", "/api/site-users/account/session", { email: "owner@sitecart.test", password: "owner-password", rememberMe: false });
  owner.xsrfToken = session.body.xsrfToken;
  const stock = await owner.graphql(
    `mutation($id: ID!) { setVariantStock(input: { id: $id, qtyInStock: 1 }) { __typename ... on SetVariantStockSuccess { notified } } }`,
    {
      id: String(natural.variantId),
    },
  );
  expect(stock.body.data.setVariantStock).toEqual({ __typename: "SetVariantStockSuccess", notified: 1 });
  // 48 hours pass without the first waiter buying: their hold on the unit lapses (no public call moves time).
  const db = await createDb(store.databaseUrl);
  try {
    await db.restockSignUp.updateMany({ where: { email: "first-waiter@example.com" }, data: { notifiedAt: new Date(Date.now() - 49 * 60 * 60 * 1000) } });
  } finally {
    await db.$disconnect();
  }

  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await signIn(page, store.baseUrl, "owner");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Waitlists" }).click();
    await page.getByRole("heading", { name: "Waitlists" }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "Natural" });
    expect(await row.getByRole("cell").allTextContents()).toEqual(expect.arrayContaining(["Canvas Tote", "Natural", "1"]));
    await shoot(page, "admin-waitlists");

    await row.getByRole("link", { name: "View the waitlist of Canvas Tote (Natural)" }).click();
    await page.getByRole("heading", { name: "Canvas Tote · Natural" }).waitFor();
    await page.getByRole("cell", { name: "shopper@example.com" }).waitFor();
    await shoot(page, "admin-waitlist");

    await page.getByRole("button", { name: "Send back-in-stock emails for Canvas Tote (Natural)" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Waiting shoppers of Canvas Tote (Natural) are emailed", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Send emails" }).click();
    await page.getByText("1 shopper notified; 0 are still waiting.").waitFor();
    await shoot(page, "admin-waitlist-sent");

    await page.getByRole("link", { name: "See the emails in the outbox" }).click();
    await page.getByRole("heading", { name: "Email outbox" }).waitFor();
    const email = page.getByRole("row").filter({ hasText: "shopper@example.com" });
    await email.getByText("Canvas Tote is back in stock").waitFor();
  } finally {
    await browser.close();
  }
  const outbox = await owner.graphql(`{ outboxEmails(first: 10) { edges { node { toEmail subject kind } } } }`);
  expect(outbox.body.data.outboxEmails.edges.map((edge: { node: unknown }) => edge.node)).toEqual(
    expect.arrayContaining([{ toEmail: "shopper@example.com", subject: "Canvas Tote is back in stock", kind: "RESTOCK" }]),
  );
});

it("the owner opens the contact form's submissions, every answer shown, and exports them as CSV", async () => {
  const visitor = new Client(store.baseUrl);
  const contact = (await visitor.graphql(`{ form(key: "contact") { formId } }`)).body.data.form;
  const key = (await visitor.call("POST", "/api/form/FormSubmissionKey")).body.data.key;
  const saved = await visitor.call("POST", "/api/form/SaveFormSubmission", {
    key,
    formId: contact.formId,
    form: JSON.stringify({ name: ["Zoë", "Lovelace"], email: "zoe@example.com", topics: ["Orders", "Wholesale"], satisfaction: { Delivery: "2" } }),
    pageTitle: "Contact",
    pagePath: "/contact",
  });
  expect(saved.status).toBe(200);

  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await signIn(page, store.baseUrl, "owner");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Forms" }).click();
    await page.getByRole("heading", { name: "Forms" }).waitFor();
    await shoot(page, "admin-forms");
    await page.getByRole("link", { name: "Edit Contact" }).click();
    await page.getByRole("heading", { name: "Form: Contact" }).waitFor();
    await shoot(page, "admin-form-builder");
    await page.goBack();
    await page.getByRole("link", { name: "Submissions of Contact" }).click();
    await page.getByRole("heading", { name: "Submissions: Contact" }).waitFor();
    await page.getByText("Zoë Lovelace").waitFor();
    await page.getByText("Orders, Wholesale").waitFor();
    await page.getByText("Delivery: Strongly Agree").waitFor();
    expect(await page.getByText("N/A", { exact: true }).count()).toBeGreaterThan(5);
    await shoot(page, "admin-submissions");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("contact-submissions.csv");
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toMatch(/^Submitted,Name,Email,Subject,Message,/);
    expect(lines[1]).toContain(",Zoë Lovelace,zoe@example.com,N/A,N/A,");
    expect(lines[1]).toContain(`,"Orders, Wholesale",`);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Mailing lists" }).click();
    await page.getByRole("heading", { name: "Mailing lists" }).waitFor();
    await shoot(page, "admin-mailing-lists");
    await page.getByRole("link", { name: "Subscribers of Newsletter" }).click();
    await page.getByRole("heading", { name: "Newsletter" }).waitFor();
    await shoot(page, "admin-mailing-list");
  } finally {
    await browser.close();
  }
});
