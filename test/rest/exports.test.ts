// The owner's CSV exports (docs/forms.md "Exports"): a form's submissions with every answer shape
// as text ('N/A' when empty), and a mailing list's sign-ups with their consent records. UTF-8 with a
// byte-order mark, formulas escaped, read a page at a time; the session and its xsrf header needed.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { contactId, keyFor, newsletterId, PAGE, SAVE, store, submit, useFormsStore } from "./forms-setup.ts";

useFormsStore();

const submissionsCsv = (formId: number | string, query = "") => `/api/owner/forms/${formId}/submissions.csv${query}`;
const signUpsCsv = (listId: number | string) => `/api/owner/mailing-lists/${listId}/signups.csv`;

let owner: Caller;
let manager: Caller;
let listId: number;
beforeAll(async () => {
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  manager = await signedIn(store, "store manager", "manager@sitecart.test", "manager-password", 8);
  listId = (await store.db.mailingList.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID, name: "Newsletter" } })).id;
});

/** The caller's download as bytes decoded keeping the byte-order mark (fetch's text() drops it). */
async function download(caller: Caller, path: string): Promise<{ status: number; headers: Headers; text: string }> {
  const cookie = [...caller.visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(caller.visitor.baseUrl + path, { headers: { cookie, "x-siteuser-xsrf-token": caller.xsrfToken! } });
  return { status: response.status, headers: response.headers, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

/** The CSV's records as lines (none of these tests' cells holds a line break). */
const linesOf = (text: string) => text.replace(/\r\n$/, "").split("\r\n");

const HEADER =
  "Submitted,Name,Email,Subject,Message,Phone,Address,Preferred date,Preferred time,Topics,Contact me by,Nearest store,How did we do?,Budget,Your website,utm_source,Page,Page title,Submission id";

describe("GET /api/owner/forms/{formId}/submissions.csv", () => {
  let fullId: string;
  let emptyId: string;
  beforeAll(async () => {
    const visitor = await store.visitor().arrive();
    const full = await submit(visitor, {
      name: ["Zoë", "Lovelace"],
      email: "zoe@example.com",
      subject: '=HYPERLINK("http://evil.example")',
      message: "Hello, world",
      phone: ["44", "20", "7946", "0000"],
      address: ["1 Main St", "", "Brooklyn", "NY", "11201", "US"],
      "visit-date": ["12", "24", "2026"],
      "visit-time": ["9", "30", "", "AM"],
      topics: ["Orders", "Wholesale"],
      "contact-method": "Phone",
      store: "Queens",
      satisfaction: { "Product quality": "2", Delivery: "-1" },
      budget: "-5",
      website: "@example",
    });
    expect(full.status).toBe(200);
    fullId = full.body.submissionId;
    const empty = await submit(await store.visitor().arrive(), { name: ["Ada", "B"], email: "ada-empty@example.com" });
    expect(empty.status).toBe(200);
    emptyId = empty.body.submissionId;
  });

  it("answers a UTF-8 CSV with a byte-order mark, one column per answering field, newest first", async () => {
    const response = await download(owner, submissionsCsv(contactId));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="contact-submissions.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = response.text;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = linesOf(text.slice(1));
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z,Ada B,ada-empty@example.com,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,direct,/contact,Contact,${emptyId}$`,
      ),
    );
    expect(lines[2].replace(/^[^,]+,/, "")).toBe(
      [
        "Zoë Lovelace",
        "zoe@example.com",
        `"'=HYPERLINK(""http://evil.example"")"`,
        `"Hello, world"`,
        "'+44 (20) 7946-0000",
        `"1 Main St, Brooklyn, NY, 11201, US"`,
        "12/24/2026",
        "9:30 AM",
        `"Orders, Wholesale"`,
        "Phone",
        "Queens",
        "Product quality: Strongly Agree; Delivery: Disagree",
        "'-5",
        "'@example",
        "direct",
        "/contact",
        "Contact",
        fullId,
      ].join(","),
    );
  });

  it("exports the spam (honeypot) submissions apart with spam=true", async () => {
    const visitor = await store.visitor().arrive();
    const spam = await submit(visitor, { name: ["Bot", "Bot"], email: "bot@example.com", "sc-website-url": "http://spam.example" });
    expect(spam.status).toBe(200);
    const normal = linesOf((await owner.request("GET", submissionsCsv(contactId))).body as string);
    expect(normal.some((line) => line.includes("bot@example.com"))).toBe(false);
    const response = await owner.request("GET", submissionsCsv(contactId, "?spam=true"));
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="contact-spam.csv"');
    const lines = linesOf(response.body as string);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,Bot Bot,bot@example.com,`);
  });

  it("reads a big form a page at a time and loses no row between pages", async () => {
    const form = await store.db.form.create({
      data: { websiteId: DEMO_WEBSITE_ID, key: "big-export", name: "Big export", fields: JSON.stringify([{ id: "n", type: "text", title: "N" }]) },
    });
    // 1203 rows: three pages of 500 and a part; a few share a timestamp, so the id breaks the tie.
    const base = Date.UTC(2026, 0, 1);
    await store.db.formSubmission.createMany({
      data: Array.from({ length: 1203 }, (_, i) => ({
        id: `big-${String(i).padStart(5, "0")}`,
        websiteId: DEMO_WEBSITE_ID,
        formId: form.id,
        formName: "Big export",
        answers: JSON.stringify({ n: String(i) }),
        answersHash: `big-${i}`,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    });
    const lines = linesOf((await owner.request("GET", submissionsCsv(form.id))).body as string);
    expect(lines).toHaveLength(1204);
    const numbers = lines.slice(1).map((line) => Number(line.split(",")[1]));
    expect(numbers).toEqual(Array.from({ length: 1203 }, (_, i) => 1202 - i));
  });

  it("answers 404 for a form the site does not have", async () => {
    const response = await owner.request("GET", submissionsCsv(999999));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "That form could not be found.", code: "NOT_FOUND" });
    expect((await owner.request("GET", submissionsCsv("abc"))).status).toBe(404);
  });

  it("refuses a request without the xsrf header (401), and a role without submissions.read (403)", async () => {
    const withoutHeader = await owner.visitor.request("GET", submissionsCsv(contactId));
    expect(withoutHeader.status).toBe(401);
    expect(withoutHeader.body).toEqual({ error: "Please sign in to continue.", code: "UNAUTHENTICATED" });
    const forbidden = await manager.request("GET", submissionsCsv(contactId));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: "You do not have permission to do that.", code: "FORBIDDEN" });
  });
});

describe("GET /api/owner/mailing-lists/{id}/signups.csv", () => {
  it("answers one row per consent record of each sign-up, newest sign-up first", async () => {
    for (const email of ["first@example.com", "second@example.com"]) {
      const visitor = await store.visitor().arrive();
      const response = await visitor.request("POST", SAVE, {
        body: { key: await keyFor(visitor), formId: newsletterId, form: JSON.stringify({ email }), ...PAGE, pageTitle: "=cmd", pagePath: "/news" },
      });
      expect(response.status).toBe(200);
    }
    const [email] = await store.db.outboxEmail.findMany({ where: { toEmail: "first@example.com" } });
    const link = new URL(/(http\S+)/.exec(email.textBody)![1]);
    expect((await store.visitor().request("GET", link.pathname + link.search)).status).toBe(200);

    const response = await download(owner, signUpsCsv(listId));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="newsletter-sign-ups.csv"');
    const text = response.text;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = linesOf(text.slice(1));
    expect(lines[0]).toBe("Email,Status,Signed up,Confirmed,Consent,Consent source,Consent given,Consent page,Consent page title,Consent text");
    const iso = "\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z";
    const disclaimer = "We'll email you our news about once a month. Unsubscribe at any time.";
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^second@example.com,PENDING,${iso},,SINGLE,FORM,${iso},/news,'=cmd,${disclaimer}$`)),
      expect.stringMatching(new RegExp(`^first@example.com,CONFIRMED,${iso},${iso},SINGLE,FORM,${iso},/news,'=cmd,${disclaimer}$`)),
      expect.stringMatching(new RegExp(`^first@example.com,CONFIRMED,${iso},${iso},CONFIRMED,FORM,${iso},/news,'=cmd,${disclaimer}$`)),
    ]);
  });

  it("answers 404 for a list the site does not have", async () => {
    const response = await owner.request("GET", signUpsCsv(424242));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "That mailing list could not be found.", code: "NOT_FOUND" });
  });

  it("refuses anonymous callers (401) and a role without mailingLists.read (403)", async () => {
    const anonymous = await store.visitor().arrive();
    expect((await anonymous.request("GET", signUpsCsv(listId))).status).toBe(401);
    expect((await manager.request("GET", signUpsCsv(listId))).status).toBe(403);
  });
});
